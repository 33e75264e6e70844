"""``evolution-bot migrate-db --from DATABASE --to DATABASE``: copy every game, action log, setting and what the
front ends keep from one database to another (a SQLite file to a PostgreSQL server, or back), then check that
every game replays on the other side.

The target must be empty (a new SQLite path, or a PostgreSQL database with no games): the copy keeps every id, so
buttons and links made before the move still name the same games. Stop the bot while copying: what it writes
meanwhile would not be copied. The check loads each started game from the target, replays its action log from its
seed and compares the result with the stored snapshot (docs/deployment.md, "Moving to PostgreSQL").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import dataclass

from game_service.storage import DatabaseRefused, Repository, database_location, open_repository
from game_service.storage.schema import TABLES
from game_service.store import CorruptGame, make_snapshot, replayed
from rules_core.registry import find_ruleset

#: Rows sent to the target per transaction.
BATCH = 1000


class MigrationFailed(RuntimeError):
    """The copy was refused or does not check out; the message says why."""


@dataclass(frozen=True, slots=True)
class Copied:
    rows: dict[str, int]
    replayed: int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="source", required=True,
                        help="the database to copy: a SQLite path, sqlite:///PATH or postgresql://...")  # fmt: skip
    parser.add_argument("--to", dest="target", required=True, help="an empty database to copy it into")


async def migrate(source: str, target: str) -> Copied:
    if database_location(source) == database_location(target):
        raise MigrationFailed("the source and the target are the same database")
    origin = await open_repository(source)
    try:
        destination = await open_repository(target)
        try:
            return await copy_all(origin, destination)
        finally:
            await destination.close()
    finally:
        await origin.close()


async def copy_all(origin: Repository, destination: Repository) -> Copied:
    """Copy table by table (parents first), then check the counts and replay every game on the target."""
    if await origin.schema_version() != await destination.schema_version():
        raise MigrationFailed("the two databases are at different schema versions")
    for table in TABLES:
        if await destination.count_rows(table):
            raise MigrationFailed(f"the target is not empty (its table {table} has rows): copy into a new database")
    for table in TABLES:
        batch: list[tuple[object, ...]] = []
        async for row in origin.export_rows(table):
            batch.append(row)
            if len(batch) >= BATCH:
                await destination.import_rows(table, batch)
                batch = []
        if batch:
            await destination.import_rows(table, batch)
    await destination.imported()
    counts = {table: await origin.count_rows(table) for table in TABLES}
    for table, count in counts.items():
        if await destination.count_rows(table) != count:
            raise MigrationFailed(f"table {table}: {count} rows in the source, but not in the target")
    return Copied(counts, await replay_all(destination))


async def replay_all(repository: Repository) -> int:
    """Replay every started game of the database from its seed and log; each must reach its stored snapshot."""
    checked = 0
    columns = [name for name, _ in TABLES["games"]]
    id_at, seed_at = columns.index("id"), columns.index("seed")
    async for game in repository.export_rows("games"):
        if game[seed_at] is None:
            continue  # a lobby: nothing to replay
        game_id = int(game[id_at])
        row = await repository.load_game(game_id)
        snapshot = await repository.load_snapshot(game_id)
        if row is None or row.seed is None or snapshot is None:
            raise MigrationFailed(f"game {game_id}: its row or snapshot did not arrive")
        ruleset = find_ruleset(row.ruleset)
        state, _ = ruleset.new_game(players=[s.name for s in row.seats], options=row.options, seed=row.seed)
        try:
            for after, _ in replayed(row, ruleset, state, await repository.load_actions(row.id)):
                state = after
        except CorruptGame as corrupt:
            raise MigrationFailed(str(corrupt)) from None
        rebuilt = make_snapshot(ruleset, state)
        if (rebuilt.version, json.loads(rebuilt.state)) != (snapshot.version, json.loads(snapshot.state)):
            raise MigrationFailed(f"game {game_id}: its log replays to version {rebuilt.version}, not to its snapshot")
        checked += 1
    return checked


def main(args: argparse.Namespace) -> int:
    try:
        copied = asyncio.run(migrate(args.source, args.target))
    except (MigrationFailed, DatabaseRefused, ValueError) as failed:
        print(f"evolution-bot migrate-db: {failed}", file=sys.stderr)
        return 1
    summary = ", ".join(f"{count} {table}" for table, count in copied.rows.items())
    print(f"Copied {summary}. Every one of the {copied.replayed} started games replays on the target.")
    return 0
