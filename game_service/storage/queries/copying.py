"""Copying a whole database, table by table as :mod:`game_service.storage.schema` declares them: counted, exported
in one snapshot, imported in bulk.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

from game_service.storage.queries.session import Backend
from game_service.storage.schema import TABLES


def _table(name: str) -> str:
    if name not in TABLES:
        raise ValueError(f"no table {name!r}")
    return name


class CopyQueries(Backend):
    """A whole database copied table by table."""

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
