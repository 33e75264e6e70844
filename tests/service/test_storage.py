"""Storage, on each backend: migrations from an empty database, snapshots checked against the log and repaired by
replay, concurrent writes where one write's conflict undoes only that write, and a cache that correctness never
depends on (games of the toy game)."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from computer_players.simple import first_legal
from game_service import GameService
from game_service.storage import (
    ActionRow,
    ChannelBusy,
    DatabaseRefused,
    NewGame,
    NoteRow,
    SeatRow,
    Snapshot,
    SqliteRepository,
    VersionConflict,
    open_repository,
)
from game_service.storage.migrations import migrations
from game_service.storage.postgres import PostgresRepository
from game_service.storage.queries import SqlRepository
from game_service.storage.repository import Repository
from game_service.store import checksum
from tests.local_postgres import LocalPostgres
from tests.service.helpers import TABLES, Database, FakeClock, lobby, play_one, stored
from tests.toy.rules import RULES

NOW = datetime(2026, 11, 23, tzinfo=UTC)


async def replayed(database: Database, game_id: int) -> Any:
    games, seats, log = await database.fetch_each([
        ("SELECT seed, options FROM games WHERE id = ?", (game_id,)),
        ("SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)),
        ("SELECT action FROM actions WHERE game_id = ? ORDER BY version", (game_id,)),
    ])  # fmt: skip
    ((seed, options),) = games
    return RULES.replay(players=[n for (n,) in seats], options=json.loads(options), seed=seed,
                        actions=[RULES.load_action(json.loads(a)) for (a,) in log])  # fmt: skip


async def test_migrations_build_the_schema_in_an_empty_database(database: Database) -> None:
    repo = await open_repository(database.url)
    try:
        assert await repo.schema_version() == len(migrations()) >= 1
    finally:
        await repo.close()
    assert set(TABLES) <= set(await database.tables())
    if database.kind == "sqlite":
        assert await database.fetch("PRAGMA journal_mode") == [("wal",)]
        assert await database.fetch("PRAGMA integrity_check") == [("ok",)]
    # Opening again applies nothing twice.
    repo = await open_repository(database.url)
    assert await repo.schema_version() == len(migrations())
    await repo.close()


async def test_several_processes_opening_a_new_database_at_once_migrate_it_once(postgres: LocalPostgres) -> None:
    database = Database("postgresql", postgres.new_database(), postgres)
    repos = await asyncio.gather(*(open_repository(database.url) for _ in range(4)))
    try:
        assert {await repo.schema_version() for repo in repos} == {len(migrations())}
        assert await database.fetch("SELECT number FROM schema_migrations ORDER BY number") == [
            (step.number,) for step in migrations()
        ]
    finally:
        for repo in repos:
            await repo.close()


async def test_the_connection_uses_the_documented_settings(db_path: Path) -> None:
    repo = await SqliteRepository.open(db_path)
    try:
        db = repo._db  # the settings are per connection: read them on the repository's own
        assert list(await db.execute_fetchall("PRAGMA synchronous")) == [(2,)]  # FULL
        assert list(await db.execute_fetchall("PRAGMA foreign_keys")) == [(1,)]
        assert list(await db.execute_fetchall("PRAGMA busy_timeout")) == [(5000,)]
        assert db.isolation_level is None
    finally:
        await repo.close()


def test_migrations_are_numbered_without_gaps_and_shipped_in_both_dialects() -> None:
    steps = migrations()
    assert [step.number for step in steps] == list(range(1, len(steps) + 1))
    assert all("CREATE" in step.sqlite or "ALTER" in step.sqlite for step in steps)
    assert all(step.postgresql.strip() for step in steps)


def test_each_query_is_written_once_for_both_backends() -> None:
    """Every call of the protocol that reads or writes games is the shared queries'; a backend adds only how it
    opens, closes, locks a game and counts its schema's version (and SQLite, its view for actions, under _log)."""
    calls = {name for name in vars(Repository) if not name.startswith("_")}
    own = {"close", "hold", "imported", "schema_version"}
    for backend in (SqliteRepository, PostgresRepository):
        assert issubclass(backend, SqlRepository)
        assert calls & set(vars(backend)) == own, backend
    assert calls - own <= set(dir(SqlRepository))


async def test_a_database_from_a_newer_program_is_not_opened(database: Database) -> None:
    if database.kind == "sqlite":
        await database.execute(f"PRAGMA user_version = {len(migrations()) + 1}")
    else:
        repo = await open_repository(database.url)
        await repo.close()
        await database.execute("INSERT INTO schema_migrations (number, name) VALUES (?, 'from_the_future')",
                               len(migrations()) + 1)  # fmt: skip
    with pytest.raises(DatabaseRefused, match="newer"):
        await open_repository(database.url)


async def test_a_file_at_schema_1_is_migrated_to_the_latest_and_keeps_its_games(db_path: Path) -> None:
    first = migrations()[0]
    with sqlite3.connect(db_path) as db:
        db.executescript(first.sqlite)
        db.execute(f"PRAGMA user_version = {first.number}")
        db.execute(
            "INSERT INTO games (channel_id, ruleset, host_id, status, created_at) "
            "VALUES ('c', 'toy', 'h', 'lobby', '2026-01-01T00:00:00+00:00')"
        )
        db.execute("INSERT INTO seats VALUES (1, 0, 'h', 'H', 0, '2026-01-01T00:00:00+00:00')")
        db.execute("INSERT INTO seats VALUES (1, 1, NULL, 'Computer', 1, '2026-01-01T00:00:00+00:00')")
    async with await GameService.open(database=db_path, computer_policy=first_legal) as service:
        await service.join(channel_id="c", user_id="b", user_name="B")
        # A computer seated before levels existed goes on playing the baseline, the level "easy".
        assert [p.level for p in (await service.game_info(channel_id="c")).players] == [None, "easy", None]
        result = await service.start(channel_id="c", actor_id="h", seed=3)
        await play_one(service, "c", result)  # an action goes through the view migration 0002 added
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (len(migrations()),)
        assert db.execute("SELECT count(*) FROM actions").fetchone() == (2,)  # the computer's pick and the player's


async def test_reads_never_see_a_write_that_is_rolled_back(db_path: Path) -> None:
    """A read issued while a multi-statement transaction is open waits for it, so it cannot see its rows."""
    repo = await SqliteRepository.open(db_path)
    inserted = asyncio.Event()

    async def failing_unit(db: Any) -> None:
        await db.execute(
            "INSERT INTO games (channel_id, ruleset, host_id, status, created_at) "
            "VALUES ('dirty', 'toy', 'h', 'lobby', '2026-01-01T00:00:00+00:00')"
        )
        inserted.set()
        await asyncio.sleep(0.05)
        raise RuntimeError("fails after writing")

    try:
        write = asyncio.create_task(repo._write(failing_unit))
        await inserted.wait()
        # Issued while the row exists, uncommitted, on the shared connection.
        seen = await repo.active_game_id("dirty")
        with pytest.raises(RuntimeError, match="fails after writing"):
            await write
        assert seen is None
        assert await repo.active_game_id("dirty") is None
    finally:
        await repo.close()


async def played_game(service: GameService, moves: int = 6) -> tuple[int, int]:
    users = await lobby(service, "c", humans=2, options={"rounds": 4})
    result = await service.start(channel_id="c", actor_id=users[0], seed=21)
    for _ in range(moves):
        result = await play_one(service, "c", result)
    return result.game_id, result.version


@pytest.mark.parametrize(
    "damage",
    [
        # The snapshot is behind the log (as if its write had been lost).
        "UPDATE snapshots SET version = version - 1",
        # The state was edited but the checksum not: the checksum catches it.
        "UPDATE snapshots SET state = replace(state, '\"points\":[', '\"points\":[1')",
        # Not JSON at all, with a matching checksum.
        "UPDATE snapshots SET state = 'garbage', checksum = '{garbage}'",
        # A different format of the ruleset.
        "UPDATE snapshots SET format = format + 100",
        # No snapshot at all.
        "DELETE FROM snapshots",
    ],
)
async def test_a_snapshot_that_disagrees_with_the_log_is_rebuilt_by_replay(
    database: Database, clock: FakeClock, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        game_id, version = await played_game(service)
        good_view = await service.public_view(channel_id="c")
    good = RULES.dump_state(await replayed(database, game_id))
    await database.execute(damage.replace("{garbage}", checksum("garbage")))
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        assert await service.public_view(channel_id="c") == good_view
        # The repaired game plays on.
        info = await service.game_info(channel_id="c")
        assert info.version == version
    assert await stored(database, game_id) == (version, good, version)
    assert any("replaying the log" in r.getMessage() for r in caplog.records)


async def test_correctness_does_not_depend_on_the_cache(database: Database, clock: FakeClock) -> None:
    """Two services on one database (as two processes would be): each sees the other's moves, never a stale
    cache."""
    async with (
        await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as one,
        await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as two,
    ):
        users = await lobby(one, "c", humans=2, options={"rounds": 4})
        result = await one.start(channel_id="c", actor_id=users[0], seed=8)
        assert (await two.game_info(channel_id="c")).version == 0  # now cached in two
        for turn in range(6):
            player = one if turn % 2 else two
            legal = await player.legal_actions(channel_id="c", user_id=result.waiting_for[0])
            result = await player.submit(
                channel_id="c", user_id=result.waiting_for[0], action=legal.actions[0], expected_version=legal.version
            )
            assert (await one.game_info(channel_id="c")).version == result.version
            assert (await two.game_info(channel_id="c")).version == result.version
        assert await one.public_view(channel_id="c") == await two.public_view(channel_id="c")


async def test_concurrent_writes_refuse_only_the_conflicting_ones(database: Database) -> None:
    """Writes at once (a SQLite group commit; concurrent PostgreSQL transactions): one lobby per channel, one
    action per version; the losers are refused and leave nothing behind."""
    repo = await open_repository(database.url)
    try:
        host = SeatRow(0, "h", "H", False, NOW)
        note = NoteRow("created", 0, NOW)
        # Three lobbies for one channel and one for another, written in the same group: one per channel wins.
        created = await asyncio.gather(
            *(repo.create_game(NewGame(ch, RULES.name, {}, {}, "h", NOW), host, note) for ch in "aaab"),
            return_exceptions=True,
        )
        assert sum(isinstance(c, ChannelBusy) for c in created) == 2
        assert sum(isinstance(c, int) for c in created) == 2
        game_id = next(c for c in created if isinstance(c, int))
        state = RULES.new_game(players=["H", "B"], options={}, seed=1)[0]
        snapshot = Snapshot(0, RULES.format_version, json.dumps(RULES.dump_state(state)), "x")
        await repo.update_game(game_id, host_id="h", seats=[host, SeatRow(1, "b", "B", False, NOW)])
        await repo.start_game(game_id, seed=1, started_at=NOW, snapshot=snapshot, decisions=(), note=note)
        action = RULES.legal_actions(state, 0)[0]
        after, _ = RULES.apply(state, action)
        row = ActionRow(1, 0, "h", "player", json.dumps(RULES.dump_action(action)), NOW)
        new = Snapshot(1, RULES.format_version, json.dumps(RULES.dump_state(after)), "y")
        appended = await asyncio.gather(
            *(repo.append_action(game_id, action=row, snapshot=new, decisions=()) for _ in range(3)),
            return_exceptions=True,
        )
        assert sorted(type(a).__name__ for a in appended) == ["NoneType", "VersionConflict", "VersionConflict"]
        assert (await repo.load_game(game_id)) is not None
        assert len(await repo.load_actions(game_id)) == 1
        with pytest.raises(VersionConflict):
            await repo.replace_snapshot(game_id, snapshot=snapshot, decisions=())
    finally:
        await repo.close()
    if database.kind == "sqlite":
        assert await database.fetch("PRAGMA integrity_check") == [("ok",)]
        assert await database.fetch("PRAGMA foreign_key_check") == []


async def test_a_write_after_close_is_refused(db_path: Path) -> None:
    repo = await SqliteRepository.open(db_path)
    await repo.close()
    with pytest.raises(RuntimeError):
        await repo.create_game(
            NewGame("c", RULES.name, {}, {}, "h", NOW), SeatRow(0, "h", "H", False, NOW), NoteRow("created", 0, NOW)
        )


async def test_refusals_and_rebuilds_log_at_most_warnings(
    service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    users = await lobby(service, "c", humans=2)
    await service.start(channel_id="c", actor_id=users[0], seed=1)
    with pytest.raises(ValueError):
        await service.submit(channel_id="c", user_id=users[0], action={"type": "Nope"}, expected_version=0)
    assert all(r.levelno < logging.ERROR for r in caplog.records)
