"""The SQLite backend of :class:`~game_service.storage.repository.Repository` (aiosqlite, one file).

One long-lived connection in autocommit mode (``isolation_level=None``), WAL, ``synchronous=FULL`` (a commit
survives power loss, not only a crash), foreign keys on, a 5 s busy timeout for outside readers. aiosqlite runs
the connection's calls one after another, in order, on its own thread.

Writes are committed in groups: every write is queued for one flusher task, which commits all the writes waiting
at that moment together and then acknowledges each; many games acting at once share one fsync. No write is
acknowledged before its commit returned.

* Actions (the hot path) are one statement for the whole group: an ``INSERT ... SELECT`` from a JSON array of
  rows into the ``action_writes`` view of migration 0002, whose trigger logs each action, moves its snapshot on
  and replaces its pending decisions. One statement in autocommit mode is one atomic transaction and one round
  trip to the connection's thread, however many games it carries.
* Other writes (lobbies, starts, seat changes, snapshot repairs) are rare; a group of them runs statement by
  statement inside ``BEGIN IMMEDIATE ... COMMIT``.

If a group fails, it is rolled back and each write is retried alone, so only the failing one is refused.

Reads take no lock (many can be queued on the connection at once); they only wait while a multi-statement
transaction is open, so a read never sees another write's uncommitted rows. A read queued before a transaction's
BEGIN runs before it, because the connection's thread serves calls in order.

A path where no file is yet becomes a new database. While it is being made, a marker file beside it says so
(:func:`_making`): a first start killed on the way leaves a file this program began and never finished, and the
next start finishes it. An existing file without that marker that holds no schema of this program (a zero-length
file, a main file copied without its ``-wal``, another program's database) is refused with
:class:`DatabaseRefused`, never started afresh over. :func:`backup` copies a database safely while it is in use.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from os import PathLike
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from game_service.storage.migrations import migrations, to_apply
from game_service.storage.repository import (
    ActionRow,
    ChannelBusy,
    DatabaseRefused,
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
    folded_meanwhile,
    ratings_from_rows,
)
from game_service.storage.repository import (
    json_text as _json,
)
from game_service.storage.schema import FLAG, MOMENT, TABLES

T = TypeVar("T")
Unit = Callable[[aiosqlite.Connection], Awaitable[Any]]

_ACTION_WRITE = (
    "INSERT INTO action_writes (game_id, version, seat, user_id, kind, action, at, format, state, checksum, "
    "decisions, ending_status, ending_at, outcome) "
    "SELECT r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5, "
    "r.value ->> 6, r.value ->> 7, r.value ->> 8, r.value ->> 9, r.value ->> 10, r.value ->> 11, r.value ->> 12, "
    "r.value ->> 13 FROM json_each(?) AS r ORDER BY r.key"
)


@dataclass(slots=True)
class _Pending:
    """A queued write: a general unit, or one row for the ``action_writes`` view (the hot path)."""

    future: asyncio.Future[Any]
    unit: Unit | None = None
    action: tuple[Any, ...] | None = None
    #: Raised instead of a constraint failure when this write, retried alone, is refused.
    conflict: Exception | None = None


def _text(moment: datetime) -> str:
    if moment.tzinfo is None:
        raise ValueError("timestamps must be timezone-aware")
    return moment.astimezone(UTC).isoformat()


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _maybe_moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _maybe_text(moment: datetime | None) -> str | None:
    return None if moment is None else _text(moment)


def _decision_columns(d: DecisionRow) -> list[Any]:
    """A decision as the row the ``decisions`` table and the ``action_writes`` JSON take (after the game id)."""
    return [d.seat, d.kind, d.version, _text(d.since), d.extra_seconds, d.reminded, _maybe_text(d.due_at),
            _maybe_text(d.remind_at)]  # fmt: skip


def _channel_list(channels: Sequence[str] | None) -> str | None:
    """Channel ids as one JSON text (read back with ``json_each``): a statement's parameters are a fixed number."""
    return None if channels is None else json.dumps(list(channels))


def _decision(columns: Sequence[Any]) -> DecisionRow:
    seat, kind, version, since, extra, reminded, due, remind = columns
    return DecisionRow(seat, kind, version, _moment(since), extra, reminded, _maybe_moment(due), _maybe_moment(remind))


def _by_seat(rows: str) -> list[list[Any]]:
    """A JSON array of rows whose first column is the seat, in seat order (aggregates promise no order)."""
    return sorted(json.loads(rows), key=lambda row: int(row[0]))


#: A server's finished games with their seats and handovers (bound: the server id); conditions may follow.
_FINISHED_GAMES = """
    SELECT g.id, g.ruleset, g.finished_at, g.outcome,
           (SELECT json_group_array(json_array(t.seat, t.user_id, t.name, t.is_computer, t.joined_at, t.level))
            FROM seats t WHERE t.game_id = g.id),
           (SELECT json_group_array(json_array(n.seat, n.user_id))
            FROM notes n WHERE n.game_id = g.id AND n.kind = 'seat_to_computer'),
           g.rated
    FROM games g
    WHERE g.server_id = ? AND g.status = 'finished'"""


def _finished_games(rows: Iterable[Sequence[Any]]) -> list[FinishedGame]:
    games = [
        FinishedGame(
            gid, ruleset, _moment(finished), json.loads(outcome),
            tuple(SeatRow(s, u, n, bool(c), _moment(j), lv) for s, u, n, c, j, lv in _by_seat(seats)),
            {int(seat): str(user) for seat, user in json.loads(handed)}, bool(rated),
        )
        for gid, ruleset, finished, outcome, seats, handed, rated in rows
    ]  # fmt: skip
    # Sorted here too (the SQL orders by the moments' text): the order must be the other backend's exactly.
    return sorted(games, key=lambda game: (game.finished_at, game.id))


class SqliteRepository:
    """Storage in one SQLite file. Open with :meth:`open`; close with :meth:`close`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        # Set while no multi-statement transaction is open on the connection (reads wait for it).
        self._idle = asyncio.Event()
        self._idle.set()
        self._pending: list[_Pending] = []
        self._flusher: asyncio.Task[None] | None = None
        self._closed = False

    @classmethod
    async def open(cls, path: str | PathLike[str]) -> SqliteRepository:
        """Open the database at ``path``, creating and migrating it when no file is there. A file that is there
        but holds no schema of this program is refused (:class:`DatabaseRefused`), never started afresh over."""
        name = os.fspath(path)
        async with _making(name) as making:
            if making:
                # Kept open as the repository's connection: until SQLite's first checkpoint the schema lives in the
                # -wal file alone, so a copy of the main file taken without it holds no schema and is refused.
                db = await aiosqlite.connect(name, isolation_level=None)
            else:
                # Before anything writes: a zero-length file would otherwise become an empty database.
                await asyncio.to_thread(check_database, name)
                # mode=rw: only _making's holder creates the file, even if it vanished since it was checked.
                db = await aiosqlite.connect(f"{Path(name).absolute().as_uri()}?mode=rw", uri=True,
                                             isolation_level=None)  # fmt: skip
            try:
                await db.execute("PRAGMA journal_mode=WAL")
                await db.execute("PRAGMA synchronous=FULL")
                await db.execute("PRAGMA foreign_keys=ON")
                await db.execute("PRAGMA busy_timeout=5000")
                await _migrate(db)
            except BaseException:
                await db.close()
                raise
        return cls(db)

    async def close(self) -> None:
        self._closed = True
        while self._flusher is not None and not self._flusher.done():
            await self._flusher
        await self._db.close()

    async def schema_version(self) -> int:
        rows = await self._read(lambda db: db.execute_fetchall("PRAGMA user_version"))
        return int(next(iter(rows))[0])

    def hold(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        # One process owns the file: the service's own per-game lock serialises a game's requests. A second
        # process on the same file is still refused a stale write by the version check of every action.
        return contextlib.nullcontext()

    # Reads.

    async def _read(self, query: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        while not self._idle.is_set():
            await self._idle.wait()
        # No await between the check and the call: the query is queued on the connection before any later BEGIN.
        return await query(self._db)

    async def active_game_id(self, channel_id: str) -> int | None:
        rows = await self._read(
            lambda db: db.execute_fetchall(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')", (channel_id,)
            )
        )
        for (game_id,) in rows:
            return int(game_id)
        return None

    async def load_game(self, game_id: int) -> GameRow | None:
        # One query (one round trip): the seats and decisions come along as JSON arrays.
        rows = await self._read(
            lambda db: db.execute_fetchall(
                """
                SELECT g.id, g.channel_id, g.ruleset, g.options, g.settings, g.seed, g.host_id, g.status,
                       g.created_at, g.started_at, g.finished_at, g.outcome, s.version, s.checksum,
                       (SELECT coalesce(max(a.version), 0) FROM actions a WHERE a.game_id = g.id),
                       (SELECT json_group_array(json_array(t.seat, t.user_id, t.name, t.is_computer, t.joined_at,
                                                           t.level))
                        FROM seats t WHERE t.game_id = g.id),
                       (SELECT json_group_array(json_array(d.seat, d.kind, d.version, d.since, d.extra_seconds,
                                                           d.reminded, d.due_at, d.remind_at))
                        FROM decisions d WHERE d.game_id = g.id)
                FROM games g LEFT JOIN snapshots s ON s.game_id = g.id
                WHERE g.id = ?
                """,
                (game_id,),
            )
        )
        for row in rows:
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
                created_at=_moment(created),
                started_at=_maybe_moment(started),
                finished_at=_maybe_moment(finished),
                outcome=None if outcome is None else json.loads(outcome),
                seats=tuple(SeatRow(s, u, n, bool(c), _moment(j), lv) for s, u, n, c, j, lv in _by_seat(seats)),
                decisions=tuple(_decision(columns) for columns in _by_seat(decisions)),
                snapshot_version=snap_version,
                snapshot_checksum=snap_checksum,
                log_version=log_version,
            )
        return None

    async def load_snapshot(self, game_id: int) -> Snapshot | None:
        rows = await self._read(
            lambda db: db.execute_fetchall(
                "SELECT version, format, state, checksum FROM snapshots WHERE game_id = ?", (game_id,)
            )
        )
        for version, fmt, state, checksum in rows:
            return Snapshot(version, fmt, state, checksum)
        return None

    async def load_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._read(
            lambda db: db.execute_fetchall(
                "SELECT version, seat, user_id, kind, action, at FROM actions WHERE game_id = ? ORDER BY version",
                (game_id,),
            )
        )
        return [ActionRow(v, s, u, k, a, _moment(t)) for v, s, u, k, a, t in rows]

    async def load_notes(self, game_id: int) -> list[NoteRow]:
        rows = await self._read(
            lambda db: db.execute_fetchall(
                "SELECT kind, version, at, seat, user_id, actor_id, detail FROM notes WHERE game_id = ? ORDER BY id",
                (game_id,),
            )
        )
        return [NoteRow(k, v, _moment(t), s, u, a, json.loads(d)) for k, v, t, s, u, a, d in rows]

    async def waiting_for(self, user_id: str) -> list[Waiting]:
        rows = await self._read(
            lambda db: db.execute_fetchall(
                """
                SELECT g.id, g.channel_id, g.ruleset, d.seat, d.kind, n.version, d.since, d.due_at
                FROM seats s
                JOIN decisions d ON d.game_id = s.game_id AND d.seat = s.seat
                JOIN games g ON g.id = s.game_id
                JOIN snapshots n ON n.game_id = s.game_id
                WHERE s.user_id = ? AND g.status = 'running'
                ORDER BY d.since, g.id
                """,
                (user_id,),
            )
        )
        return [Waiting(g, c, r, s, k, v, _moment(t), _maybe_moment(d)) for g, c, r, s, k, v, t, d in rows]

    async def games_of(self, user_id: str) -> list[int]:
        rows = await self._read(
            lambda db: db.execute_fetchall(
                """
                SELECT DISTINCT g.id FROM seats s JOIN games g ON g.id = s.game_id
                WHERE s.user_id = ? AND g.status = 'running'
                ORDER BY g.id
                """,
                (user_id,),
            )
        )
        return [int(game_id) for (game_id,) in rows]

    async def running_games(self) -> list[tuple[int, str, int, dict[str, Any]]]:
        rows = await self._read(
            lambda db: db.execute_fetchall(
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
            lambda db: db.execute_fetchall(
                "SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT ?", (channel_id, limit)
            )
        )
        return [int(game_id) for (game_id,) in rows]

    async def due(self, now: datetime, limit: int, channels: Sequence[str] | None = None) -> list[Due]:
        moment = _text(now)
        held = _channel_list(channels)
        rows = await self._read(
            lambda db: db.execute_fetchall(
                """
                SELECT d.game_id, d.seat, d.version, d.due_at, d.remind_at
                FROM decisions d JOIN games g ON g.id = d.game_id
                WHERE g.status = 'running' AND (d.due_at <= ?1 OR d.remind_at <= ?1)
                  AND (?2 IS NULL OR g.channel_id IN (SELECT value FROM json_each(?2)))
                ORDER BY min(coalesce(d.due_at, d.remind_at), coalesce(d.remind_at, d.due_at)), d.game_id, d.seat
                LIMIT ?3
                """,
                (moment, held, limit),
            )
        )
        return [Due(g, s, v, _maybe_moment(d), _maybe_moment(r)) for g, s, v, d, r in rows]

    async def finished_games(
        self,
        server_id: str,
        ruleset: str | None = None,
        *,
        after: tuple[datetime, int] | None = None,
        limit: int | None = None,
    ) -> list[FinishedGame]:
        conditions: list[str] = []
        parameters: list[Any] = [server_id]
        if ruleset is not None:
            conditions.append("g.ruleset = ?")
            parameters.append(ruleset)
        if after is not None:
            # ISO 8601 UTC text as _text writes it sorts as the moments do.
            conditions.append("(g.finished_at, g.id) > (?, ?)")
            parameters += [_text(after[0]), after[1]]
        return await self._finished(conditions, parameters, limit)

    async def games_to_rate(self, server_id: str, *, limit: int | None = None) -> list[FinishedGame]:
        return await self._finished(["g.rated = 0"], [server_id], limit)

    async def _finished(self, conditions: list[str], parameters: list[Any], limit: int | None) -> list[FinishedGame]:
        query = "".join([_FINISHED_GAMES, *(f" AND {c}" for c in conditions), " ORDER BY g.finished_at, g.id LIMIT ?"])
        bound = (*parameters, -1 if limit is None else limit)  # a negative limit is none
        rows = await self._read(lambda db: db.execute_fetchall(query, bound))
        # Thousands of games take a good part of a second to read into rows: off the event loop.
        return await asyncio.to_thread(_finished_games, rows)

    async def stored_ratings(self, server_id: str) -> StoredRatings:
        # One statement, so one consistent read of the tables and their players.
        rows = await self._read(
            lambda db: db.execute_fetchall(
                """
                SELECT t.ruleset, t.version, t.games, t.last_finished_at, t.last_game_id,
                       r.kind, r.who, r.name, r.played, r.won, r.mu, r.sigma
                FROM rating_tables t LEFT JOIN ratings r ON r.server_id = t.server_id AND r.ruleset = t.ruleset
                WHERE t.server_id = ?
                """,
                (server_id,),
            )
        )
        return ratings_from_rows(
            (RatingTable(ruleset, version, games, _moment(last), last_id), player)
            for ruleset, version, games, last, last_id, *player in rows
        )

    async def next_due(self) -> datetime | None:
        rows = await self._read(
            lambda db: db.execute_fetchall(
                """
                -- The aggregate min() skips NULLs (SQLite's min(a, b) would be NULL when either is), and each
                -- part can use its column's index.
                SELECT min(moment) FROM (
                    SELECT min(d.due_at) AS moment FROM decisions d JOIN games g ON g.id = d.game_id
                    WHERE d.due_at IS NOT NULL AND g.status = 'running'
                    UNION ALL
                    SELECT min(d.remind_at) FROM decisions d JOIN games g ON g.id = d.game_id
                    WHERE d.remind_at IS NOT NULL AND g.status = 'running'
                )
                """
            )
        )
        for (moment,) in rows:
            return _maybe_moment(moment)
        return None

    async def missed_in_a_row(self, game_id: int, seat: int, limit: int) -> int:
        rows = await self._read(
            lambda db: db.execute_fetchall(
                "SELECT kind FROM actions WHERE game_id = ? AND seat = ? AND kind IN ('player', 'timeout') "
                "ORDER BY version DESC LIMIT ?",
                (game_id, seat, limit),
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
            lambda db: db.execute_fetchall(
                "SELECT kind, voter_id, at, target_seat, target_version FROM votes WHERE game_id = ? ORDER BY at",
                (game_id,),
            )
        )
        return [VoteRow(k, v, _moment(t), s, n) for k, v, t, s, n in rows]

    # Writes: queued, committed in groups by one flusher.

    async def _write(
        self, unit: Callable[[aiosqlite.Connection], Awaitable[T]], *, conflict: Exception | None = None
    ) -> T:
        """Queue a general write (run statement by statement inside the group's transaction); ``conflict`` is
        raised instead of a constraint failure of this write."""
        future: asyncio.Future[T] = self._enqueue(
            _Pending(asyncio.get_running_loop().create_future(), unit=unit, conflict=conflict)
        )
        return await future

    def _enqueue(self, pending: _Pending) -> asyncio.Future[Any]:
        if self._closed:
            raise RuntimeError("the repository is closed")
        self._pending.append(pending)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return pending.future

    async def _flush(self) -> None:
        while self._pending:
            # A write whose caller was cancelled before its transaction began is dropped, never half-applied.
            batch = [p for p in self._pending if not p.future.cancelled()]
            self._pending = []
            units = [p for p in batch if p.unit is not None]
            if units:
                await self._settle(units, self._run_units)
            actions = [p for p in batch if p.action is not None]
            if actions:
                await self._settle(actions, self._run_actions)

    async def _settle(self, batch: list[_Pending], run: Callable[[list[_Pending]], Awaitable[list[Any]]]) -> None:
        """Commit a group with ``run`` and acknowledge each write; on failure retry each write alone."""
        try:
            results = await run(batch)
        except Exception as exc:
            if len(batch) > 1:
                for pending in batch:
                    await self._settle([pending], run)
                return
            (pending,) = batch
            if isinstance(exc, sqlite3.IntegrityError) and pending.conflict is not None:
                exc = pending.conflict
            if not pending.future.done():
                pending.future.set_exception(exc)
            return
        except BaseException:
            for pending in batch:
                if not pending.future.done():
                    pending.future.set_exception(RuntimeError("write interrupted"))
            raise
        for pending, value in zip(batch, results, strict=True):
            if not pending.future.done():
                pending.future.set_result(value)

    async def _run_units(self, batch: list[_Pending]) -> list[Any]:
        db = self._db
        self._idle.clear()
        try:
            await db.execute("BEGIN IMMEDIATE")
            results = []
            for pending in batch:
                assert pending.unit is not None
                results.append(await pending.unit(db))
            await db.execute("COMMIT")
            return results
        except BaseException:
            await self._rollback()
            raise
        finally:
            self._idle.set()

    async def _run_actions(self, batch: list[_Pending]) -> list[Any]:
        # One statement, so one implicit transaction: every row is written, or (on any error) none.
        rows = json.dumps([p.action for p in batch], separators=(",", ":"), ensure_ascii=False)
        await self._db.execute(_ACTION_WRITE, (rows,))
        return [None] * len(batch)

    async def _rollback(self) -> None:
        if self._db.in_transaction:
            # The transaction may already be gone (SQLite rolls back by itself after some errors).
            with contextlib.suppress(sqlite3.Error):
                await self._db.execute("ROLLBACK")

    async def create_game(self, game: NewGame, host: SeatRow, note: NoteRow) -> int:
        async def unit(db: aiosqlite.Connection) -> int:
            try:
                cursor = await db.execute(
                    "INSERT INTO games (channel_id, ruleset, options, settings, host_id, status, created_at, "
                    "server_id) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)",
                    (
                        game.channel_id,
                        game.ruleset,
                        _json(game.options),
                        _json(game.settings),
                        game.host_id,
                        _text(game.created_at),
                        game.server_id,
                    ),
                )
            except sqlite3.IntegrityError:
                raise ChannelBusy(game.channel_id) from None
            game_id = cursor.lastrowid
            assert game_id is not None
            await _insert_seats(db, game_id, (host,))
            await _insert_notes(db, game_id, (note,))
            return game_id

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
        async def unit(db: aiosqlite.Connection) -> None:
            if at_version is not None:
                rows = await db.execute_fetchall("SELECT version FROM snapshots WHERE game_id = ?", (game_id,))
                if [version for (version,) in rows] != [at_version]:
                    raise VersionConflict(game_id, at_version)
            assignments = ["host_id = ?"]
            params: list[Any] = [host_id]
            if settings is not None:
                assignments.append("settings = ?")
                params.append(_json(settings))
            if ending is not None:
                assignments.append("status = ?, finished_at = ?, outcome = ?")
                params += [ending.status, _text(ending.at), None if ending.outcome is None else _json(ending.outcome)]
            cursor = await db.execute(
                f"UPDATE games SET {', '.join(assignments)} WHERE id = ? AND status IN ('lobby', 'running')",
                (*params, game_id),
            )
            if cursor.rowcount != 1:
                raise StorageConflict(f"game {game_id} is not active")
            if seats is not None:
                await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                await _insert_seats(db, game_id, seats)
            if ending is not None:
                await db.execute("DELETE FROM decisions WHERE game_id = ?", (game_id,))
            elif decisions is not None:
                await _replace_decisions(db, game_id, decisions)
            await _insert_notes(db, game_id, notes)
            if clear_votes or ending is not None:
                await db.execute("DELETE FROM votes WHERE game_id = ?", (game_id,))
            if votes:
                await db.executemany(
                    "INSERT OR IGNORE INTO votes (game_id, kind, target_seat, target_version, voter_id, at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, v.kind, v.target_seat, v.target_version, v.voter_id, _text(v.at)) for v in votes],
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
        async def unit(db: aiosqlite.Connection) -> None:
            cursor = await db.execute(
                "UPDATE games SET status = 'running', seed = ?, started_at = ? WHERE id = ? AND status = 'lobby'",
                (seed, _text(started_at), game_id),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(game_id, snapshot.version)
            await db.execute(
                "INSERT INTO snapshots (game_id, version, format, state, checksum) VALUES (?, ?, ?, ?, ?)",
                (game_id, snapshot.version, snapshot.format, snapshot.state, snapshot.checksum),
            )
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

        decision_rows = [_decision_columns(d) for d in decisions]
        row = (
            game_id,
            action.version,
            action.seat,
            action.user_id,
            action.kind,
            action.action,
            _text(action.at),
            snapshot.format,
            snapshot.state,
            snapshot.checksum,
            json.dumps(decision_rows, separators=(",", ":"), ensure_ascii=False),
            None if ending is None else ending.status,
            None if ending is None else _text(ending.at),
            None if ending is None or ending.outcome is None else _json(ending.outcome),
        )
        conflict = VersionConflict(game_id, action.version - 1)
        if host_id is None and seats is None and not notes:
            await self._enqueue(_Pending(asyncio.get_running_loop().create_future(), action=row, conflict=conflict))
            return

        async def unit(db: aiosqlite.Connection) -> None:
            # The same trigger as the hot path, for one row, then what the action caused, in one transaction.
            await db.execute(_ACTION_WRITE, (json.dumps([row], separators=(",", ":"), ensure_ascii=False),))
            if host_id is not None:
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (host_id, game_id))
            if seats is not None:
                await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                await _insert_seats(db, game_id, seats)
            await _insert_notes(db, game_id, notes)

        await self._write(unit, conflict=conflict)

    async def replace_snapshot(self, game_id: int, *, snapshot: Snapshot, decisions: Sequence[DecisionRow]) -> None:
        async def unit(db: aiosqlite.Connection) -> None:
            rows = await db.execute_fetchall(
                "SELECT coalesce(max(version), 0) FROM actions WHERE game_id = ?", (game_id,)
            )
            (head,) = next(iter(rows))
            if head != snapshot.version:
                raise VersionConflict(game_id, snapshot.version)
            await db.execute(
                "INSERT INTO snapshots (game_id, version, format, state, checksum) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, format = excluded.format, "
                "state = excluded.state, checksum = excluded.checksum",
                (game_id, snapshot.version, snapshot.format, snapshot.state, snapshot.checksum),
            )
            await _replace_decisions(db, game_id, decisions)

        await self._write(unit)

    async def claim_games(self, server_id: str, channels: Sequence[str]) -> None:
        held = _channel_list(channels)
        query = "SELECT 1 FROM games WHERE server_id IS NULL AND channel_id IN (SELECT value FROM json_each(?)) LIMIT 1"
        if not list(await self._read(lambda db: db.execute_fetchall(query, (held,)))):
            return  # the usual read: no write transaction for nothing

        async def unit(db: aiosqlite.Connection) -> None:
            await db.execute(
                "UPDATE games SET server_id = ? "
                "WHERE server_id IS NULL AND channel_id IN (SELECT value FROM json_each(?))",
                (server_id, held),
            )

        await self._write(unit)

    async def store_ratings(
        self, server_id: str, *, tables: Sequence[RatingTable], players: Sequence[RatingRow], rated: Sequence[int]
    ) -> None:
        async def unit(db: aiosqlite.Connection) -> None:
            for table in tables:
                last = (table.games, _text(table.last_finished_at), table.last_game_id, server_id, table.ruleset)
                if table.version == 0:
                    cursor = await db.execute(
                        "INSERT INTO rating_tables (games, last_finished_at, last_game_id, server_id, ruleset, "
                        "version) VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT DO NOTHING",
                        last,
                    )
                else:
                    cursor = await db.execute(
                        "UPDATE rating_tables SET games = ?, last_finished_at = ?, last_game_id = ?, "
                        "version = version + 1 WHERE server_id = ? AND ruleset = ? AND version = ?",
                        (*last, table.version),
                    )
                if cursor.rowcount != 1:
                    raise folded_meanwhile(server_id, table.ruleset)
            cursor = await db.execute(
                "UPDATE games SET rated = 1 WHERE id IN (SELECT value FROM json_each(?)) AND server_id = ? "
                "AND status = 'finished' AND rated = 0",
                (json.dumps(list(rated)), server_id),
            )
            if cursor.rowcount != len(rated):
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
        rows = await self._read(
            lambda db: db.execute_fetchall(
                "SELECT f.data FROM games g LEFT JOIN front_end f ON f.game_id = g.id WHERE g.id = ?", (game_id,)
            )
        )
        for (data,) in rows:
            return {} if data is None else dict(json.loads(data))
        return None

    async def keep_front_end(self, game_id: int, data: Mapping[str, Any], at: datetime) -> bool:
        async def unit(db: aiosqlite.Connection) -> bool:
            cursor = await db.execute(
                "INSERT INTO front_end (game_id, data, updated_at) SELECT id, ?, ? FROM games WHERE id = ? "
                "ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                (_json(data), _text(at), game_id),
            )
            return cursor.rowcount == 1

        return await self._write(unit)

    async def dms_closed(self, user_id: str) -> datetime | None:
        rows = await self._read(
            lambda db: db.execute_fetchall("SELECT marked_at FROM closed_dms WHERE user_id = ?", (user_id,))
        )
        for (marked_at,) in rows:
            return _moment(marked_at)
        return None

    async def mark_dms(self, user_id: str, closed_at: datetime | None) -> None:
        async def unit(db: aiosqlite.Connection) -> None:
            if closed_at is None:
                await db.execute("DELETE FROM closed_dms WHERE user_id = ?", (user_id,))
            else:
                await db.execute(
                    "INSERT INTO closed_dms (user_id, marked_at) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET marked_at = excluded.marked_at",
                    (user_id, _text(closed_at)),
                )

        await self._write(unit)

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
        async def unit(db: aiosqlite.Connection) -> int:
            rows = await db.execute_fetchall(
                "SELECT s.version FROM snapshots s JOIN games g ON g.id = s.game_id "
                "WHERE s.game_id = ? AND g.status = 'running'",
                (game_id,),
            )
            if [v for (v,) in rows] != [at_version]:
                raise VersionConflict(game_id, at_version)
            # Another scheduler (another process) may have queued this very reminder since we read the game.
            rows = await db.execute_fetchall(
                "SELECT reminded FROM decisions WHERE game_id = ? AND seat = ? AND version = ?",
                (game_id, seat, version),
            )
            if [r for (r,) in rows] != [reminded]:
                raise StorageConflict(f"game {game_id}: seat {seat}'s reminder was queued already")
            await _replace_decisions(db, game_id, decisions)
            cursor = await db.execute(
                "INSERT INTO outbox (game_id, seat, version, created_at, leased_until) VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, version, _text(at), _text(leased_until)),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

        return await self._write(unit)

    async def claim_reminders(
        self, now: datetime, leased_until: datetime, limit: int, channels: Sequence[str] | None = None
    ) -> list[QueuedReminder]:
        moment = _text(now)
        held = _channel_list(channels)
        waiting = await self._read(
            lambda db: db.execute_fetchall("SELECT 1 FROM outbox WHERE leased_until <= ? LIMIT 1", (moment,))
        )
        if not list(waiting):
            return []  # the usual poll: no write transaction for nothing

        async def unit(db: aiosqlite.Connection) -> list[QueuedReminder]:
            # Under the write lock (BEGIN IMMEDIATE), so no other scheduler can take the same rows meanwhile.
            await db.execute(
                """
                DELETE FROM outbox WHERE leased_until <= ? AND NOT EXISTS (
                    SELECT 1 FROM decisions d
                    JOIN games g ON g.id = d.game_id
                    JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat
                    WHERE d.game_id = outbox.game_id AND d.seat = outbox.seat AND d.version = outbox.version
                      AND g.status = 'running' AND s.user_id IS NOT NULL
                )
                """,
                (moment,),
            )
            # A paused game's reminder (no deadline now) waits in the outbox until the game resumes.
            rows = await db.execute_fetchall(
                """
                SELECT o.id, o.game_id, g.channel_id, o.seat, s.user_id, d.kind, d.due_at
                FROM outbox o
                JOIN games g ON g.id = o.game_id
                JOIN decisions d ON d.game_id = o.game_id AND d.seat = o.seat AND d.version = o.version
                JOIN seats s ON s.game_id = o.game_id AND s.seat = o.seat
                WHERE o.leased_until <= ?1 AND d.due_at IS NOT NULL
                  AND (?2 IS NULL OR g.channel_id IN (SELECT value FROM json_each(?2)))
                ORDER BY o.id
                LIMIT ?3
                """,
                (moment, held, limit),
            )
            claimed = [QueuedReminder(i, g, c, seat, u, k, _moment(due)) for i, g, c, seat, u, k, due in rows]
            await db.executemany(
                "UPDATE outbox SET leased_until = ? WHERE id = ?", [(_text(leased_until), q.outbox_id) for q in claimed]
            )
            return claimed

        return await self._write(unit)

    async def confirm_delivery(self, outbox_id: int) -> None:
        async def unit(db: aiosqlite.Connection) -> None:
            await db.execute("DELETE FROM outbox WHERE id = ?", (outbox_id,))

        await self._write(unit)

    # Copying a whole database.

    async def count_rows(self, table: str) -> int:
        rows = await self._read(lambda db: db.execute_fetchall(f"SELECT count(*) FROM {_table(table)}"))
        return int(next(iter(rows))[0])

    async def export_rows(self, table: str) -> AsyncIterator[tuple[Any, ...]]:
        columns = TABLES[_table(table)]
        names = ", ".join(name for name, _ in columns)
        # One statement reads in one snapshot, even while the bot writes through another connection.
        rows = await self._read(lambda db: db.execute_fetchall(f"SELECT {names} FROM {table}"))
        for row in rows:
            yield tuple(_plain(kind, value) for (_, kind), value in zip(columns, row, strict=True))

    async def import_rows(self, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        columns = TABLES[_table(table)]
        names = ", ".join(name for name, _ in columns)
        marks = ", ".join("?" for _ in columns)
        stored = [tuple(_stored(kind, value) for (_, kind), value in zip(columns, row, strict=True)) for row in rows]

        async def unit(db: aiosqlite.Connection) -> None:
            await db.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", stored)

        await self._write(unit)

    async def imported(self) -> None:
        """Nothing to do: SQLite numbers a new row after the highest id in its table."""


def _table(name: str) -> str:
    if name not in TABLES:
        raise ValueError(f"no table {name!r}")
    return name


def _plain(kind: str, value: Any) -> Any:
    """A stored value as :mod:`.schema` declares it (moments and flags are text and 0/1 in SQLite)."""
    if value is None:
        return None
    if kind == MOMENT:
        return _moment(value)
    if kind == FLAG:
        return bool(value)
    return value


def _stored(kind: str, value: Any) -> Any:
    if value is None:
        return None
    if kind == MOMENT:
        return _text(value)
    if kind == FLAG:
        return int(value)
    return value


#: The tables every version of the schema has (migration 0001).
SCHEMA_TABLES = frozenset({"games", "seats", "actions", "snapshots", "decisions", "notes"})


def check_database(path: str | PathLike[str]) -> None:
    """Refuse an existing file that is not a complete database of this program: not SQLite at all, without its
    schema (a zero-length file, a copy of the main file taken without its ``-wal`` file before SQLite's first
    checkpoint), another program's database, or one made by a newer version of this program. Reads only."""
    name = os.fspath(path)
    db = sqlite3.connect(name)
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        tables = {str(n) for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as error:
        raise DatabaseRefused(f"{name} is not an evolution-bot database ({error}). {_WHAT_TO_DO}", path=name,
                              reason="not_sqlite") from None  # fmt: skip
    finally:
        db.close()
    known = len(migrations())
    if version > known:
        raise DatabaseRefused(f"{name}: the database's schema version {version} is newer than this program's "
                              f"({known}); run a newer evolution-bot", path=name, reason="newer", version=version,
                              known=known)  # fmt: skip
    if version == 0 or not tables >= SCHEMA_TABLES:
        raise DatabaseRefused(
            f"{name} holds no complete evolution-bot database (a zero-length file, a copy taken without its -wal "
            f"file, or another program's database). {_WHAT_TO_DO}",
            path=name,
            reason="no_schema",
        )


_WHAT_TO_DO = (
    "Restore it from a copy made with `evolution-bot backup PATH`, or move it away to start with an empty database."
)


#: Beside a database's path while the database is being made there: a file there without its marker is whole.
CREATING = ".creating"


@contextlib.asynccontextmanager
async def _making(path: str) -> AsyncIterator[bool]:
    """Whether the database at ``path`` is to be made now, by the body of this context: True when no file is there,
    or when the file there is one a start of this program began to make and was killed before it finished (the
    marker ``path + CREATING`` is beside it, and it holds nothing yet: zero length, or a database without any
    schema). Its marker is removed once the body succeeded, after the schema's commit.

    Only the marker tells such a file from a main file copied without its ``-wal`` (refused, never started
    afresh over): it is made, and on disk, before the database file. A file with a schema is never touched here,
    even beside a marker (the start that made it was killed before it removed the marker). Processes starting at
    once take turns on a lock of the marker; the later ones find the database made.
    """
    marker = path + CREATING
    if os.path.exists(path) and not os.path.exists(marker):
        yield False
        return
    try:
        fd = os.open(marker, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise DatabaseRefused(f"{path}: no database can be made there ({error.strerror})", path=path,
                              reason="cannot_create", error=str(error.strerror)) from None  # fmt: skip
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                await asyncio.sleep(0.05)  # another process is making it
        try:
            held = os.path.samestat(os.fstat(fd), os.stat(marker))
        except FileNotFoundError:
            held = False
        if not held:
            # The process we waited for made the database and removed its marker.
            yield False
            return
        _sync_folder(path)  # the marker is on disk before the database file is
        making = await asyncio.to_thread(_unfinished, path)
        if not making:
            os.remove(marker)
        yield making
        if making:
            os.remove(marker)
    finally:
        os.close(fd)


def _unfinished(path: str) -> bool:
    """No file at ``path``, or one that holds nothing yet: zero length, or a database without any schema (SQLite
    rolls back or ignores whatever a killed start left uncommitted)."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return True
    db = sqlite3.connect(path)
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        return version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    except sqlite3.DatabaseError:
        return False  # not SQLite: check_database refuses it
    finally:
        db.close()


def _sync_folder(path: str) -> None:
    """Make the files created in ``path``'s folder so far survive a power loss (their names are the folder's)."""
    folder = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


async def _migrate(db: aiosqlite.Connection) -> None:
    rows = await db.execute_fetchall("PRAGMA user_version")
    for step in to_apply(int(next(iter(rows))[0])):
        try:
            # executescript runs the whole file; the version bump commits with it or not at all.
            await db.executescript(f"BEGIN IMMEDIATE;\n{step.sqlite}\n;PRAGMA user_version = {step.number};\nCOMMIT;")
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise


async def _insert_seats(db: aiosqlite.Connection, game_id: int, seats: Iterable[SeatRow]) -> None:
    await db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, is_computer, joined_at, level) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(game_id, s.seat, s.user_id, s.name, int(s.is_computer), _text(s.joined_at), s.level) for s in seats],
    )


async def _insert_notes(db: aiosqlite.Connection, game_id: int, notes: Iterable[NoteRow]) -> None:
    rows = [(game_id, n.version, n.kind, n.seat, n.user_id, n.actor_id, _text(n.at), _json(n.detail)) for n in notes]
    if rows:
        await db.executemany(
            "INSERT INTO notes (game_id, version, kind, seat, user_id, actor_id, at, detail) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


async def _replace_decisions(db: aiosqlite.Connection, game_id: int, decisions: Sequence[DecisionRow]) -> None:
    await db.execute("DELETE FROM decisions WHERE game_id = ?", (game_id,))
    if decisions:
        await db.executemany(
            "INSERT INTO decisions (game_id, seat, kind, version, since, extra_seconds, reminded, due_at, remind_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, *_decision_columns(d)) for d in decisions],
        )


async def _end(db: aiosqlite.Connection, game_id: int, ending: Ending) -> None:
    await db.execute(
        "UPDATE games SET status = ?, finished_at = ?, outcome = ? WHERE id = ?",
        (ending.status, _text(ending.at), None if ending.outcome is None else _json(ending.outcome), game_id),
    )
    await db.execute("DELETE FROM decisions WHERE game_id = ?", (game_id,))


def backup(source: str | PathLike[str], target: str | PathLike[str]) -> None:
    """Copy the database at ``source`` to ``target`` with SQLite's online backup API, safely while the bot runs.

    The copy holds every committed transaction, those still in the ``-wal`` file included (copying the main file
    alone loses them, and before SQLite's first checkpoint holds no game at all). It is written beside ``target``,
    turned into one self-contained file (rollback journal, no ``-wal``), checked, and only then moved over
    ``target``, so a failed backup never leaves a half-written copy under that name.
    """
    source_name, target_name = os.fspath(source), os.fspath(target)
    if not os.path.isfile(source_name):
        raise DatabaseRefused(f"{source_name}: there is no database to back up", path=source_name, reason="missing")
    if os.path.exists(target_name) and os.path.samefile(source_name, target_name):
        raise DatabaseRefused(f"{target_name} is the database itself: back it up to another file", path=target_name,
                              reason="same_file")  # fmt: skip
    partial = target_name + ".partial"
    with contextlib.suppress(FileNotFoundError):
        os.remove(partial)
    check_database(source_name)
    src = sqlite3.connect(source_name)
    try:
        dst = sqlite3.connect(partial)
        try:
            # One step (pages=-1): a consistent snapshot under one read transaction, whatever the bot writes.
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
            if dst.execute("PRAGMA integrity_check").fetchone() != ("ok",):
                raise DatabaseRefused(f"{target_name}: the copy of {source_name} failed its integrity check",
                                      path=target_name, reason="copy_damaged")  # fmt: skip
        finally:
            dst.close()
        os.replace(partial, target_name)
    finally:
        src.close()
        with contextlib.suppress(FileNotFoundError):
            os.remove(partial)
