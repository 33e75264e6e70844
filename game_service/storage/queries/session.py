"""What the queries need of a backend: a :class:`Session` (one of its connections, taking statements written once)
and the :class:`Backend` the queries run on (its dialect, how a read and a write reach a session, how a whole table
is read).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, ClassVar, TypeVar

from game_service.storage.dialect import Dialect

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


class Backend(ABC):
    """What a backend supplies the queries (:mod:`game_service.storage.queries`): its dialect, and how a read, a
    write and a whole table's export reach its sessions."""

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
