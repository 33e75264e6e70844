"""The deadline scheduler under a backlog: ``--games`` running 4-player games whose food-card deadlines all passed
(as after a long downtime), then one ``run_due`` that plays every timeout. Prints the time per timeout (the
ruleset's timeout move, the durable commit, and the reminder/deadline bookkeeping), the whole catch-up, and the
cost of the scheduler's idle poll (``next_due`` and an empty ``run_due``) with that many games waiting.

Usage: python -m benchmarks.deadlines [--games N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks import VirtualClock, machine
from benchmarks.service import percentile
from computer_players.simple import first_legal
from game_service import GameService


async def measure(path: Path, games: int) -> None:
    clock = VirtualClock(datetime(2026, 11, 23, 12, 0, tzinfo=UTC))
    async with await GameService.open(database=path, clock=clock, computer_policy=first_legal) as service:
        for game in range(games):
            users = [f"g{game}-u{i}" for i in range(4)]
            channel = f"g{game}"
            settings = {"decision_time": "1h", "reminders": ["50%"], "strikes": 3}
            await service.create_game(
                ruleset="north_star", channel_id=channel, host_id=users[0], host_name="P0", settings=settings
            )
            for i, user in enumerate(users[1:], start=1):
                await service.join(channel_id=channel, user_id=user, user_name=f"P{i}")
            await service.start(channel_id=channel, actor_id=users[0], seed=game)
        clock.now += timedelta(hours=2)
        began = time.perf_counter()
        work = await service.run_due()
        total = time.perf_counter() - began
        per = total / len(work) * 1000
        idle: list[float] = []
        for _ in range(200):
            began = time.perf_counter()
            await service.next_due()
            await service.run_due()
            idle.append((time.perf_counter() - began) * 1000)
    print(machine())
    print(f"catch-up: {games} games, {len(work)} timeouts in {total:.2f} s ({per:.2f} ms per timeout)")
    print(
        f"idle poll with {games} games waiting: p50 {statistics.median(idle):.2f} ms  "
        f"p99 {percentile(idle, 0.99):.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(measure(Path(folder) / "deadlines.db", args.games))


if __name__ == "__main__":
    main()
