"""Load test: 1, 2 and 4 worker processes driving games through the service against one local PostgreSQL server.

Usage: python -m benchmarks.load [--workers 1 2 4] [--games-per-worker N] [--seconds S] [--cross F]

A durable throwaway server (fsync and synchronous commit on, as in production) is started from the machine's
PostgreSQL binaries on a unix socket (tests/local_postgres.py). For each worker count, a fresh database gets
``games-per-worker`` running two-player games per worker; each worker process plays its share of them, one asyncio
task per game (a new game in its channel when one ends), every action a ``submit`` timed from call to return (lock,
load, rules, the committed write), for ``--seconds``. Every worker also sends a share of its actions (``--cross``,
one in ten by default) to a game of another worker's share, so the processes contend for games as a shared bot's
do. Workers print an ``ack GAME VERSION`` line per acknowledged action.
Afterwards the database is checked: every acknowledged action is stored, none twice, and every game's log runs
1, 2, 3... without a gap. Prints actions/s and p50/p99 latency per worker count.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from benchmarks import machine
from computer_players.simple import first_legal
from game_service import GameService
from game_service.errors import NoGameHere
from rules_core.errors import Refusal

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def new_game(service: GameService, channel: str, seed: int) -> None:
    await service.create_game(ruleset="north_star", channel_id=channel, host_id=f"{channel}-a", host_name="A")
    await service.join(channel_id=channel, user_id=f"{channel}-b", user_name="B")
    await service.start(channel_id=channel, actor_id=f"{channel}-a", seed=seed)


async def setup(url: str, games: int) -> list[str]:
    channels = [f"load-{n}" for n in range(games)]
    async with await GameService.open(database=url, computer_policy=first_legal) as service:
        for n, channel in enumerate(channels):
            await new_game(service, channel, n)
    return channels


async def play(url: str, mine: list[str], others: list[str], seconds: float, cross: float, seed: int) -> None:
    """The worker: one task per game of its own share, for ``seconds``."""
    chooser = random.Random(seed)
    latencies: list[float] = []
    async with await GameService.open(database=url, computer_policy=first_legal, pool_size=len(mine) + 2) as service:
        deadline = time.monotonic() + seconds

        async def drive(channel: str) -> None:
            while time.monotonic() < deadline:
                target = chooser.choice(others) if others and chooser.random() < cross else channel
                try:
                    try:
                        info = await service.game_info(channel_id=target)
                    except NoGameHere:
                        # The game ended (about 150 actions): its channel's own worker starts the next one there.
                        if target == channel:
                            await new_game(service, channel, chooser.randrange(2**31))
                        continue
                    if info.status != "running":
                        continue  # a lobby: its worker is starting it
                    user = chooser.choice([d.user_id for d in info.to_decide if d.user_id is not None])
                    legal = await service.legal_actions(channel_id=target, user_id=user)
                    if not legal.actions:
                        continue
                    start = time.perf_counter()
                    result = await service.submit(
                        channel_id=target,
                        user_id=user,
                        action=chooser.choice(legal.actions),
                        expected_version=legal.version,
                    )
                    latencies.append(time.perf_counter() - start)
                except Refusal:
                    continue  # another worker moved this game first
                sys.stdout.write("".join(f"ack {result.game_id} {step.version}\n" for step in result.steps))

        await asyncio.gather(*(drive(channel) for channel in mine))
    sys.stdout.write(f"latencies {json.dumps(latencies)}\n")


def run(url: str, workers: int, per_worker: int, seconds: float, cross: float) -> dict[str, float]:
    channels = asyncio.run(setup(url, workers * per_worker))
    shares = [channels[n::workers] for n in range(workers)]
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "benchmarks.load", "--play", url, json.dumps(share),
             json.dumps([c for c in channels if c not in share]), str(seconds), str(cross), str(n)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )
        for n, share in enumerate(shares)
    ]  # fmt: skip
    acks: list[tuple[int, int]] = []
    latencies: list[float] = []
    for proc in procs:
        out, _ = proc.communicate()
        assert proc.returncode == 0, f"a worker failed ({proc.returncode})"
        for line in out.splitlines():
            word, _, rest = line.partition(" ")
            if word == "ack":
                game, version = rest.split()
                acks.append((int(game), int(version)))
            elif word == "latencies":
                latencies += json.loads(rest)
    problems = asyncio.run(check(url, acks))
    return {
        "actions_per_s": len(latencies) / seconds,
        "p50_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * percentile(latencies, 0.99),
        "acks": len(acks),
        "problems": problems,
    }


async def check(url: str, acks: list[tuple[int, int]]) -> int:
    """How many acknowledged actions are lost or doubled, and how many games' logs have gaps."""
    db = await asyncpg.connect(url)
    try:
        stored = [(g, v) for g, v in await db.fetch("SELECT game_id, version FROM actions")]
        gaps = await db.fetchval(
            "SELECT count(*) FROM (SELECT game_id FROM actions GROUP BY game_id HAVING count(*) <> max(version)) x"
        )
    finally:
        await db.close()
    lost = len(set(acks) - set(stored))
    doubled = len(acks) - len(set(acks))
    return lost + doubled + int(gaps)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--play":
        url, mine, others, seconds, cross, seed = sys.argv[2:8]
        asyncio.run(play(url, json.loads(mine), json.loads(others), float(seconds), float(cross), int(seed)))
        return 0
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--games-per-worker", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--cross", type=float, default=0.1, help="the share of actions sent to another worker's games")
    args = parser.parse_args()
    from tests.local_postgres import local_postgres

    print(machine())
    failed = False
    with local_postgres(durable=True) as server:
        base = None
        for workers in args.workers:
            figures = run(server.new_database(), workers, args.games_per_worker, args.seconds, args.cross)
            base = base or figures["actions_per_s"]
            print(f"{workers} worker(s), {workers * args.games_per_worker} games: "
                  f"{figures['actions_per_s']:.0f} actions/s ({figures['actions_per_s'] / base:.1f}x), "
                  f"p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms; "
                  f"{figures['acks']:.0f} acknowledged, {figures['problems']:.0f} lost, doubled or gaps")  # fmt: skip
            failed = failed or figures["problems"] > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
