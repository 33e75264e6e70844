"""The PostgreSQL backend of :class:`~game_service.storage.repository.Repository` (asyncpg, a pool of connections),
for a bot that outgrows one process: several bot processes share one database server.

Every write method is one transaction (READ COMMITTED). What keeps several processes from stepping on each other:

* **A game's requests are serialised across processes** by :meth:`PostgresRepository.hold`: a session-level
  advisory lock keyed by the game's id, taken on a connection that the holding task then uses for every call it
  makes until it lets go (so a holder never waits for a second connection, and a full pool cannot deadlock).
  The server drops the lock with the connection, so a process killed while holding one blocks nobody.
* **No lost update, no double apply** even without that lock: an action is written only if the game's snapshot,
  read ``FOR UPDATE``, is at the version before it and the game is running, and the log's primary key
  ``(game_id, version)`` admits each version once (:class:`VersionConflict` otherwise).
* **Reminders are handed out once at a time**: the outbox's rows are claimed ``FOR UPDATE SKIP LOCKED``; a
  reminder is queued only if its decision still has the reminder count it was read with.

Schema: the PostgreSQL texts of :mod:`game_service.storage.migrations`, applied in one transaction under a
transaction-level advisory lock (several processes starting at once migrate once) and counted in the
``schema_migrations`` table. Moments are ``timestamptz``, flags ``boolean``; JSON stays text
(:mod:`game_service.storage.schema`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import asyncpg

from game_service.storage.migrations import to_apply
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
    folded_meanwhile,
    json_text,
    ratings_from_rows,
)
from game_service.storage.schema import NUMBERED, TABLES

#: The transaction-level advisory lock (in the two-key space, apart from the games' one-key locks) under which a
#: process migrates.
_MIGRATION_LOCK = (0x45564F, 1)
#: Connections each process keeps at most (a holder of a game's lock keeps one for the length of the request).
DEFAULT_POOL_SIZE = 10

Connection = asyncpg.pool.PoolConnectionProxy
#: The connection a task holds a game's lock on: (repository, task, connection).
_HELD: contextvars.ContextVar[tuple[object, asyncio.Task[Any] | None, Connection] | None] = contextvars.ContextVar(
    "evolution_postgres_held", default=None
)


def _moment(value: datetime) -> datetime:
    if value.tzinfo is None:
        raise ValueError("timestamps must be timezone-aware")
    return value


def _maybe(value: datetime | None) -> datetime | None:
    return None if value is None else _moment(value)


#: A server's finished games with their seats and handovers (bound: the server id as ``$1``); conditions may follow.
_FINISHED_GAMES = """
    SELECT g.id, g.ruleset, g.finished_at, g.outcome,
           array(SELECT (t.seat, t.user_id, t.name, t.is_computer, t.joined_at, t.level)
                 FROM seats t WHERE t.game_id = g.id ORDER BY t.seat),
           array(SELECT (n.seat, n.user_id) FROM notes n WHERE n.game_id = g.id AND n.kind = 'seat_to_computer'),
           g.rated
    FROM games g
    WHERE g.server_id = $1 AND g.status = 'finished'"""


def _finished_games(rows: Iterable[asyncpg.Record]) -> list[FinishedGame]:
    return [
        FinishedGame(gid, ruleset, finished, json.loads(outcome), tuple(SeatRow(*s) for s in seats),
                     {int(seat): str(user) for seat, user in handed}, rated)
        for gid, ruleset, finished, outcome, seats, handed, rated in rows
    ]  # fmt: skip


def _decision(r: Sequence[Any]) -> DecisionRow:
    return DecisionRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])


def _changed(status: str) -> int:
    """The row count of a command status such as ``UPDATE 1`` or ``INSERT 0 1``."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresRepository:
    """Storage in a PostgreSQL database. Open with :meth:`open` (a ``postgresql://`` URL); close with :meth:`close`."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str, *, pool_size: int = DEFAULT_POOL_SIZE) -> PostgresRepository:
        """Connect to the database at ``url`` and bring its schema up to date (a database made by a newer version of
        this program is refused with :class:`DatabaseRefused`)."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        try:
            async with pool.acquire() as db:
                await _migrate(db)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        """The connection this task holds a game's lock on, else one from the pool for the length of the call."""
        held = _HELD.get()
        if held is not None and held[0] is self and held[1] is asyncio.current_task():
            yield held[2]
            return
        async with self._pool.acquire() as db:
            yield db

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        async with self._connection() as db, db.transaction():
            yield db

    @contextlib.asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        async with self._pool.acquire() as db:
            await db.execute("SELECT pg_advisory_lock($1)", game_id)
            token = _HELD.set((self, asyncio.current_task(), db))
            try:
                yield
            finally:
                _HELD.reset(token)
                # If this fails (the connection broke), the pool's reset or the server drops the lock anyway.
                await db.execute("SELECT pg_advisory_unlock($1)", game_id)

    async def schema_version(self) -> int:
        async with self._connection() as db:
            return int(await db.fetchval("SELECT coalesce(max(number), 0) FROM schema_migrations"))

    # Reads.

    async def active_game_id(self, channel_id: str) -> int | None:
        async with self._connection() as db:
            found = await db.fetchval(
                "SELECT id FROM games WHERE channel_id = $1 AND status IN ('lobby', 'running')", channel_id
            )
        return None if found is None else int(found)

    async def load_game(self, game_id: int) -> GameRow | None:
        # One statement, so one consistent read: the seats and decisions come along as arrays of rows.
        async with self._connection() as db:
            row = await db.fetchrow(
                """
                SELECT g.id, g.channel_id, g.ruleset, g.options, g.settings, g.seed, g.host_id, g.status,
                       g.created_at, g.started_at, g.finished_at, g.outcome, s.version, s.checksum,
                       (SELECT coalesce(max(a.version), 0) FROM actions a WHERE a.game_id = g.id),
                       array(SELECT (t.seat, t.user_id, t.name, t.is_computer, t.joined_at, t.level)
                             FROM seats t WHERE t.game_id = g.id ORDER BY t.seat),
                       array(SELECT (d.seat, d.kind, d.version, d.since, d.extra_seconds, d.reminded, d.due_at,
                                     d.remind_at)
                             FROM decisions d WHERE d.game_id = g.id ORDER BY d.seat)
                FROM games g LEFT JOIN snapshots s ON s.game_id = g.id
                WHERE g.id = $1
                """,
                game_id,
            )
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
            created_at=created,
            started_at=started,
            finished_at=finished,
            outcome=None if outcome is None else json.loads(outcome),
            seats=tuple(SeatRow(*s) for s in seats),
            decisions=tuple(_decision(d) for d in decisions),
            snapshot_version=snap_version,
            snapshot_checksum=snap_checksum,
            log_version=log_version,
        )

    async def load_snapshot(self, game_id: int) -> Snapshot | None:
        async with self._connection() as db:
            row = await db.fetchrow(
                "SELECT version, format, state, checksum FROM snapshots WHERE game_id = $1", game_id
            )
        return None if row is None else Snapshot(*row)

    async def load_actions(self, game_id: int) -> list[ActionRow]:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT version, seat, user_id, kind, action, at FROM actions WHERE game_id = $1 ORDER BY version",
                game_id,
            )
        return [ActionRow(*r) for r in rows]

    async def load_notes(self, game_id: int) -> list[NoteRow]:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT kind, version, at, seat, user_id, actor_id, detail FROM notes WHERE game_id = $1 ORDER BY id",
                game_id,
            )
        return [NoteRow(k, v, t, s, u, a, json.loads(d)) for k, v, t, s, u, a, d in rows]

    async def waiting_for(self, user_id: str) -> list[Waiting]:
        async with self._connection() as db:
            rows = await db.fetch(
                """
                SELECT g.id, g.channel_id, g.ruleset, d.seat, d.kind, n.version, d.since, d.due_at
                FROM seats s
                JOIN decisions d ON d.game_id = s.game_id AND d.seat = s.seat
                JOIN games g ON g.id = s.game_id
                JOIN snapshots n ON n.game_id = s.game_id
                WHERE s.user_id = $1 AND g.status = 'running'
                ORDER BY d.since, g.id
                """,
                user_id,
            )
        return [Waiting(*r) for r in rows]

    async def games_of(self, user_id: str) -> list[int]:
        async with self._connection() as db:
            rows = await db.fetch(
                """
                SELECT DISTINCT g.id FROM seats s JOIN games g ON g.id = s.game_id
                WHERE s.user_id = $1 AND g.status = 'running'
                ORDER BY g.id
                """,
                user_id,
            )
        return [int(game_id) for (game_id,) in rows]

    async def running_games(self) -> list[tuple[int, str, int, dict[str, Any]]]:
        async with self._connection() as db:
            rows = await db.fetch(
                """
                SELECT g.id, g.channel_id, s.version, g.settings
                FROM games g JOIN snapshots s ON s.game_id = g.id
                WHERE g.status = 'running'
                ORDER BY g.id
                """
            )
        return [
            (int(game_id), str(channel_id), int(version), json.loads(settings))
            for game_id, channel_id, version, settings in rows
        ]

    async def recent_games(self, channel_id: str, limit: int) -> list[int]:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT id FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT $2", channel_id, limit
            )
        return [int(game_id) for (game_id,) in rows]

    async def due(self, now: datetime, limit: int, channels: Sequence[str] | None = None) -> list[Due]:
        async with self._connection() as db:
            rows = await db.fetch(
                """
                SELECT d.game_id, d.seat, d.version, d.due_at, d.remind_at
                FROM decisions d JOIN games g ON g.id = d.game_id
                WHERE g.status = 'running' AND (d.due_at <= $1 OR d.remind_at <= $1)
                  AND ($3::text[] IS NULL OR g.channel_id = ANY($3::text[]))
                ORDER BY least(d.due_at, d.remind_at), d.game_id, d.seat
                LIMIT $2
                """,
                _moment(now),
                limit,
                None if channels is None else list(channels),
            )
        return [Due(*r) for r in rows]

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
            arguments.append(ruleset)
            conditions.append(f"g.ruleset = ${len(arguments)}")
        if after is not None:
            arguments += [_moment(after[0]), after[1]]
            conditions.append(f"(g.finished_at, g.id) > (${len(arguments) - 1}, ${len(arguments)})")
        return await self._finished(conditions, arguments, limit)

    async def games_to_rate(self, server_id: str, *, limit: int | None = None) -> list[FinishedGame]:
        return await self._finished(["NOT g.rated"], [server_id], limit)

    async def _finished(self, conditions: list[str], arguments: list[Any], limit: int | None) -> list[FinishedGame]:
        # LIMIT NULL is no limit.
        order = f" ORDER BY g.finished_at, g.id LIMIT ${len(arguments) + 1}"
        async with self._connection() as db:
            rows = await db.fetch("".join([_FINISHED_GAMES, *(f" AND {c}" for c in conditions), order]), *arguments,
                                  limit)  # fmt: skip
        # Thousands of games take a good part of a second to read into rows: off the event loop.
        return await asyncio.to_thread(_finished_games, rows)

    async def stored_ratings(self, server_id: str) -> StoredRatings:
        async with self._connection() as db:
            # One statement, so one consistent read of the tables and their players.
            rows = await db.fetch(
                """
                SELECT t.ruleset, t.version, t.games, t.last_finished_at, t.last_game_id,
                       r.kind, r.who, r.name, r.played, r.won, r.mu, r.sigma
                FROM rating_tables t LEFT JOIN ratings r ON r.server_id = t.server_id AND r.ruleset = t.ruleset
                WHERE t.server_id = $1
                """,
                server_id,
            )
        return ratings_from_rows((RatingTable(*r[:5]), tuple(r[5:])) for r in rows)

    async def next_due(self) -> datetime | None:
        async with self._connection() as db:
            found: datetime | None = await db.fetchval(
                """
                -- Each part can use its column's index; least() skips NULLs.
                SELECT least(
                    (SELECT min(d.due_at) FROM decisions d JOIN games g ON g.id = d.game_id
                     WHERE d.due_at IS NOT NULL AND g.status = 'running'),
                    (SELECT min(d.remind_at) FROM decisions d JOIN games g ON g.id = d.game_id
                     WHERE d.remind_at IS NOT NULL AND g.status = 'running'))
                """
            )
        return found

    async def missed_in_a_row(self, game_id: int, seat: int, limit: int) -> int:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT kind FROM actions WHERE game_id = $1 AND seat = $2 AND kind IN ('player', 'timeout') "
                "ORDER BY version DESC LIMIT $3",
                game_id,
                seat,
                limit,
            )
        count = 0
        for (kind,) in rows:
            if kind != "timeout":
                break
            count += 1
        return count

    async def load_votes(self, game_id: int) -> list[VoteRow]:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT kind, voter_id, at, target_seat, target_version FROM votes WHERE game_id = $1 ORDER BY at",
                game_id,
            )
        return [VoteRow(*r) for r in rows]

    # Writes: each one transaction.

    async def create_game(self, game: NewGame, host: SeatRow, note: NoteRow) -> int:
        async with self._transaction() as db:
            try:
                game_id: int = await db.fetchval(
                    "INSERT INTO games (channel_id, ruleset, options, settings, host_id, status, created_at, "
                    "server_id) VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7) RETURNING id",
                    game.channel_id,
                    game.ruleset,
                    json_text(game.options),
                    json_text(game.settings),
                    game.host_id,
                    _moment(game.created_at),
                    game.server_id,
                )
            except asyncpg.UniqueViolationError:
                raise ChannelBusy(game.channel_id) from None
            await _insert_seats(db, game_id, (host,))
            await _insert_notes(db, game_id, (note,))
        return game_id

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
        async with self._transaction() as db:
            if at_version is not None:
                version = await db.fetchval("SELECT version FROM snapshots WHERE game_id = $1 FOR UPDATE", game_id)
                if version != at_version:
                    raise VersionConflict(game_id, at_version)
            assignments = ["host_id = $2"]
            params: list[Any] = [game_id, host_id]
            if settings is not None:
                params.append(json_text(settings))
                assignments.append(f"settings = ${len(params)}")
            if ending is not None:
                outcome = None if ending.outcome is None else json_text(ending.outcome)
                params += [ending.status, _moment(ending.at), outcome]
                assignments.append(f"status = ${len(params) - 2}, finished_at = ${len(params) - 1}, "
                                   f"outcome = ${len(params)}")  # fmt: skip
            status = await db.execute(
                f"UPDATE games SET {', '.join(assignments)} WHERE id = $1 AND status IN ('lobby', 'running')", *params
            )
            if _changed(status) != 1:
                raise StorageConflict(f"game {game_id} is not active")
            if seats is not None:
                await db.execute("DELETE FROM seats WHERE game_id = $1", game_id)
                await _insert_seats(db, game_id, seats)
            if ending is not None:
                await db.execute("DELETE FROM decisions WHERE game_id = $1", game_id)
            elif decisions is not None:
                await _replace_decisions(db, game_id, decisions)
            await _insert_notes(db, game_id, notes)
            if clear_votes or ending is not None:
                await db.execute("DELETE FROM votes WHERE game_id = $1", game_id)
            if votes:
                await db.executemany(
                    "INSERT INTO votes (game_id, kind, target_seat, target_version, voter_id, at) "
                    "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                    [(game_id, v.kind, v.target_seat, v.target_version, v.voter_id, _moment(v.at)) for v in votes],
                )

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
        async with self._transaction() as db:
            status = await db.execute(
                "UPDATE games SET status = 'running', seed = $2, started_at = $3 WHERE id = $1 AND status = 'lobby'",
                game_id,
                seed,
                _moment(started_at),
            )
            if _changed(status) != 1:
                raise VersionConflict(game_id, snapshot.version)
            await db.execute(
                "INSERT INTO snapshots (game_id, version, format, state, checksum) VALUES ($1, $2, $3, $4, $5)",
                game_id, snapshot.version, snapshot.format, snapshot.state, snapshot.checksum,
            )  # fmt: skip
            await _replace_decisions(db, game_id, decisions)
            await _insert_notes(db, game_id, (note,))
            if ending is not None:
                await _end(db, game_id, ending)

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
        conflict = VersionConflict(game_id, action.version - 1)
        try:
            async with self._transaction() as db:
                # The row locks make a second writer of this game wait here, then see the version moved on.
                current = await db.fetchval(
                    "SELECT s.version FROM snapshots s JOIN games g ON g.id = s.game_id "
                    "WHERE s.game_id = $1 AND g.status = 'running' FOR UPDATE",
                    game_id,
                )
                if current != action.version - 1:
                    raise conflict
                await db.execute(
                    "INSERT INTO actions (game_id, version, seat, user_id, kind, action, at) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    game_id, action.version, action.seat, action.user_id, action.kind, action.action,
                    _moment(action.at),
                )  # fmt: skip
                await db.execute(
                    "UPDATE snapshots SET version = $2, format = $3, state = $4, checksum = $5 WHERE game_id = $1",
                    game_id, snapshot.version, snapshot.format, snapshot.state, snapshot.checksum,
                )  # fmt: skip
                if ending is None:
                    await _replace_decisions(db, game_id, decisions)
                else:
                    await _end(db, game_id, ending)
                if host_id is not None:
                    await db.execute("UPDATE games SET host_id = $2 WHERE id = $1", game_id, host_id)
                if seats is not None:
                    await db.execute("DELETE FROM seats WHERE game_id = $1", game_id)
                    await _insert_seats(db, game_id, seats)
                await _insert_notes(db, game_id, notes)
        except asyncpg.IntegrityConstraintViolationError:
            raise conflict from None

    async def replace_snapshot(self, game_id: int, *, snapshot: Snapshot, decisions: Sequence[DecisionRow]) -> None:
        async with self._transaction() as db:
            await db.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)
            head = await db.fetchval("SELECT coalesce(max(version), 0) FROM actions WHERE game_id = $1", game_id)
            if head != snapshot.version:
                raise VersionConflict(game_id, snapshot.version)
            await db.execute(
                "INSERT INTO snapshots (game_id, version, format, state, checksum) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, format = excluded.format, "
                "state = excluded.state, checksum = excluded.checksum",
                game_id, snapshot.version, snapshot.format, snapshot.state, snapshot.checksum,
            )  # fmt: skip
            await _replace_decisions(db, game_id, decisions)

    async def claim_games(self, server_id: str, channels: Sequence[str]) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET server_id = $1 WHERE server_id IS NULL AND channel_id = ANY($2::text[])",
                server_id,
                list(channels),
            )

    async def store_ratings(
        self, server_id: str, *, tables: Sequence[RatingTable], players: Sequence[RatingRow], rated: Sequence[int]
    ) -> None:
        async with self._transaction() as db:
            for table in tables:
                last = (table.games, _moment(table.last_finished_at), table.last_game_id, server_id, table.ruleset)
                # Under READ COMMITTED a second writer of the same table waits for the first, then finds the
                # version moved on (or the row there) and changes nothing.
                if table.version == 0:
                    status = await db.execute(
                        "INSERT INTO rating_tables (games, last_finished_at, last_game_id, server_id, ruleset, "
                        "version) VALUES ($1, $2, $3, $4, $5, 1) ON CONFLICT DO NOTHING",
                        *last,
                    )
                else:
                    status = await db.execute(
                        "UPDATE rating_tables SET games = $1, last_finished_at = $2, last_game_id = $3, "
                        "version = version + 1 WHERE server_id = $4 AND ruleset = $5 AND version = $6",
                        *last,
                        table.version,
                    )
                if _changed(status) != 1:
                    raise folded_meanwhile(server_id, table.ruleset)
            status = await db.execute(
                "UPDATE games SET rated = true WHERE id = ANY($1::bigint[]) AND server_id = $2 "
                "AND status = 'finished' AND NOT rated",
                list(rated),
                server_id,
            )
            if _changed(status) != len(rated):
                raise folded_meanwhile(server_id, None)
            await db.executemany(
                "INSERT INTO ratings (server_id, ruleset, kind, who, name, played, won, mu, sigma) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (server_id, ruleset, kind, who) DO UPDATE "
                "SET name = excluded.name, played = excluded.played, won = excluded.won, mu = excluded.mu, "
                "sigma = excluded.sigma",
                [(server_id, p.ruleset, p.kind, p.who, p.name, p.played, p.won, p.mu, p.sigma) for p in players],
            )

    # What the front ends keep.

    async def load_front_end(self, game_id: int) -> Mapping[str, Any] | None:
        async with self._connection() as db:
            row = await db.fetchrow(
                "SELECT f.data FROM games g LEFT JOIN front_end f ON f.game_id = g.id WHERE g.id = $1", game_id
            )
        if row is None:
            return None
        return {} if row[0] is None else dict(json.loads(row[0]))

    async def keep_front_end(self, game_id: int, data: Mapping[str, Any], at: datetime) -> bool:
        async with self._transaction() as db:
            status = await db.execute(
                "INSERT INTO front_end (game_id, data, updated_at) SELECT id, $2, $3 FROM games WHERE id = $1 "
                "ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                game_id,
                json_text(data),
                _moment(at),
            )
        return _changed(status) == 1

    async def dms_closed(self, user_id: str) -> datetime | None:
        async with self._connection() as db:
            found: datetime | None = await db.fetchval("SELECT marked_at FROM closed_dms WHERE user_id = $1", user_id)
        return found

    async def mark_dms(self, user_id: str, closed_at: datetime | None) -> None:
        async with self._transaction() as db:
            if closed_at is None:
                await db.execute("DELETE FROM closed_dms WHERE user_id = $1", user_id)
            else:
                await db.execute(
                    "INSERT INTO closed_dms (user_id, marked_at) VALUES ($1, $2) "
                    "ON CONFLICT (user_id) DO UPDATE SET marked_at = excluded.marked_at",
                    user_id,
                    _moment(closed_at),
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
        async with self._transaction() as db:
            current = await db.fetchval(
                "SELECT s.version FROM snapshots s JOIN games g ON g.id = s.game_id "
                "WHERE s.game_id = $1 AND g.status = 'running' FOR UPDATE",
                game_id,
            )
            if current != at_version:
                raise VersionConflict(game_id, at_version)
            # Another scheduler (another process) may have queued this very reminder since we read the game.
            count = await db.fetchval(
                "SELECT reminded FROM decisions WHERE game_id = $1 AND seat = $2 AND version = $3",
                game_id,
                seat,
                version,
            )
            if count != reminded:
                raise StorageConflict(f"game {game_id}: seat {seat}'s reminder was queued already")
            await _replace_decisions(db, game_id, decisions)
            outbox_id: int = await db.fetchval(
                "INSERT INTO outbox (game_id, seat, version, created_at, leased_until) VALUES ($1, $2, $3, $4, $5) "
                "RETURNING id",
                game_id, seat, version, _moment(at), _moment(leased_until),
            )  # fmt: skip
        return outbox_id

    async def claim_reminders(
        self, now: datetime, leased_until: datetime, limit: int, channels: Sequence[str] | None = None
    ) -> list[QueuedReminder]:
        moment = _moment(now)
        async with self._connection() as db:
            if await db.fetchval("SELECT 1 FROM outbox WHERE leased_until <= $1 LIMIT 1", moment) is None:
                return []  # the usual poll: no write transaction for nothing
            async with db.transaction():
                # Rows another process is claiming right now are skipped, never waited for nor taken twice.
                await db.execute(
                    """
                    DELETE FROM outbox WHERE id IN (
                        SELECT o.id FROM outbox o
                        WHERE o.leased_until <= $1 AND NOT EXISTS (
                            SELECT 1 FROM decisions d
                            JOIN games g ON g.id = d.game_id
                            JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat
                            WHERE d.game_id = o.game_id AND d.seat = o.seat AND d.version = o.version
                              AND g.status = 'running' AND s.user_id IS NOT NULL
                        )
                        FOR UPDATE OF o SKIP LOCKED
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
                    WHERE o.leased_until <= $1 AND d.due_at IS NOT NULL
                      AND ($3::text[] IS NULL OR g.channel_id = ANY($3::text[]))
                    ORDER BY o.id
                    LIMIT $2
                    FOR UPDATE OF o SKIP LOCKED
                    """,
                    moment,
                    limit,
                    None if channels is None else list(channels),
                )
                claimed = [QueuedReminder(*r) for r in rows]
                await db.execute(
                    "UPDATE outbox SET leased_until = $1 WHERE id = ANY($2::bigint[])",
                    _moment(leased_until),
                    [q.outbox_id for q in claimed],
                )
        return claimed

    async def confirm_delivery(self, outbox_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM outbox WHERE id = $1", outbox_id)

    # Copying a whole database.

    async def count_rows(self, table: str) -> int:
        async with self._connection() as db:
            return int(await db.fetchval(f"SELECT count(*) FROM {_table(table)}"))

    async def export_rows(self, table: str) -> AsyncIterator[tuple[Any, ...]]:
        columns = ", ".join(name for name, _ in TABLES[_table(table)])
        async with self._connection() as db, db.transaction(isolation="repeatable_read", readonly=True):
            async for record in db.cursor(f"SELECT {columns} FROM {table}"):
                yield tuple(record)

    async def import_rows(self, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        columns = [name for name, _ in TABLES[_table(table)]]
        async with self._transaction() as db:
            await db.copy_records_to_table(table, records=rows, columns=columns)

    async def imported(self) -> None:
        async with self._transaction() as db:
            for table in NUMBERED:
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), coalesce(max(id), 0) + 1, false) "
                    f"FROM {table}"
                )


def _table(name: str) -> str:
    if name not in TABLES:
        raise ValueError(f"no table {name!r}")
    return name


async def _migrate(db: Connection) -> None:
    async with db.transaction():
        # One process migrates; the others wait here, then find nothing left to do.
        await db.execute("SELECT pg_advisory_xact_lock($1, $2)", *_MIGRATION_LOCK)
        await db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (number integer PRIMARY KEY, name text NOT NULL, "
            "applied_at timestamptz NOT NULL DEFAULT now())"
        )
        for step in to_apply(int(await db.fetchval("SELECT coalesce(max(number), 0) FROM schema_migrations"))):
            # asyncpg cannot send a text of comments only (a step with nothing to do in this dialect).
            if any(line.strip() and not line.strip().startswith("--") for line in step.postgresql.splitlines()):
                await db.execute(step.postgresql)
            await db.execute("INSERT INTO schema_migrations (number, name) VALUES ($1, $2)", step.number, step.name)


async def _insert_seats(db: Connection, game_id: int, seats: Iterable[SeatRow]) -> None:
    rows = [(game_id, s.seat, s.user_id, s.name, s.is_computer, _moment(s.joined_at), s.level) for s in seats]
    if rows:
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, is_computer, joined_at, level) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7)",
            rows,
        )


async def _insert_notes(db: Connection, game_id: int, notes: Iterable[NoteRow]) -> None:
    rows = [(game_id, n.version, n.kind, n.seat, n.user_id, n.actor_id, _moment(n.at), json_text(n.detail))
            for n in notes]  # fmt: skip
    if rows:
        await db.executemany(
            "INSERT INTO notes (game_id, version, kind, seat, user_id, actor_id, at, detail) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            rows,
        )


async def _replace_decisions(db: Connection, game_id: int, decisions: Sequence[DecisionRow]) -> None:
    await db.execute("DELETE FROM decisions WHERE game_id = $1", game_id)
    if decisions:
        await db.executemany(
            "INSERT INTO decisions (game_id, seat, kind, version, since, extra_seconds, reminded, due_at, remind_at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            [(game_id, d.seat, d.kind, d.version, _moment(d.since), d.extra_seconds, d.reminded, _maybe(d.due_at),
              _maybe(d.remind_at)) for d in decisions],
        )  # fmt: skip


async def _end(db: Connection, game_id: int, ending: Ending) -> None:
    await db.execute(
        "UPDATE games SET status = $2, finished_at = $3, outcome = $4 WHERE id = $1",
        game_id,
        ending.status,
        _moment(ending.at),
        None if ending.outcome is None else json_text(ending.outcome),
    )
    await db.execute("DELETE FROM decisions WHERE game_id = $1", game_id)
    await db.execute("DELETE FROM votes WHERE game_id = $1", game_id)
