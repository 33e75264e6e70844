"""The ratings' queries: a server's finished games (all, or those not rated yet), its stored rating tables and
players, and a fold of new games written once.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from game_service.storage.dialect import Dialect
from game_service.storage.queries.rows import (
    SEAT_COLUMNS,
    seat_row,
)
from game_service.storage.queries.session import Backend, Session
from game_service.storage.repository import (
    FinishedGame,
    RatingRow,
    RatingTable,
    StorageConflict,
    StoredRatings,
)


@functools.cache
def _finished_query(d: Dialect) -> str:
    """A server's finished games with their seats and handovers (bound: the server id); conditions may follow."""
    handovers = "notes n WHERE n.game_id = g.id AND n.kind = 'seat_to_computer'"
    return f"""
        SELECT g.id, g.ruleset, g.finished_at, g.outcome,
               {d.rows_of(SEAT_COLUMNS, "seats t WHERE t.game_id = g.id", "t.seat")},
               {d.rows_of("n.seat, n.user_id", handovers, "n.seat")},
               g.rated
        FROM games g
        WHERE g.server_id = ? AND g.status = 'finished'"""


def _finished_games(d: Dialect, rows: Iterable[Sequence[Any]]) -> list[FinishedGame]:
    games = [
        FinishedGame(gid, ruleset, d.read_moment(finished), json.loads(outcome),
                     tuple(seat_row(d, s) for s in d.rows(seats)),
                     {int(seat): str(user) for seat, user in d.rows(handed)}, bool(rated))
        for gid, ruleset, finished, outcome, seats, handed, rated in rows
    ]  # fmt: skip
    # Sorted here too: SQLite orders the moments as text, and the order must be PostgreSQL's exactly.
    return sorted(games, key=lambda game: (game.finished_at, game.id))


def folded_meanwhile(server_id: str, ruleset: str | None) -> StorageConflict:
    """The refusal of a fold another one was written before."""
    of = "" if ruleset is None else f" of {ruleset}"
    return StorageConflict(f"server {server_id}: its ratings{of} were folded meanwhile")


class RatingQueries(Backend):
    """Finished games and the ratings folded from them."""

    async def finished_games(
        self,
        server_id: str,
        ruleset: str | None = None,
        *,
        after: tuple[datetime, int] | None = None,
        limit: int | None = None,
    ) -> list[FinishedGame]:
        conditions: list[str] = []
        arguments: list[Any] = [server_id]
        if ruleset is not None:
            conditions.append("g.ruleset = ?")
            arguments.append(ruleset)
        if after is not None:
            # SQLite's moments, ISO 8601 UTC text as the dialect writes it, sort as the moments do.
            conditions.append("(g.finished_at, g.id) > (?, ?)")
            arguments += [self.dialect.moment(after[0]), after[1]]
        return await self._finished(conditions, arguments, limit)

    async def games_to_rate(self, server_id: str, *, limit: int | None = None) -> list[FinishedGame]:
        return await self._finished(["{is_unset:g.rated}"], [server_id], limit)

    async def _finished(self, conditions: list[str], arguments: list[Any], limit: int | None) -> list[FinishedGame]:
        d = self.dialect
        query = "".join([_finished_query(d), *(f" AND {c}" for c in conditions), " ORDER BY g.finished_at, g.id"])
        if limit is not None:
            query += " LIMIT ?"
            arguments = [*arguments, limit]
        rows = await self._read(lambda db: db.fetch(query, *arguments))
        # Thousands of games take a good part of a second to read into rows: off the event loop.
        return await asyncio.to_thread(_finished_games, d, rows)

    async def stored_ratings(self, server_id: str) -> StoredRatings:
        # One statement, so one consistent read of the tables and their players.
        rows = await self._read(
            lambda db: db.fetch(
                """
                SELECT t.ruleset, t.version, t.games, t.last_finished_at, t.last_game_id,
                       r.kind, r.who, r.name, r.played, r.won, r.mu, r.sigma
                FROM rating_tables t LEFT JOIN ratings r ON r.server_id = t.server_id AND r.ruleset = t.ruleset
                WHERE t.server_id = ?
                """,
                server_id,
            )
        )
        tables: dict[str, RatingTable] = {}
        players = []
        for ruleset, version, games, last, last_id, kind, who, name, played, won, mu, sigma in rows:
            tables[ruleset] = RatingTable(ruleset, version, games, self.dialect.read_moment(last), last_id)
            if kind is not None:  # a table without players
                players.append(RatingRow(ruleset, kind, who, name, played, won, mu, sigma))
        return StoredRatings(tuple(tables.values()), tuple(players))

    async def store_ratings(
        self, server_id: str, *, tables: Sequence[RatingTable], players: Sequence[RatingRow], rated: Sequence[int]
    ) -> None:
        d = self.dialect

        async def unit(db: Session) -> None:
            for table in tables:
                last = (table.games, d.moment(table.last_finished_at), table.last_game_id, server_id, table.ruleset)
                # Under READ COMMITTED (PostgreSQL) a second writer of the same table waits for the first, then
                # finds the version moved on (or the row there) and changes nothing.
                if table.version == 0:
                    changed = await db.execute(
                        "INSERT INTO rating_tables (games, last_finished_at, last_game_id, server_id, ruleset, "
                        "version) VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT DO NOTHING",
                        *last,
                    )
                else:
                    changed = await db.execute(
                        "UPDATE rating_tables SET games = ?, last_finished_at = ?, last_game_id = ?, "
                        "version = version + 1 WHERE server_id = ? AND ruleset = ? AND version = ?",
                        *last,
                        table.version,
                    )
                if changed != 1:
                    raise folded_meanwhile(server_id, table.ruleset)
            changed = await db.execute(
                "UPDATE games SET rated = {true} WHERE id {in_ids} AND server_id = ? AND status = 'finished' "
                "AND {is_unset:rated}",
                d.ids(rated),
                server_id,
            )
            if changed != len(rated):
                raise folded_meanwhile(server_id, None)
            await db.executemany(
                "INSERT INTO ratings (server_id, ruleset, kind, who, name, played, won, mu, sigma) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (server_id, ruleset, kind, who) DO UPDATE SET "
                "name = excluded.name, played = excluded.played, won = excluded.won, mu = excluded.mu, "
                "sigma = excluded.sigma",
                [(server_id, p.ruleset, p.kind, p.who, p.name, p.played, p.won, p.mu, p.sigma) for p in players],
            )

        await self._write(unit)
