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
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from game_service.storage.dialect import SQLITE
from game_service.storage.migrations import migrations, to_apply
from game_service.storage.queries import SqlRepository
from game_service.storage.queries.actions import Logged
from game_service.storage.queries.rows import decision_columns
from game_service.storage.queries.session import Session, Unit
from game_service.storage.repository import (
    DatabaseRefused,
    json_text,
)

T = TypeVar("T")

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
    unit: Unit[Any] | None = None
    action: tuple[Any, ...] | None = None
    #: Raised instead of a constraint failure when this write, retried alone, is refused.
    conflict: Exception | None = None


def _json_rows(rows: Sequence[Any]) -> str:
    return json.dumps(rows, separators=(",", ":"), ensure_ascii=False)


class _Session(Session):
    """The repository's one connection."""

    dialect = SQLITE
    integrity_error = sqlite3.IntegrityError

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    # No await before the driver's call: a read is queued on the connection the moment it is made (see _read).
    async def fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]:
        return list(await self._db.execute_fetchall(SQLITE.sql(sql), args))

    async def execute(self, sql: str, *args: Any) -> int:
        cursor = await self._db.execute(SQLITE.sql(sql), args)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._db.executemany(SQLITE.sql(sql), rows)

    async def copy_in(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        marks = ", ".join("?" for _ in columns)
        await self._db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)


class SqliteRepository(SqlRepository):
    """Storage in one SQLite file. Open with :meth:`open`; close with :meth:`close`."""

    dialect = SQLITE

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._session = _Session(db)
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
        return int(await self._read(lambda db: db.fetchval("PRAGMA user_version")))

    def hold(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        # One process owns the file: the service's own per-game lock serialises a game's requests. A second
        # process on the same file is still refused a stale write by the version check of every action.
        return contextlib.nullcontext()

    async def _read(self, query: Callable[[Session], Awaitable[T]]) -> T:
        while not self._idle.is_set():
            await self._idle.wait()
        # No await between the check and the call: the query is queued on the connection before any later BEGIN.
        return await query(self._session)

    async def _export(self, sql: str) -> AsyncIterator[Sequence[Any]]:
        # One statement reads in one snapshot, even while the bot writes through another connection.
        for row in await self._read(lambda db: db.fetch(sql)):
            yield row

    async def imported(self) -> None:
        """Nothing to do: SQLite numbers a new row after the highest id in its table."""

    # Writes: queued, committed in groups by one flusher.

    async def _write(self, unit: Unit[T], *, conflict: Exception | None = None) -> T:
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
                results.append(await pending.unit(self._session))
            await db.execute("COMMIT")
            return results
        except BaseException:
            await self._rollback()
            raise
        finally:
            self._idle.set()

    async def _run_actions(self, batch: list[_Pending]) -> list[Any]:
        # One statement, so one implicit transaction: every row is written, or (on any error) none.
        await self._db.execute(_ACTION_WRITE, (_json_rows([p.action for p in batch]),))
        return [None] * len(batch)

    async def _rollback(self) -> None:
        if self._db.in_transaction:
            # The transaction may already be gone (SQLite rolls back by itself after some errors).
            with contextlib.suppress(sqlite3.Error):
                await self._db.execute("ROLLBACK")

    # Actions through the action_writes view of migration 0002, whose trigger checks the version, logs the action,
    # moves the snapshot on and replaces the decisions or closes the game.

    async def _write_action(self, logged: Logged) -> None:
        # The hot path: one row of the group's one statement.
        future = asyncio.get_running_loop().create_future()
        await self._enqueue(_Pending(future, action=_action_row(logged), conflict=logged.conflict))

    async def _log(self, db: Session, logged: Logged) -> None:
        # The same trigger as the hot path, for one row, in a transaction that writes what the action caused.
        await db.execute(_ACTION_WRITE, _json_rows([_action_row(logged)]))


def _action_row(logged: Logged) -> tuple[Any, ...]:
    """An action as a row of the ``action_writes`` view."""
    action, snapshot, ending = logged.action, logged.snapshot, logged.ending
    return (
        logged.game_id,
        action.version,
        action.seat,
        action.user_id,
        action.kind,
        action.action,
        SQLITE.moment(action.at),
        snapshot.format,
        snapshot.state,
        snapshot.checksum,
        _json_rows([decision_columns(SQLITE, d) for d in logged.decisions]),
        None if ending is None else ending.status,
        None if ending is None else SQLITE.moment(ending.at),
        None if ending is None or ending.outcome is None else json_text(ending.outcome),
    )


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
