"""The schema's migrations: one numbered list, each step written in both dialects.

A step is a pair of files, ``NNNN_name.sqlite.sql`` and ``NNNN_name.postgresql.sql``, shipped as package data.
:func:`migrations` reads them into one list of :class:`Migration` and refuses a step that has one dialect's text
without the other's, two names for one number, or a gap in the numbers, so the two schemas cannot drift apart by
omission; ``tests/service/test_schema.py`` checks that both end up with the tables, columns, keys and constraints
that :mod:`game_service.storage.schema` declares. SQLite counts the steps applied in ``PRAGMA user_version``,
PostgreSQL in its ``schema_migrations`` table.
"""

from __future__ import annotations

import importlib.resources
import re
from dataclasses import dataclass

_FILE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.(sqlite|postgresql)\.sql$")
DIALECTS = ("sqlite", "postgresql")


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    sqlite: str
    postgresql: str

    def text(self, dialect: str) -> str:
        return self.sqlite if dialect == "sqlite" else self.postgresql


def migrations() -> tuple[Migration, ...]:
    """Every step, in order (numbers 1, 2, 3... without a gap), each with its SQLite and PostgreSQL text."""
    texts: dict[tuple[int, str], dict[str, str]] = {}
    for entry in importlib.resources.files(__name__).iterdir():
        match = _FILE.match(entry.name)
        if match:
            number, name, dialect = int(match.group(1)), match.group(2), match.group(3)
            texts.setdefault((number, name), {})[dialect] = entry.read_text(encoding="utf-8")
    steps = sorted(texts)
    if [number for number, _ in steps] != list(range(1, len(steps) + 1)):
        raise RuntimeError(f"migration numbers are not 1..{len(steps)} once each: {steps}")
    for key, found in texts.items():
        if set(found) != set(DIALECTS):
            raise RuntimeError(f"migration {key[0]:04d}_{key[1]} lacks its {set(DIALECTS) - set(found)} text")
    return tuple(Migration(n, name, texts[n, name]["sqlite"], texts[n, name]["postgresql"]) for n, name in steps)
