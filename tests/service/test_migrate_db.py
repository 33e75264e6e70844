"""``evolution-bot migrate-db``: a SQLite database with games in every state, votes, reminders in the outbox and
what the front ends keep, copied to PostgreSQL: every row arrives with its id, every game replays there, the games
play on, and a target that is not empty is refused."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

from computer_players.simple import first_legal
from game_service import GameService
from game_service.storage import open_repository
from game_service.storage.schema import TABLES
from tests.local_postgres import LocalPostgres
from tests.service.helpers import ROOT, Database, FakeClock, lobby, play_one, play_to_end


async def everything(repository_url: Any) -> dict[str, list[tuple[Any, ...]]]:
    repository = await open_repository(repository_url)
    try:
        return {table: sorted([row async for row in repository.export_rows(table)], key=repr) for table in TABLES}
    finally:
        await repository.close()


async def a_full_database(path: Path, clock: FakeClock) -> None:
    async with await GameService.open(database=path, clock=clock, computer_policy=first_legal) as service:
        await lobby(service, "lobby", humans=2, ruleset="north_star")
        host = (await lobby(service, "done", humans=1, computers=2, ruleset="north_star"))[0]
        finished = await play_to_end(service, "done", await service.start(channel_id="done", actor_id=host, seed=4))
        assert finished.status == "finished"
        # Its server claims it (a game from before servers were recorded) and rates it.
        assert await service.ratings(server_id="server", channels=["done"])
        users = await lobby(service, "slow", humans=3, ruleset="north_star")
        await service.change_settings(channel_id="slow", actor_id=users[0],
                                      settings={"decision_time": "1h", "reminders": ["50%"]})  # fmt: skip
        result = await service.start(channel_id="slow", actor_id=users[0], seed=9)
        await play_one(service, "slow", result)
        await service.vote(channel_id="slow", user_id=users[0], kind="end")
        clock.now += timedelta(minutes=40)
        assert await service.run_due(), "a reminder is queued in the outbox (and left unconfirmed)"
        await service.keep_front_end(game_id=result.game_id, data={"status": 123})
        await service.mark_dms_closed(user_id=users[1])


def migrate_db(source: str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "evolution_bot", "migrate-db", "--from", source, "--to", target],
                          cwd=ROOT, capture_output=True, text=True)  # fmt: skip


async def test_every_row_moves_to_postgresql_and_every_game_replays_and_plays_on(
    tmp_path: Path, postgres: LocalPostgres, clock: FakeClock
) -> None:
    path = tmp_path / "games.sqlite3"
    await a_full_database(path, clock)
    target = Database("postgresql", postgres.new_database(), postgres)
    done = migrate_db(f"sqlite:///{path}", target.url)
    assert done.returncode == 0, done.stderr
    assert "Every one of the 2 started games replays" in done.stdout
    source_rows, target_rows = await everything(path), await everything(target.url)
    assert source_rows == target_rows
    assert all(source_rows[table] for table in TABLES), "the example database has rows in every table"
    async with await GameService.open(database=target.url, clock=clock, computer_policy=first_legal) as service:
        info = await service.game_info(channel_id="slow")
        user = next(d.user_id for d in info.to_decide if d.user_id is not None)
        assert user is not None
        legal = await service.legal_actions(channel_id="slow", user_id=user)
        await service.submit(channel_id="slow", user_id=user, action=legal.actions[0], expected_version=legal.version)
        # New rows are numbered after the copied ones.
        created = await service.create_game(ruleset="north_star", channel_id="new", host_id="h", host_name="H")
        assert created.game_id == 1 + max(row[0] for row in source_rows["games"])
    assert migrate_db(f"sqlite:///{path}", target.url).returncode == 1, "a target with games is refused"
    target.drop()
