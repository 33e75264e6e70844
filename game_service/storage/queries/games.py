"""A game's queries: its row with its snapshot, seats and decisions; its lobby, start and settings; its snapshot
replaced; its notes and votes; the games of a channel, of a player, running; the games claimed by a server.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from game_service.storage.dialect import Dialect
from game_service.storage.queries.rows import (
    DECISION_COLUMNS,
    SEAT_COLUMNS,
    decision_row,
    end_game,
    insert_notes,
    insert_seats,
    outcome_text,
    replace_decisions,
    replace_seats,
    seat_row,
)
from game_service.storage.queries.session import Backend, Session
from game_service.storage.repository import (
    ChannelBusy,
    DecisionRow,
    Ending,
    GameRow,
    NewGame,
    NoteRow,
    SeatRow,
    Snapshot,
    StorageConflict,
    VersionConflict,
    VoteRow,
    json_text,
)


@functools.cache
def _game_query(d: Dialect) -> str:
    """A game with its snapshot's version and checksum, its log's head, and its seats and decisions as aggregates:
    one statement, so one round trip and one consistent read."""
    return f"""
        SELECT g.id, g.channel_id, g.ruleset, g.options, g.settings, g.seed, g.host_id, g.status,
               g.created_at, g.started_at, g.finished_at, g.outcome, s.version, s.checksum,
               (SELECT coalesce(max(a.version), 0) FROM actions a WHERE a.game_id = g.id),
               {d.rows_of(SEAT_COLUMNS, "seats t WHERE t.game_id = g.id", "t.seat")},
               {d.rows_of(DECISION_COLUMNS, "decisions d WHERE d.game_id = g.id", "d.seat")}
        FROM games g LEFT JOIN snapshots s ON s.game_id = g.id
        WHERE g.id = ?"""


class GameQueries(Backend):
    """A game's rows: the game, its seats, snapshot, notes and votes."""

    async def active_game_id(self, channel_id: str) -> int | None:
        found = await self._read(
            lambda db: db.fetchval(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')", channel_id
            )
        )
        return None if found is None else int(found)

    async def load_game(self, game_id: int) -> GameRow | None:
        d = self.dialect
        row = await self._read(lambda db: db.fetchrow(_game_query(d), game_id))
        if row is None:
            return None
        (gid, channel, ruleset, options, settings, seed, host, status, created, started, finished, outcome,
         snap_version, snap_checksum, log_version, seats, decisions) = row  # fmt: skip
        return GameRow(
            id=gid,
            channel_id=channel,
            ruleset=ruleset,
            options=json.loads(options),
            settings=json.loads(settings),
            seed=seed,
            host_id=host,
            status=status,
            created_at=d.read_moment(created),
            started_at=d.read_maybe_moment(started),
            finished_at=d.read_maybe_moment(finished),
            outcome=None if outcome is None else json.loads(outcome),
            seats=tuple(seat_row(d, s) for s in d.rows(seats)),
            decisions=tuple(decision_row(d, r) for r in d.rows(decisions)),
            snapshot_version=snap_version,
            snapshot_checksum=snap_checksum,
            log_version=log_version,
        )

    async def load_snapshot(self, game_id: int) -> Snapshot | None:
        row = await self._read(
            lambda db: db.fetchrow("SELECT version, format, state, checksum FROM snapshots WHERE game_id = ?", game_id)
        )
        return None if row is None else Snapshot(*row)

    async def load_notes(self, game_id: int) -> list[NoteRow]:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT kind, version, at, seat, user_id, actor_id, detail FROM notes WHERE game_id = ? ORDER BY id",
                game_id,
            )
        )
        return [NoteRow(k, v, self.dialect.read_moment(t), s, u, a, json.loads(n)) for k, v, t, s, u, a, n in rows]

    async def games_of(self, user_id: str) -> list[int]:
        rows = await self._read(
            lambda db: db.fetch(
                """
                SELECT DISTINCT g.id FROM seats s JOIN games g ON g.id = s.game_id
                WHERE s.user_id = ? AND g.status = 'running'
                ORDER BY g.id
                """,
                user_id,
            )
        )
        return [int(game_id) for (game_id,) in rows]

    async def running_games(self) -> list[tuple[int, str, int, dict[str, Any]]]:
        rows = await self._read(
            lambda db: db.fetch(
                """
                SELECT g.id, g.channel_id, s.version, g.settings
                FROM games g JOIN snapshots s ON s.game_id = g.id
                WHERE g.status = 'running'
                ORDER BY g.id
                """
            )
        )
        return [
            (int(game_id), str(channel_id), int(version), json.loads(settings))
            for game_id, channel_id, version, settings in rows
        ]

    async def recent_games(self, channel_id: str, limit: int) -> list[int]:
        rows = await self._read(
            lambda db: db.fetch("SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT ?", channel_id, limit)
        )
        return [int(game_id) for (game_id,) in rows]

    async def load_votes(self, game_id: int) -> list[VoteRow]:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT kind, voter_id, at, target_seat, target_version FROM votes WHERE game_id = ? ORDER BY at",
                game_id,
            )
        )
        return [VoteRow(k, v, self.dialect.read_moment(t), s, n) for k, v, t, s, n in rows]

    async def create_game(self, game: NewGame, host: SeatRow, note: NoteRow) -> int:
        d = self.dialect

        async def unit(db: Session) -> int:
            try:
                game_id = await db.fetchval(
                    "INSERT INTO games (channel_id, ruleset, options, settings, host_id, status, created_at, "
                    "server_id) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?) RETURNING id",
                    game.channel_id, game.ruleset, json_text(game.options), json_text(game.settings), game.host_id,
                    d.moment(game.created_at), game.server_id,
                )  # fmt: skip
            except db.integrity_error:
                raise ChannelBusy(game.channel_id) from None
            await insert_seats(db, game_id, (host,))
            await insert_notes(db, game_id, (note,))
            return int(game_id)

        return await self._write(unit)

    async def update_game(
        self,
        game_id: int,
        *,
        host_id: str,
        seats: Sequence[SeatRow] | None = None,
        settings: Mapping[str, Any] | None = None,
        notes: Sequence[NoteRow] = (),
        ending: Ending | None = None,
        decisions: Sequence[DecisionRow] | None = None,
        at_version: int | None = None,
        votes: Sequence[VoteRow] = (),
        clear_votes: bool = False,
    ) -> None:
        d = self.dialect
        assignments = ["host_id = ?"]
        values: list[Any] = [host_id]
        if settings is not None:
            assignments.append("settings = ?")
            values.append(json_text(settings))
        if ending is not None:
            assignments.append("status = ?, finished_at = ?, outcome = ?")
            values += [ending.status, d.moment(ending.at), outcome_text(ending)]
        update = f"UPDATE games SET {', '.join(assignments)} WHERE id = ? AND status IN ('lobby', 'running')"
        voted = [(game_id, v.kind, v.target_seat, v.target_version, v.voter_id, d.moment(v.at)) for v in votes]

        async def unit(db: Session) -> None:
            if at_version is not None:
                version = await db.fetchval("SELECT version FROM snapshots WHERE game_id = ? {for_update}", game_id)
                if version != at_version:
                    raise VersionConflict(game_id, at_version)
            if await db.execute(update, *values, game_id) != 1:
                raise StorageConflict(f"game {game_id} is not active")
            if seats is not None:
                await replace_seats(db, game_id, seats)
            if ending is not None:
                await db.execute("DELETE FROM decisions WHERE game_id = ?", game_id)
            elif decisions is not None:
                await replace_decisions(db, game_id, decisions)
            await insert_notes(db, game_id, notes)
            if clear_votes or ending is not None:
                await db.execute("DELETE FROM votes WHERE game_id = ?", game_id)
            if voted:
                # A vote already cast is kept, not doubled.
                await db.executemany(
                    "INSERT INTO votes (game_id, kind, target_seat, target_version, voter_id, at) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    voted,
                )

        await self._write(unit)

    async def start_game(
        self,
        game_id: int,
        *,
        seed: int,
        started_at: datetime,
        snapshot: Snapshot,
        decisions: Sequence[DecisionRow],
        note: NoteRow,
        ending: Ending | None = None,
    ) -> None:
        started = self.dialect.moment(started_at)

        async def unit(db: Session) -> None:
            changed = await db.execute(
                "UPDATE games SET status = 'running', seed = ?, started_at = ? WHERE id = ? AND status = 'lobby'",
                seed, started, game_id,
            )  # fmt: skip
            if changed != 1:
                raise VersionConflict(game_id, snapshot.version)
            await db.execute(
                "INSERT INTO snapshots (game_id, version, format, state, checksum) VALUES (?, ?, ?, ?, ?)",
                game_id, snapshot.version, snapshot.format, snapshot.state, snapshot.checksum,
            )  # fmt: skip
            await replace_decisions(db, game_id, decisions)
            await insert_notes(db, game_id, (note,))
            if ending is not None:
                await end_game(db, game_id, ending)

        await self._write(unit)

    async def replace_snapshot(self, game_id: int, *, snapshot: Snapshot, decisions: Sequence[DecisionRow]) -> None:
        async def unit(db: Session) -> None:
            # PostgreSQL: the game's row, locked first, makes an action of the game wait for this write.
            await db.execute("SELECT 1 FROM games WHERE id = ? {for_update}", game_id)
            head = await db.fetchval("SELECT coalesce(max(version), 0) FROM actions WHERE game_id = ?", game_id)
            if head != snapshot.version:
                raise VersionConflict(game_id, snapshot.version)
            await db.execute(
                "INSERT INTO snapshots (game_id, version, format, state, checksum) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, format = excluded.format, "
                "state = excluded.state, checksum = excluded.checksum",
                game_id, snapshot.version, snapshot.format, snapshot.state, snapshot.checksum,
            )  # fmt: skip
            await replace_decisions(db, game_id, decisions)

        await self._write(unit)

    async def claim_games(self, server_id: str, channels: Sequence[str]) -> None:
        held = self.dialect.texts(channels)
        unclaimed = await self._read(
            lambda db: db.fetchrow(
                "SELECT 1 FROM games WHERE server_id IS NULL AND channel_id {in_texts} LIMIT 1", held
            )
        )
        if unclaimed is None:
            return  # the usual read: no write transaction for nothing
        await self._write(
            lambda db: db.execute(
                "UPDATE games SET server_id = ? WHERE server_id IS NULL AND channel_id {in_texts}", server_id, held
            )
        )
