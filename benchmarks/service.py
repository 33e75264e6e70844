"""Latency of one action through the service, durable commit included, alone and with 1,000 games at once.

Usage: python -m benchmarks.service [--actions N] [--games N] [--players N] [--think SECONDS] [--seconds S]

1. Sequential: one game at a time, each ``submit`` timed from call to return (load check, rules, snapshot, the
   ``synchronous=FULL`` commit). Targets: p99 < 15 ms.
2. Concurrent: ``--games`` running games, each a task that waits a random think time (uniform, mean ``--think``)
   and then plays a random legal action of a seat that must decide, for ``--seconds``. Targets: p99 < 100 ms and
   under 300 MB resident for 1,000 games.
The database is a fresh file in a temporary directory (on the same disk as /tmp).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import machine
from computer_players.simple import first_legal
from game_service import ActionResult, GameService


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def resident_mb() -> tuple[float, float]:
    """(current, peak) resident set size in MB, from /proc/self/status (peak also via getrusage)."""
    current = peak = 0.0
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                current = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    except OSError:
        pass
    if not peak:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return current, peak


async def new_game(service: GameService, channel: str, players: int, seed: int) -> tuple[list[str], ActionResult]:
    users = [f"{channel}-u{i}" for i in range(players)]
    await service.create_game(ruleset="north_star", channel_id=channel, host_id=users[0], host_name="Player 0")
    for i, user in enumerate(users[1:], start=1):
        await service.join(channel_id=channel, user_id=user, user_name=f"Player {i}")
    return users, await service.start(channel_id=channel, actor_id=users[0], seed=seed)


async def play(
    service: GameService,
    channel: str,
    result: ActionResult,
    chooser: random.Random,
    latencies: list[float] | None = None,
) -> ActionResult:
    """A random legal action of a seat that must decide; its ``submit`` is timed into ``latencies`` if given."""
    user = chooser.choice(result.waiting_for)
    legal = await service.legal_actions(channel_id=channel, user_id=user)
    action = chooser.choice(legal.actions)
    start = time.perf_counter()
    result = await service.submit(channel_id=channel, user_id=user, action=action, expected_version=legal.version)
    if latencies is not None:
        latencies.append(time.perf_counter() - start)
    return result


async def sequential(path: Path, actions: int, players: int) -> list[float]:
    chooser = random.Random(1)
    latencies: list[float] = []
    async with await GameService.open(database=path, computer_policy=first_legal) as service:
        game = 0
        while len(latencies) < actions:
            channel = f"seq-{game}"
            _, result = await new_game(service, channel, players, seed=game)
            while result.status == "running" and len(latencies) < actions:
                result = await play(service, channel, result, chooser, latencies)
            game += 1
    return latencies


async def concurrent(path: Path, games: int, players: int, think: float, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    finished = 0
    async with await GameService.open(database=path, computer_policy=first_legal) as service:
        setup_start = time.perf_counter()
        started = await asyncio.gather(*(new_game(service, f"conc-{g}", players, seed=g) for g in range(games)))
        setup = time.perf_counter() - setup_start
        deadline = time.monotonic() + seconds

        async def one(game: int, result: ActionResult) -> None:
            nonlocal finished
            chooser = random.Random(game)
            channel = f"conc-{game}"
            generation = 0
            while time.monotonic() < deadline:
                await asyncio.sleep(chooser.uniform(0, 2 * think))
                if result.status != "running":
                    finished += 1
                    generation += 1
                    channel = f"conc-{game}-{generation}"
                    _, result = await new_game(service, channel, players, seed=game * 1000 + generation)
                    continue
                result = await play(service, channel, result, chooser, latencies)

        run_start = time.perf_counter()
        await asyncio.gather(*(one(g, result) for g, (_, result) in enumerate(started)))
        elapsed = time.perf_counter() - run_start
        current, peak = resident_mb()
    return {
        "latencies": latencies,
        "elapsed": elapsed,
        "setup": setup,
        "finished": finished,
        "rss": current,
        "peak": peak,
    }


def report(label: str, latencies: list[float]) -> None:
    ms = [x * 1000 for x in latencies]
    print(
        f"{label}: {len(ms)} actions  p50 {percentile(ms, 0.50):6.2f} ms  p99 {percentile(ms, 0.99):6.2f} ms  "
        f"max {max(ms):7.2f} ms  mean {statistics.fmean(ms):6.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=2000, help="sequential actions to time")
    parser.add_argument("--games", type=int, default=1000, help="concurrent games")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds between a game's actions")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the concurrent run")
    args = parser.parse_args()
    print(f"{machine()}, {args.players} players per game, SQLite WAL synchronous=FULL")
    with tempfile.TemporaryDirectory() as tmp:
        report("sequential", asyncio.run(sequential(Path(tmp) / "seq.db", args.actions, args.players)))
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(concurrent(Path(tmp) / "conc.db", args.games, args.players, args.think, args.seconds))
    latencies = figures["latencies"]
    print(
        f"concurrent: {args.games} games, think time mean {args.think:.1f} s, {figures['elapsed']:.1f} s run "
        f"({len(latencies) / figures['elapsed']:.0f} actions/s offered and served, {figures['finished']} games "
        f"finished; setup of {args.games} lobbies and starts took {figures['setup']:.1f} s)"
    )
    report("concurrent", latencies)
    print(f"resident memory: {figures['rss']:.0f} MB now, {figures['peak']:.0f} MB peak")


if __name__ == "__main__":
    main()
