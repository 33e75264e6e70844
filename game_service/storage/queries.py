"""Every query of the storage and its row mapping, written once for both backends.

:class:`SqlRepository` implements the :class:`~game_service.storage.repository.Repository` protocol in SQL that
both dialects understand, with the words of :mod:`game_service.storage.dialect` where they spell a thing
differently. A backend supplies the rest:

* a :class:`Session`: one of its connections, taking such statements;
* how a read and a write reach one (:meth:`SqlRepository._read`, :meth:`SqlRepository._write`): the SQLite backend
  runs reads on its one connection and queues writes for its group commit; the PostgreSQL backend runs each call on
  a pooled connection (the one holding the game's lock, inside ``hold``) and each write in a transaction;
* how a whole table is read in one snapshot and written in bulk (copying a database), its schema's version, and
  ``hold``;
* where it has its own, how an action is logged (:meth:`SqlRepository._log`: SQLite through the ``action_writes``
  view of migration 0002) and how one that causes nothing else is written (:meth:`SqlRepository._write_action`:
  SQLite's one statement for a whole group).

A write is a *unit*: a function of a :class:`Session` that runs its statements inside the one transaction the
backend gives it, and raises to undo all of it. A unit reads what it checks ``{for_update}``: PostgreSQL then
locks those rows until the transaction ends, so a second writer of the same game waits and then sees the version
moved on; SQLite's write transaction holds the whole file (``BEGIN IMMEDIATE``) and needs no row locks.
"""

from __future__ import annotations

import asyncio
import functools
import json
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, TypeVar

from game_service.storage.dialect import Dialect
from game_service.storage.repository import (
    ActionRow,
    ChannelBusy,
    DecisionRow,
    Due,
    Ending,
    FinishedGame,
    GameRow,
    NewGame,
    NoteRow,
    QueuedReminder,
    RatingRow,
    RatingTable,
    SeatRow,
    Snapshot,
    StorageConflict,
    StoredRatings,
    VersionConflict,
    VoteRow,
    Waiting,
    json_text,
)
from game_service.storage.schema import TABLES

T = TypeVar("T")


class Session(ABC):
    """One connection of a backend, in a transaction or not, taking statements written once (``?`` parameters and
    the words of :mod:`.dialect`), which it spells in its dialect."""

    dialect: ClassVar[Dialect]
    #: The driver's error for a statement that a constraint refused.
    integrity_error: ClassVar[type[Exception]]

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]: ...

    @abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; how many rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def copy_in(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert many rows, as they are stored, into ``columns`` of ``table``."""

    async def fetchrow(self, sql: str, *args: Any) -> Sequence[Any] | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: Any) -> Any:
        row = await self.fetchrow(sql, *args)
        return None if row is None else row[0]


Unit = Callable[[Session], Awaitable[T]]


@dataclass(frozen=True, slots=True)
class Logged:
    """An action to log, with what it moves on: its game's snapshot, and its decisions or its ending."""

    game_id: int
    action: ActionRow
    snapshot: Snapshot
    decisions: Sequence[DecisionRow]
    ending: Ending | None

    @property
    def conflict(self) -> VersionConflict:
        """The refusal of this action when the game is not at the version before it."""
        return VersionConflict(self.game_id, self.action.version - 1)


_SEATS = "t.seat, t.user_id, t.name, t.is_computer, t.joined_at, t.level"
_DECISIONS = "d.seat, d.kind, d.version, d.since, d.extra_seconds, d.reminded, d.due_at, d.remind_at"


@functools.cache
def _game_query(d: Dialect) -> str:
    """A game with its snapshot's version and checksum, its log's head, and its seats and decisions as aggregates:
    one statement, so one round trip and one consistent read."""
    return f"""
        SELECT g.id, g.channel_id, g.ruleset, g.options, g.settings, g.seed, g.host_id, g.status,
               g.created_at, g.started_at, g.finished_at, g.outcome, s.version, s.checksum,
               (SELECT coalesce(max(a.version), 0) FROM actions a WHERE a.game_id = g.id),
               {d.rows_of(_SEATS, "seats t WHERE t.game_id = g.id", "t.seat")},
               {d.rows_of(_DECISIONS, "decisions d WHERE d.game_id = g.id", "d.seat")}
        FROM games g LEFT JOIN snapshots s ON s.game_id = g.id
        WHERE g.id = ?"""


@functools.cache
def _finished_query(d: Dialect) -> str:
    """A server's finished games with their seats and handovers (bound: the server id); conditions may follow."""
    handovers = "notes n WHERE n.game_id = g.id AND n.kind = 'seat_to_computer'"
    return f"""
        SELECT g.id, g.ruleset, g.finished_at, g.outcome,
               {d.rows_of(_SEATS, "seats t WHERE t.game_id = g.id", "t.seat")},
               {d.rows_of("n.seat, n.user_id", handovers, "n.seat")},
               g.rated
        FROM games g
        WHERE g.server_id = ? AND g.status = 'finished'"""


def _seat(d: Dialect, row: Sequence[Any]) -> SeatRow:
    seat, user, name, computer, joined, level = row
    return SeatRow(seat, user, name, bool(computer), d.read_moment(joined), level)


def _decision(d: Dialect, row: Sequence[Any]) -> DecisionRow:
    seat, kind, version, since, extra, reminded, due, remind = row
    return DecisionRow(seat, kind, version, d.read_moment(since), extra, reminded, d.read_maybe_moment(due),
                       d.read_maybe_moment(remind))  # fmt: skip


def _finished_games(d: Dialect, rows: Iterable[Sequence[Any]]) -> list[FinishedGame]:
    games = [
        FinishedGame(gid, ruleset, d.read_moment(finished), json.loads(outcome),
                     tuple(_seat(d, s) for s in d.rows(seats)),
                     {int(seat): str(user) for seat, user in d.rows(handed)}, bool(rated))
        for gid, ruleset, finished, outcome, seats, handed, rated in rows
    ]  # fmt: skip
    # Sorted here too: SQLite orders the moments as text, and the order must be PostgreSQL's exactly.
    return sorted(games, key=lambda game: (game.finished_at, game.id))


def _outcome(ending: Ending) -> str | None:
    return None if ending.outcome is None else json_text(ending.outcome)


def _table(name: str) -> str:
    if name not in TABLES:
        raise ValueError(f"no table {name!r}")
    return name


def folded_meanwhile(server_id: str, ruleset: str | None) -> StorageConflict:
    """The refusal of a fold another one was written before."""
    of = "" if ruleset is None else f" of {ruleset}"
    return StorageConflict(f"server {server_id}: its ratings{of} were folded meanwhile")


class SqlRepository(ABC):
    """The :class:`~game_service.storage.repository.Repository` protocol over a backend's sessions."""

    dialect: ClassVar[Dialect]

    @abstractmethod
    async def _read(self, query: Callable[[Session], Awaitable[T]]) -> T:
        """Run ``query`` (one statement: one consistent read) on a connection, outside any write."""

    @abstractmethod
    async def _write(self, unit: Unit[T], *, conflict: Exception | None = None) -> T:
        """Run ``unit`` in one transaction, committed when this returns; ``conflict`` is raised instead of a
        constraint's refusal of any of its statements."""

    @abstractmethod
    def _export(self, sql: str) -> AsyncIterator[Sequence[Any]]:
        """The rows of one statement over a whole table, read in one consistent snapshot of it."""

    # Reads.

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
            seats=tuple(_seat(d, s) for s in d.rows(seats)),
            decisions=tuple(_decision(d, r) for r in d.rows(decisions)),
            snapshot_version=snap_version,
            snapshot_checksum=snap_checksum,
            log_version=log_version,
        )

    async def load_snapshot(self, game_id: int) -> Snapshot | None:
        row = await self._read(
            lambda db: db.fetchrow("SELECT version, format, state, checksum FROM snapshots WHERE game_id = ?", game_id)
        )
        return None if row is None else Snapshot(*row)

    async def load_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT version, seat, user_id, kind, action, at FROM actions WHERE game_id = ? ORDER BY version",
                game_id,
            )
        )
        return [ActionRow(v, s, u, k, a, self.dialect.read_moment(t)) for v, s, u, k, a, t in rows]

    async def load_notes(self, game_id: int) -> list[NoteRow]:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT kind, version, at, seat, user_id, actor_id, detail FROM notes WHERE game_id = ? ORDER BY id",
                game_id,
            )
        )
        return [NoteRow(k, v, self.dialect.read_moment(t), s, u, a, json.loads(n)) for k, v, t, s, u, a, n in rows]

    async def waiting_for(self, user_id: str) -> list[Waiting]:
        d = self.dialect
        rows = await self._read(
            lambda db: db.fetch(
                """
                SELECT g.id, g.channel_id, g.ruleset, d.seat, d.kind, n.version, d.since, d.due_at
                FROM seats s
                JOIN decisions d ON d.game_id = s.game_id AND d.seat = s.seat
                JOIN games g ON g.id = s.game_id
                JOIN snapshots n ON n.game_id = s.game_id
                WHERE s.user_id = ? AND g.status = 'running'
                ORDER BY d.since, g.id
                """,
                user_id,
            )
        )
        return [
            Waiting(g, c, r, s, k, v, d.read_moment(since), d.read_maybe_moment(due))
            for g, c, r, s, k, v, since, due in rows
        ]

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

    async def due(self, now: datetime, limit: int, channels: Sequence[str] | None = None) -> list[Due]:
        d = self.dialect
        moment = d.moment(now)
        held = None if channels is None else d.texts(channels)
        rows = await self._read(
            lambda db: db.fetch(
                """
                SELECT d.game_id, d.seat, d.version, d.due_at, d.remind_at
                FROM decisions d JOIN games g ON g.id = d.game_id
                WHERE g.status = 'running' AND (d.due_at <= ? OR d.remind_at <= ?)
                  AND ({texts} IS NULL OR g.channel_id {in_texts})
                ORDER BY {least}(coalesce(d.due_at, d.remind_at), coalesce(d.remind_at, d.due_at)), d.game_id, d.seat
                LIMIT ?
                """,
                moment,
                moment,
                held,
                held,
                limit,
            )
        )
        return [Due(g, s, v, d.read_maybe_moment(due), d.read_maybe_moment(remind)) for g, s, v, due, remind in rows]

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

    async def next_due(self) -> datetime | None:
        moment = await self._read(
            lambda db: db.fetchval(
                """
                -- The aggregate min() skips NULLs, and each part can use its column's index.
                SELECT min(moment) FROM (
                    SELECT min(d.due_at) AS moment FROM decisions d JOIN games g ON g.id = d.game_id
                    WHERE d.due_at IS NOT NULL AND g.status = 'running'
                    UNION ALL
                    SELECT min(d.remind_at) FROM decisions d JOIN games g ON g.id = d.game_id
                    WHERE d.remind_at IS NOT NULL AND g.status = 'running'
                ) AS due
                """
            )
        )
        return self.dialect.read_maybe_moment(moment)

    async def missed_in_a_row(self, game_id: int, seat: int, limit: int) -> int:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT kind FROM actions WHERE game_id = ? AND seat = ? AND kind IN ('player', 'timeout') "
                "ORDER BY version DESC LIMIT ?",
                game_id,
                seat,
                limit,
            )
        )
        count = 0
        for (kind,) in rows:
            if kind != "timeout":
                break
            count += 1
        return count

    async def load_votes(self, game_id: int) -> list[VoteRow]:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT kind, voter_id, at, target_seat, target_version FROM votes WHERE game_id = ? ORDER BY at",
                game_id,
            )
        )
        return [VoteRow(k, v, self.dialect.read_moment(t), s, n) for k, v, t, s, n in rows]

    # Writes: each one transaction.

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
            await _insert_seats(db, game_id, (host,))
            await _insert_notes(db, game_id, (note,))
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
            values += [ending.status, d.moment(ending.at), _outcome(ending)]
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
                await _replace_seats(db, game_id, seats)
            if ending is not None:
                await db.execute("DELETE FROM decisions WHERE game_id = ?", game_id)
            elif decisions is not None:
                await _replace_decisions(db, game_id, decisions)
            await _insert_notes(db, game_id, notes)
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
            await _replace_decisions(db, game_id, decisions)
            await _insert_notes(db, game_id, (note,))
            if ending is not None:
                await _end(db, game_id, ending)

        await self._write(unit)

    async def append_action(
        self,
        game_id: int,
        *,
        action: ActionRow,
        snapshot: Snapshot,
        decisions: Sequence[DecisionRow],
        ending: Ending | None = None,
        host_id: str | None = None,
        seats: Sequence[SeatRow] | None = None,
        notes: Sequence[NoteRow] = (),
    ) -> None:
        if snapshot.version != action.version:
            raise ValueError("an action's snapshot must be at the action's version")
        logged = Logged(game_id, action, snapshot, decisions, ending)
        if host_id is None and seats is None and not notes:
            await self._write_action(logged)
            return

        async def unit(db: Session) -> None:
            await self._log(db, logged)
            # What the action caused: a new host, the seats replaced (a handover to a computer), notes.
            if host_id is not None:
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", host_id, game_id)
            if seats is not None:
                await _replace_seats(db, game_id, seats)
            await _insert_notes(db, game_id, notes)

        await self._write(unit, conflict=logged.conflict)

    async def _write_action(self, logged: Logged) -> None:
        """Write an action that causes nothing else (the hot path) in a transaction of its own."""
        await self._write(lambda db: self._log(db, logged), conflict=logged.conflict)

    async def _log(self, db: Session, logged: Logged) -> None:
        """Log an action, move its game's snapshot on, and replace its decisions or close the game, if the game is
        running at the version before the action (else :class:`VersionConflict`). With plain statements here; the
        SQLite backend writes through its view instead."""
        game_id, action, snapshot = logged.game_id, logged.action, logged.snapshot
        # The row locks make a second writer of this game wait here, then see the version moved on.
        current = await db.fetchval(
            "SELECT s.version FROM snapshots s JOIN games g ON g.id = s.game_id "
            "WHERE s.game_id = ? AND g.status = 'running' {for_update}",
            game_id,
        )
        if current != action.version - 1:
            raise logged.conflict
        await db.execute(
            "INSERT INTO actions (game_id, version, seat, user_id, kind, action, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            game_id, action.version, action.seat, action.user_id, action.kind, action.action,
            self.dialect.moment(action.at),
        )  # fmt: skip
        await db.execute(
            "UPDATE snapshots SET version = ?, format = ?, state = ?, checksum = ? WHERE game_id = ?",
            snapshot.version, snapshot.format, snapshot.state, snapshot.checksum, game_id,
        )  # fmt: skip
        if logged.ending is None:
            await _replace_decisions(db, game_id, logged.decisions)
        else:
            await _end(db, game_id, logged.ending)

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
            await _replace_decisions(db, game_id, decisions)

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

    # What the front ends keep.

    async def load_front_end(self, game_id: int) -> Mapping[str, Any] | None:
        row = await self._read(
            lambda db: db.fetchrow(
                "SELECT f.data FROM games g LEFT JOIN front_end f ON f.game_id = g.id WHERE g.id = ?", game_id
            )
        )
        if row is None:
            return None
        return {} if row[0] is None else dict(json.loads(row[0]))

    async def keep_front_end(self, game_id: int, data: Mapping[str, Any], at: datetime) -> bool:
        text, moment = json_text(data), self.dialect.moment(at)
        changed = await self._write(
            lambda db: db.execute(
                "INSERT INTO front_end (game_id, data, updated_at) SELECT id, ?, ? FROM games WHERE id = ? "
                "ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                text,
                moment,
                game_id,
            )
        )
        return changed == 1

    async def dms_closed(self, user_id: str) -> datetime | None:
        found = await self._read(lambda db: db.fetchval("SELECT marked_at FROM closed_dms WHERE user_id = ?", user_id))
        return self.dialect.read_maybe_moment(found)

    async def mark_dms(self, user_id: str, closed_at: datetime | None) -> None:
        if closed_at is None:
            await self._write(lambda db: db.execute("DELETE FROM closed_dms WHERE user_id = ?", user_id))
            return
        moment = self.dialect.moment(closed_at)
        await self._write(
            lambda db: db.execute(
                "INSERT INTO closed_dms (user_id, marked_at) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET marked_at = excluded.marked_at",
                user_id,
                moment,
            )
        )

    # The reminders' outbox.

    async def queue_reminder(
        self,
        game_id: int,
        *,
        decisions: Sequence[DecisionRow],
        at_version: int,
        seat: int,
        version: int,
        reminded: int,
        at: datetime,
        leased_until: datetime,
    ) -> int:
        d = self.dialect
        queued = (game_id, seat, version, d.moment(at), d.moment(leased_until))

        async def unit(db: Session) -> int:
            current = await db.fetchval(
                "SELECT s.version FROM snapshots s JOIN games g ON g.id = s.game_id "
                "WHERE s.game_id = ? AND g.status = 'running' {for_update}",
                game_id,
            )
            if current != at_version:
                raise VersionConflict(game_id, at_version)
            # Another scheduler (another process) may have queued this very reminder since we read the game.
            count = await db.fetchval(
                "SELECT reminded FROM decisions WHERE game_id = ? AND seat = ? AND version = ?", game_id, seat, version
            )
            if count != reminded:
                raise StorageConflict(f"game {game_id}: seat {seat}'s reminder was queued already")
            await _replace_decisions(db, game_id, decisions)
            outbox_id = await db.fetchval(
                "INSERT INTO outbox (game_id, seat, version, created_at, leased_until) VALUES (?, ?, ?, ?, ?) "
                "RETURNING id",
                *queued,
            )
            return int(outbox_id)

        return await self._write(unit)

    async def claim_reminders(
        self, now: datetime, leased_until: datetime, limit: int, channels: Sequence[str] | None = None
    ) -> list[QueuedReminder]:
        d = self.dialect
        moment, lease = d.moment(now), d.moment(leased_until)
        held = None if channels is None else d.texts(channels)
        waiting = await self._read(
            lambda db: db.fetchrow("SELECT 1 FROM outbox WHERE leased_until <= ? LIMIT 1", moment)
        )
        if waiting is None:
            return []  # the usual poll: no write transaction for nothing

        async def unit(db: Session) -> list[QueuedReminder]:
            # No two schedulers take the same rows: SQLite's write holds the whole file; PostgreSQL skips the rows
            # another process is claiming right now, never waiting for them nor taking them twice.
            await db.execute(
                """
                DELETE FROM outbox WHERE id IN (
                    SELECT o.id FROM outbox o
                    WHERE o.leased_until <= ? AND NOT EXISTS (
                        SELECT 1 FROM decisions d
                        JOIN games g ON g.id = d.game_id
                        JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat
                        WHERE d.game_id = o.game_id AND d.seat = o.seat AND d.version = o.version
                          AND g.status = 'running' AND s.user_id IS NOT NULL
                    )
                    {skip_locked:o}
                )
                """,
                moment,
            )
            # A paused game's reminder (no deadline now) waits in the outbox until the game resumes.
            rows = await db.fetch(
                """
                SELECT o.id, o.game_id, g.channel_id, o.seat, s.user_id, d.kind, d.due_at
                FROM outbox o
                JOIN games g ON g.id = o.game_id
                JOIN decisions d ON d.game_id = o.game_id AND d.seat = o.seat AND d.version = o.version
                JOIN seats s ON s.game_id = o.game_id AND s.seat = o.seat
                WHERE o.leased_until <= ? AND d.due_at IS NOT NULL
                  AND ({texts} IS NULL OR g.channel_id {in_texts})
                ORDER BY o.id
                LIMIT ?
                {skip_locked:o}
                """,
                moment, held, held, limit,
            )  # fmt: skip
            claimed = [QueuedReminder(i, g, c, seat, u, k, d.read_moment(due)) for i, g, c, seat, u, k, due in rows]
            await db.execute(
                "UPDATE outbox SET leased_until = ? WHERE id {in_ids}", lease, d.ids([q.outbox_id for q in claimed])
            )
            return claimed

        return await self._write(unit)

    async def confirm_delivery(self, outbox_id: int) -> None:
        await self._write(lambda db: db.execute("DELETE FROM outbox WHERE id = ?", outbox_id))

    # Copying a whole database, table by table as :mod:`.schema` declares them.

    async def count_rows(self, table: str) -> int:
        return int(await self._read(lambda db: db.fetchval(f"SELECT count(*) FROM {_table(table)}")))

    async def export_rows(self, table: str) -> AsyncIterator[tuple[Any, ...]]:
        columns = TABLES[_table(table)]
        async for row in self._export(f"SELECT {', '.join(name for name, _ in columns)} FROM {table}"):
            yield tuple(self.dialect.plain(kind, value) for (_, kind), value in zip(columns, row, strict=True))

    async def import_rows(self, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        columns = TABLES[_table(table)]
        d = self.dialect
        stored = [tuple(d.stored(kind, value) for (_, kind), value in zip(columns, row, strict=True)) for row in rows]
        await self._write(lambda db: db.copy_in(table, [name for name, _ in columns], stored))


async def _replace_seats(db: Session, game_id: int, seats: Iterable[SeatRow]) -> None:
    await db.execute("DELETE FROM seats WHERE game_id = ?", game_id)
    await _insert_seats(db, game_id, seats)


async def _insert_seats(db: Session, game_id: int, seats: Iterable[SeatRow]) -> None:
    d = db.dialect
    rows = [(game_id, s.seat, s.user_id, s.name, d.flag(s.is_computer), d.moment(s.joined_at), s.level) for s in seats]
    if rows:
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, is_computer, joined_at, level) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


async def _insert_notes(db: Session, game_id: int, notes: Iterable[NoteRow]) -> None:
    at = db.dialect.moment
    rows = [(game_id, n.version, n.kind, n.seat, n.user_id, n.actor_id, at(n.at), json_text(n.detail)) for n in notes]
    if rows:
        await db.executemany(
            "INSERT INTO notes (game_id, version, kind, seat, user_id, actor_id, at, detail) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


def decision_columns(d: Dialect, decision: DecisionRow) -> list[Any]:
    """A decision as the ``decisions`` table stores it, after the game id (and SQLite's ``action_writes`` takes
    it)."""
    return [decision.seat, decision.kind, decision.version, d.moment(decision.since), decision.extra_seconds,
            decision.reminded, d.maybe_moment(decision.due_at), d.maybe_moment(decision.remind_at)]  # fmt: skip


async def _replace_decisions(db: Session, game_id: int, decisions: Sequence[DecisionRow]) -> None:
    await db.execute("DELETE FROM decisions WHERE game_id = ?", game_id)
    if decisions:
        await db.executemany(
            "INSERT INTO decisions (game_id, seat, kind, version, since, extra_seconds, reminded, due_at, remind_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, *decision_columns(db.dialect, d)) for d in decisions],
        )


async def _end(db: Session, game_id: int, ending: Ending) -> None:
    """Close the game: nothing is owed in it any more, and its votes go."""
    await db.execute(
        "UPDATE games SET status = ?, finished_at = ?, outcome = ? WHERE id = ?",
        ending.status, db.dialect.moment(ending.at), _outcome(ending), game_id,
    )  # fmt: skip
    await db.execute("DELETE FROM decisions WHERE game_id = ?", game_id)
    await db.execute("DELETE FROM votes WHERE game_id = ?", game_id)
