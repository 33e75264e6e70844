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
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar, cast

import asyncpg

from game_service.storage.dialect import POSTGRESQL
from game_service.storage.migrations import to_apply
from game_service.storage.queries import SqlRepository
from game_service.storage.queries.session import Session, Unit
from game_service.storage.schema import NUMBERED

T = TypeVar("T")

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


class _Session(Session):
    """A pooled connection."""

    dialect = POSTGRESQL
    integrity_error = asyncpg.IntegrityConstraintViolationError

    def __init__(self, db: Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]:
        # A record is a sequence of its values (the stubs call it a mapping only).
        return cast(Sequence[Sequence[Any]], await self._db.fetch(POSTGRESQL.sql(sql), *args))

    async def execute(self, sql: str, *args: Any) -> int:
        # The row count of a command status such as ``UPDATE 1`` or ``INSERT 0 1``.
        return int((await self._db.execute(POSTGRESQL.sql(sql), *args)).rsplit(" ", 1)[-1])

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._db.executemany(POSTGRESQL.sql(sql), rows)

    async def copy_in(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        await self._db.copy_records_to_table(table, records=rows, columns=columns)


class PostgresRepository(SqlRepository):
    """Storage in a PostgreSQL database. Open with :meth:`open` (a ``postgresql://`` URL); close with :meth:`close`."""

    dialect = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str, *, pool_size: int = DEFAULT_POOL_SIZE) -> PostgresRepository:
        """Connect to the database at ``url`` and bring its schema up to date (a database made by a newer version of
        this program is refused with :class:`~game_service.storage.repository.DatabaseRefused`)."""
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
        return int(await self._read(lambda db: db.fetchval("SELECT coalesce(max(number), 0) FROM schema_migrations")))

    async def _read(self, query: Callable[[Session], Awaitable[T]]) -> T:
        async with self._connection() as db:
            return await query(_Session(db))

    async def _write(self, unit: Unit[T], *, conflict: Exception | None = None) -> T:
        try:
            async with self._connection() as db, db.transaction():
                return await unit(_Session(db))
        except asyncpg.IntegrityConstraintViolationError:
            if conflict is None:
                raise
            raise conflict from None

    async def _export(self, sql: str) -> AsyncIterator[Sequence[Any]]:
        # A cursor reads the table a batch at a time, all in the one snapshot of a repeatable-read transaction.
        async with self._connection() as db, db.transaction(isolation="repeatable_read", readonly=True):
            async for record in db.cursor(sql):
                yield tuple(record)

    async def imported(self) -> None:
        async with self._connection() as db, db.transaction():
            for table in NUMBERED:
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), coalesce(max(id), 0) + 1, false) "
                    f"FROM {table}"
                )


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
