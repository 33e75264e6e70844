"""Storage: migrations from an empty file, snapshots checked against the log and repaired by replay, group
commits where one unit's conflict undoes only that unit, and a cache that correctness never depends on."""

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
    NewGame,
    NoteRow,
    SeatRow,
    Snapshot,
    SqliteRepository,
    VersionConflict,
)
from game_service.storage.sqlite import migrations
from rules_core.registry import find_ruleset
from tests.service.helpers import TABLES, FakeClock, lobby, play_one

RULES = find_ruleset("north_star")
NOW = datetime(2026, 11, 23, tzinfo=UTC)


def stored(path: Path, game_id: int) -> tuple[int, dict[str, Any], int]:
    """(snapshot version, snapshot state, log head) as on disk."""
    with sqlite3.connect(path) as db:
        version, state = db.execute("SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
        (head,) = db.execute("SELECT coalesce(max(version), 0) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
    return version, json.loads(state), head


def replayed(path: Path, game_id: int) -> Any:
    with sqlite3.connect(path) as db:
        seed, options = db.execute("SELECT seed, options FROM games WHERE id = ?", (game_id,)).fetchone()
        names = [n for (n,) in db.execute("SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))]
        log = [json.loads(a) for (a,) in db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY version",
                                                    (game_id,))]  # fmt: skip
    return RULES.replay(
        players=names, options=json.loads(options), seed=seed, actions=[RULES.load_action(a) for a in log]
    )


async def test_migrations_build_the_schema_in_an_empty_file(database: Database) -> None:
    assert not db_path.exists()
    repo = await SqliteRepository.open(database)
    try:
        assert await repo.schema_version() == len(migrations()) >= 1
    finally:
        await repo.close()
    with sqlite3.connect(database) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert set(TABLES) <= tables
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    # Opening again applies nothing twice.
    repo = await SqliteRepository.open(database)
    await repo.close()


async def test_the_connection_uses_the_documented_settings(database: Database) -> None:
    repo = await SqliteRepository.open(database)
    try:
        db = repo._db  # the settings are per connection: read them on the repository's own
        assert list(await db.execute_fetchall("PRAGMA synchronous")) == [(2,)]  # FULL
        assert list(await db.execute_fetchall("PRAGMA foreign_keys")) == [(1,)]
        assert list(await db.execute_fetchall("PRAGMA busy_timeout")) == [(5000,)]
        assert db.isolation_level is None
    finally:
        await repo.close()


def test_migrations_are_numbered_without_gaps_and_shipped_as_package_data() -> None:
    numbers = [n for n, _ in migrations()]
    assert numbers == list(range(1, len(numbers) + 1))
    assert all("CREATE" in sql for _, sql in migrations())


async def test_a_database_from_a_newer_program_is_not_opened(database: Database) -> None:
    with sqlite3.connect(database) as db:
        db.execute(f"PRAGMA user_version = {len(migrations()) + 1}")
    with pytest.raises(RuntimeError, match="newer"):
        await SqliteRepository.open(database)




async def test_a_file_at_schema_1_is_migrated_to_the_latest_and_keeps_its_games(database: Database) -> None:
    number, first = migrations()[0]
    with sqlite3.connect(database) as db:
        db.executescript(first)
        db.execute(f"PRAGMA user_version = {number}")
        db.execute(
            "INSERT INTO games (channel_id, ruleset, host_id, status, created_at) "
            "VALUES ('c', 'north_star', 'h', 'lobby', '2026-01-01T00:00:00+00:00')"
        )
        db.execute("INSERT INTO seats VALUES (1, 0, 'h', 'H', 0, '2026-01-01T00:00:00+00:00')")
    async with await GameService.open(database=database.url, computer_policy=first_legal) as service:
        await service.join(channel_id="c", user_id="b", user_name="B")
        result = await service.start(channel_id="c", actor_id="h", seed=3)
        await play_one(service, "c", result)  # an action goes through the view migration 0002 added
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (len(migrations()),)
        assert db.execute("SELECT count(*) FROM actions").fetchone() == (1,)


async def test_reads_never_see_a_write_that_is_rolled_back(database: Database) -> None:
    """A read issued while a multi-statement transaction is open waits for it, so it cannot see its rows."""
    repo = await SqliteRepository.open(database)
    inserted = asyncio.Event()

    async def failing_unit(db: Any) -> None:
        await db.execute(
            "INSERT INTO games (channel_id, ruleset, host_id, status, created_at) "
            "VALUES ('dirty', 'north_star', 'h', 'lobby', '2026-01-01T00:00:00+00:00')"
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
    users = await lobby(service, "c", humans=2)
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
        "UPDATE snapshots SET state = replace(state, '\"food_bank\":', '\"food_bank\":1')",
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
    good = RULES.dump_state(replayed(database, game_id))
    with sqlite3.connect(database) as db:
        if "{garbage}" in damage:
            from game_service.store import checksum

            damage = damage.replace("{garbage}", checksum("garbage"))
        db.execute(damage)
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        assert await service.public_view(channel_id="c") == good_view
        # The repaired game plays on.
        info = await service.game_info(channel_id="c")
        assert info.version == version
    assert stored(database, game_id) == (version, good, version)
    assert any("replaying the log" in r.getMessage() for r in caplog.records)


async def test_correctness_does_not_depend_on_the_cache(database: Database, clock: FakeClock) -> None:
    """Two services on one file (as two processes would be): each sees the other's moves, never a stale cache."""
    async with (
        await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as one,
        await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as two,
    ):
        users = await lobby(one, "c", humans=2)
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


async def test_a_group_commit_undoes_only_the_conflicting_unit(database: Database) -> None:
    repo = await SqliteRepository.open(database)
    try:
        host = SeatRow(0, "h", "H", False, NOW)
        note = NoteRow("created", 0, NOW)
        # Three lobbies for one channel and one for another, written in the same group: one per channel wins.
        created = await asyncio.gather(
            *(repo.create_game(NewGame(ch, "north_star", {}, {}, "h", NOW), host, note) for ch in "aaab"),
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
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []


async def test_a_write_after_close_is_refused(database: Database) -> None:
    repo = await SqliteRepository.open(database)
    await repo.close()
    with pytest.raises(RuntimeError):
        await repo.create_game(
            NewGame("c", "north_star", {}, {}, "h", NOW), SeatRow(0, "h", "H", False, NOW), NoteRow("created", 0, NOW)
        )


async def test_refusals_and_rebuilds_log_at_most_warnings(
    service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    users = await lobby(service, "c", humans=2)
    await service.start(channel_id="c", actor_id=users[0], seed=1)
    with pytest.raises(ValueError):
        await service.submit(channel_id="c", user_id=users[0], action={"type": "Nope"}, expected_version=0)
    assert all(r.levelno < logging.ERROR for r in caplog.records)
