"""The schema's migrations: one numbered list of steps, each written once where the two dialects agree.

A step is shipped as package data in up to three files:

* ``NNNN_name.sql``: what both dialects do, in the words of :mod:`game_service.storage.dialect` where they spell a
  thing differently (``{moment}``, ``{flag:NAME}``, ``{id}``...), so that a table, column or index added here is
  added to both schemas, in each one's types;
* ``NNNN_name.sqlite.sql`` and ``NNNN_name.postgresql.sql``: what only one dialect does, as written, run after
  the shared text (SQLite's one-statement action writes and their trigger, its table rebuilt where PostgreSQL
  alters a constraint).

:func:`migrations` refuses two names for one number, a gap in the numbers, an unknown word, and a step without a
shared text that lacks a text for either dialect (a dialect with nothing to do says why in a comment), so the two
schemas cannot drift apart by omission; ``tests/service/test_schema.py`` checks that both end up with the tables,
columns, keys and constraints that :mod:`game_service.storage.schema` declares, and that a database of every earlier
version migrates to the same schema as a new one. SQLite counts the steps applied in ``PRAGMA user_version``,
PostgreSQL in its ``schema_migrations`` table.
"""

from __future__ import annotations

import importlib.resources
import re
from dataclasses import dataclass

from game_service.storage.dialect import DIALECTS, Dialect
from game_service.storage.repository import DatabaseRefused

_FILE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.(?:(sqlite|postgresql)\.)?sql$")
#: The key of a step's shared text among its files.
_SHARED = ""


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    #: The step's whole text in each dialect: the shared text spelt in it, then its own.
    sqlite: str
    postgresql: str

    def text(self, dialect: Dialect) -> str:
        return self.sqlite if dialect.name == "sqlite" else self.postgresql


def migrations() -> tuple[Migration, ...]:
    """Every step, in order (numbers 1, 2, 3... without a gap), each with its SQLite and PostgreSQL text."""
    texts: dict[tuple[int, str], dict[str, str]] = {}
    for entry in importlib.resources.files(__name__).iterdir():
        match = _FILE.match(entry.name)
        if match:
            number, name, dialect = int(match.group(1)), match.group(2), match.group(3) or _SHARED
            texts.setdefault((number, name), {})[dialect] = entry.read_text(encoding="utf-8")
    steps = sorted(texts)
    if [number for number, _ in steps] != list(range(1, len(steps) + 1)):
        raise RuntimeError(f"migration numbers are not 1..{len(steps)} once each: {steps}")
    return tuple(_step(number, name, texts[number, name]) for number, name in steps)


def _step(number: int, name: str, files: dict[str, str]) -> Migration:
    own = {d.name for d in DIALECTS}
    if _SHARED not in files and set(files) != own:
        raise RuntimeError(f"migration {number:04d}_{name} has no shared text and lacks its {own - set(files)} text")
    shared = files.get(_SHARED)
    whole = {
        d.name: "\n".join(text for text in (None if shared is None else d.spell(shared), files.get(d.name)) if text)
        for d in DIALECTS
    }
    return Migration(number, name, whole["sqlite"], whole["postgresql"])


def to_apply(current: int) -> tuple[Migration, ...]:
    """The steps a database at schema version ``current`` still lacks; :class:`DatabaseRefused` when it is newer
    than this program."""
    known = migrations()
    if current > len(known):
        raise DatabaseRefused(f"the database's schema version {current} is newer than this program's ({len(known)})",
                              path="", reason="newer", version=current, known=len(known))  # fmt: skip
    return known[current:]
