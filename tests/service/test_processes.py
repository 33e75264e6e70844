"""Several processes on one PostgreSQL database (docs/deployment.md): each deadline fires exactly once, each
reminder is handed out once, and a game's actions stay serialised, with real processes racing for them."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from datetime import datetime, timedelta

from computer_players.simple import first_legal
from game_service import GameService
from tests.local_postgres import LocalPostgres
from tests.service.helpers import ROOT, Database, FakeClock

SCHEDULERS = 3
GAMES = 12
SLOW = {"decision_time": "1h", "reminders": ["50%"]}


def race(database: Database, now: datetime) -> list[str]:
    """Start the schedulers, let them all go at once, and gather what each fired."""
    workers = [
        subprocess.Popen([sys.executable, "-m", "tests.service.scheduler_worker", str(database.url), now.isoformat()],
                         cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(SCHEDULERS)
    ]  # fmt: skip
    for worker in workers:
        assert worker.stdout is not None and worker.stdout.readline() == "ready\n", worker.stderr
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    lines: list[str] = []
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
        lines += out.splitlines()
    return lines


async def test_every_reminder_and_deadline_fires_once_across_processes(postgres: LocalPostgres) -> None:
    database = Database("postgresql", postgres.new_database(), postgres)
    clock = FakeClock()
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        for n in range(GAMES):
            channel = f"c{n}"
            await service.create_game(
                ruleset="toy", channel_id=channel, host_id=f"{channel}-a", host_name="A", settings=SLOW
            )
            await service.join(channel_id=channel, user_id=f"{channel}-b", user_name="B")
            await service.start(channel_id=channel, actor_id=f"{channel}-a", seed=n)
        owed: Counter[tuple[int, ...]] = Counter()
        for game in await database.fetch("SELECT game_id FROM decisions"):
            owed[game] += 1
    started = clock.now

    reminders = race(database, started + timedelta(minutes=40))
    assert all(line.startswith("reminder ") for line in reminders)
    assert len(reminders) == sum(owed.values()) and len(set(reminders)) == len(reminders), "each reminder once"

    timeouts = race(database, started + timedelta(hours=2))
    assert len(set(timeouts)) == len(timeouts), "no timeout fired twice"
    stored = await database.fetch("SELECT game_id, version FROM actions WHERE kind = 'timeout'")
    assert sorted(f"timeout {g} {v}" for g, v in stored) == sorted(timeouts), "each fired timeout is stored once"
    versions = await database.fetch("SELECT game_id, count(*), max(version) FROM actions GROUP BY game_id")
    assert all(count == last for _, count, last in versions), "every game's log runs 1, 2, 3... without a gap"
    assert len(timeouts) >= sum(owed.values()), "every owed decision timed out"
    database.drop()
