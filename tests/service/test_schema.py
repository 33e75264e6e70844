"""Both backends' schemas, after every migration, are the schema that game_service/storage/schema.py declares: the
same tables and columns in the same order, the same nullability, primary keys, indexes (unique or not, partial or
not) and foreign keys, and column types that hold the declared kind of value; and a database made by any earlier
version of the program migrates to the very schema a new database gets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game_service.storage import open_repository
from game_service.storage.migrations import migrations
from game_service.storage.schema import FLAG, INTEGER, MOMENT, REAL, TABLES, TEXT
from tests.local_postgres import LocalPostgres
from tests.service.helpers import Database

#: The kinds each backend's column type may hold (SQLite stores moments as text and flags as 0/1).
TYPES = {
    "sqlite": {"INTEGER": {INTEGER, FLAG}, "TEXT": {TEXT, MOMENT}, "REAL": {REAL}},
    "postgresql": {
        "bigint": {INTEGER},
        "boolean": {FLAG},
        "timestamp with time zone": {MOMENT},
        "text": {TEXT},
        "double precision": {REAL},
    },
}


async def described(database: Database) -> dict[str, Any]:
    """Per table: columns (name, kind it may hold, not null, position in the primary key), indexes (name,
    columns, unique, partial) and foreign keys (column, table referred to)."""
    out: dict[str, Any] = {}
    for table in TABLES:
        if database.kind == "sqlite":
            info = await database.fetch(f"PRAGMA table_info({table})")
            columns = [(n, t, bool(nn) or pk > 0, pk) for _, n, t, nn, _, pk in info]
            indexes = set()
            for _, name, unique, origin, partial in await database.fetch(f"PRAGMA index_list({table})"):
                if origin != "pk":
                    cols = tuple(c for _, _, c in await database.fetch(f"PRAGMA index_info({name})"))
                    indexes.add((name, cols, bool(unique), bool(partial)))
            keys = {(f[3], f[2]) for f in await database.fetch(f"PRAGMA foreign_key_list({table})")}
        else:
            columns = await database.fetch(
                "SELECT c.column_name, c.data_type, c.is_nullable = 'NO', "
                "coalesce(array_position(i.indkey::int2[], a.attnum) + 1, 0) FROM information_schema.columns c "
                "JOIN pg_attribute a ON a.attrelid = c.table_name::regclass AND a.attname = c.column_name "
                "LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary "
                "WHERE c.table_schema = 'public' AND c.table_name = ? ORDER BY c.ordinal_position", table)  # fmt: skip
            indexes = {
                (name, tuple(cols), unique, partial)
                for name, unique, partial, cols in await database.fetch(
                    "SELECT c.relname, i.indisunique, i.indpred IS NOT NULL, array(SELECT attname FROM pg_attribute "
                    "WHERE attrelid = i.indrelid AND attnum = ANY(i.indkey) "
                    "ORDER BY array_position(i.indkey::int2[], attnum)) "
                    "FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                    "WHERE i.indrelid = ?::regclass AND NOT i.indisprimary",
                    table,
                )
            }
            keys = set(await database.fetch(
                "SELECT kcu.column_name, ccu.table_name FROM information_schema.table_constraints tc "
                "JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name "
                "JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name "
                "WHERE tc.table_name = ? AND tc.constraint_type = 'FOREIGN KEY'", table))  # fmt: skip
        out[table] = {"columns": [tuple(c) for c in columns], "indexes": indexes, "keys": keys}
    return out


async def test_both_backends_build_the_declared_schema_and_the_same_one(
    tmp_path: Path, postgres: LocalPostgres
) -> None:
    lite = Database("sqlite", tmp_path / "games.db")
    pg = Database("postgresql", postgres.new_database(), postgres)
    for database in (lite, pg):
        await (await open_repository(database.url)).close()
    schemas = {database.kind: await described(database) for database in (lite, pg)}
    for kind, schema in schemas.items():
        assert set(TABLES) <= set(await (lite if kind == "sqlite" else pg).tables())
        for table, columns in TABLES.items():
            found = schema[table]["columns"]
            assert [c[0] for c in found] == [name for name, _ in columns], (kind, table)
            for (name, declared), (_, stored, _, _) in zip(columns, found, strict=True):
                assert declared in TYPES[kind][stored], f"{kind}: {table}.{name} is {stored}, not a {declared}"
    for table in TABLES:
        one, two = schemas["sqlite"][table], schemas["postgresql"][table]
        assert [(n, nn, pk) for n, _, nn, pk in one["columns"]] == [(n, nn, pk) for n, _, nn, pk in two["columns"]]
        assert one["indexes"] == two["indexes"], table
        assert one["keys"] == two["keys"], table
    # CHECK constraints, table by table (their text differs by dialect); SQLite's is_computer IN (0, 1) and
    # rated IN (0, 1) are PostgreSQL's boolean type.
    for table in TABLES:
        ((sql,),) = await lite.fetch("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", table)
        ((checks,),) = await pg.fetch(
            "SELECT count(*) FROM pg_constraint WHERE contype = 'c' AND conrelid = ?::regclass", table
        )
        assert sql.count("CHECK") == checks + (table in ("seats", "games")), table
    pg.drop()


async def definitions(database: Database) -> list[tuple[Any, ...]]:
    """Every table, index, view and trigger as the database stores its definition (SQLite), or every constraint's
    (PostgreSQL: its indexes and columns are in :func:`described`)."""
    if database.kind == "sqlite":
        return await database.fetch("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
    return await database.fetch(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2"
    )


@pytest.mark.parametrize("version", range(1, len(migrations())))
async def test_a_database_of_every_earlier_version_migrates_to_the_schema_of_a_new_one(
    database: Database, version: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    earlier = migrations()[:version]
    monkeypatch.setattr("game_service.storage.migrations.migrations", lambda: earlier)
    old = await open_repository(database.url)
    assert await old.schema_version() == version
    await old.close()
    monkeypatch.undo()
    await (await open_repository(database.url)).close()
    if database.server is None:
        new = Database("sqlite", tmp_path / "new.db")
    else:
        new = Database("postgresql", database.server.new_database(), database.server)
    await (await open_repository(new.url)).close()
    assert await described(database) == await described(new)
    assert await definitions(database) == await definitions(new)
    new.drop()
