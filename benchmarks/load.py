"""Load test: 1, 2 and 4 worker processes driving games through the service against one local PostgreSQL server.

Usage: python -m benchmarks.load [--workers 1 2 4] [--games-per-worker N] [--seconds S] [--cross F] [--rate R]

A durable throwaway server (fsync and synchronous commit on, as in production) is started from the machine's
PostgreSQL binaries on a unix socket (tests/local_postgres.py). For each worker count, a fresh database gets
``games-per-worker`` running two-player games per worker, and each worker process plays its share of them for
``--seconds`` (all workers over the same window, which starts once every worker has started and opened its
service: a worker still importing would take the cores from the others' window), every action a ``game_info``, a
``legal_actions`` and a ``submit``, as a front end's click is. Every worker also sends a share of its actions
(``--cross``, one in ten by default) to a game of another worker's share, so the processes contend for games as a
shared bot's do.

* Closed loop (the default): one asyncio task per game, each playing its next action as soon as the last returned
  (a new game in its channel when one ends). The figures are the throughput and the ``submit``'s latency.
* Open loop (``--rate R``): each worker offers R actions a second, evenly spaced, whether or not the earlier ones
  returned, each to one of its games no action of it is in flight on (any of its games if all are busy). The
  figures are the response time from the moment an action was due to its acknowledgement (the queueing included),
  and the ``submit``'s own latency.

Both modes also print the CPU time per acknowledged action of the bot processes (the workers' own CPU over the
window) and of the database server (every process of the server, less the sampler's), and the lock waits on the
server: a sampler reads ``pg_locks`` every 10 ms, and a waiting lock counts as a wait between distinct games when
the game its process works on (the per-game advisory lock of ``hold`` it holds or waits for) is not the one each
of its blockers works on, or either works on none. Afterwards the database is checked: every acknowledged action
is stored, none twice, and every game's log runs 1, 2, 3... without a gap. Last, how long the slowest worker took
from its spawning to its service's opening (kept out of the window), and how late after the shared start the
latest worker's window began.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from benchmarks import machine
from computer_players.simple import first_legal
from game_service import GameService
from game_service.errors import NoGameHere
from rules_core.errors import Refusal

ROOT = Path(__file__).resolve().parents[1]
#: How long after the last worker reported ready the window starts (time for the go line to reach every worker).
LEAD = 0.2
#: The lock sampler's period.
SAMPLE = 0.01


def percentile(values: Sequence[float], fraction: float) -> float:
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


@dataclass
class Plan:
    """One worker's part: its games, the others', the window's length, and the offered rate (None: closed loop).
    The window's start, shared by all workers, comes on the worker's standard input once every worker is ready."""

    url: str
    mine: list[str]
    others: list[str]
    seconds: float
    cross: float
    seed: int
    rate: float | None


@dataclass
class Tally:
    submits: list[float] = field(default_factory=list)
    responses: list[float] = field(default_factory=list)
    refused: int = 0
    offered: int = 0


async def click(service: GameService, target: str, own: bool, chooser: random.Random, tally: Tally) -> bool:
    """One action on the game of channel ``target``, as a front end's click does it; False if there was none to
    play (the game ended or is a lobby: the channel's own worker starts the next one there)."""
    try:
        try:
            info = await service.game_info(channel_id=target)
        except NoGameHere:
            if own:
                await new_game(service, target, chooser.randrange(2**31))
            return False
        if info.status != "running":
            return False
        user = chooser.choice([d.user_id for d in info.to_decide if d.user_id is not None])
        legal = await service.legal_actions(channel_id=target, user_id=user)
        if not legal.actions:
            return False
        start = time.perf_counter()
        result = await service.submit(
            channel_id=target, user_id=user, action=chooser.choice(legal.actions), expected_version=legal.version
        )
        tally.submits.append(time.perf_counter() - start)
    except Refusal:
        tally.refused += 1  # another worker moved this game first
        return False
    sys.stdout.write("".join(f"ack {result.game_id} {step.version}\n" for step in result.steps))
    return True


async def play(plan: Plan) -> None:
    """The worker: its games for the window, then a ``done`` line with its figures."""
    chooser = random.Random(plan.seed)
    tally = Tally()
    pool = len(plan.mine) + 2
    async with await GameService.open(database=plan.url, computer_policy=first_legal, pool_size=pool) as service:
        sys.stdout.write("ready\n")
        sys.stdout.flush()
        # Blocking is harmless here: nothing runs on this loop before the window.
        start_at = float(sys.stdin.readline())
        await asyncio.sleep(max(0.0, start_at - time.time()))
        late = time.time() - start_at
        cpu = time.process_time()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + plan.seconds

        def target(own: str) -> tuple[str, bool]:
            if plan.others and chooser.random() < plan.cross:
                return chooser.choice(plan.others), False
            return own, True

        async def drive(channel: str) -> None:
            while loop.time() < deadline:
                await click(service, *target(channel), chooser, tally)

        busy: set[str] = set()

        async def arrive(due: float) -> None:
            idle = [c for c in plan.mine if c not in busy]
            channel, own = target(chooser.choice(idle or plan.mine))
            busy.add(channel)
            try:
                if await click(service, channel, own, chooser, tally):
                    tally.responses.append(loop.time() - due)
            finally:
                busy.discard(channel)

        if plan.rate is None:
            await asyncio.gather(*(drive(channel) for channel in plan.mine))
        else:
            period = 1.0 / plan.rate
            due = loop.time() + chooser.random() * period
            arrivals = []
            while due < deadline:
                await asyncio.sleep(max(0.0, due - loop.time()))
                arrivals.append(asyncio.create_task(arrive(due)))
                due += period
            tally.offered = len(arrivals)
            await asyncio.gather(*arrivals)
        cpu = time.process_time() - cpu
        sys.stdout.write(f"done {json.dumps({**tally.__dict__, 'cpu': cpu, 'late': late})}\n")
        sys.stdout.flush()


class ServerCpu:
    """CPU time used by every process of the PostgreSQL server (its postmaster, the processes it runs now, and those
    it has reaped), read from /proc; less that of the backend ``exclude`` (the sampler's own)."""

    def __init__(self, data: Path) -> None:
        self.postmaster = int((data / "postmaster.pid").read_text().split()[0])
        self.tick = os.sysconf("SC_CLK_TCK")

    def seconds(self, exclude: int) -> float:
        total = 0.0
        for pid in [self.postmaster, *self._children()]:
            if pid != exclude:
                total += _run_time(pid)
        # The backends that ended meanwhile: the postmaster waited for them, so their time is its children's.
        fields = Path(f"/proc/{self.postmaster}/stat").read_text().rsplit(")", 1)[1].split()
        return total + (int(fields[13]) + int(fields[14])) / self.tick

    def _children(self) -> list[int]:
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue  # ended while read
                if parent == self.postmaster:
                    found.append(int(entry.name))
        return found


def _run_time(pid: int) -> float:
    """Seconds the process ran on a CPU (/proc/PID/schedstat: nanoseconds); 0 when it has ended."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


#: Each waiting lock on the server: its process, the game that process works on (the advisory lock of ``hold`` it
#: holds or waits for), how many processes block it, and the games those of them that work on one work on.
_WAITS = """
    WITH works AS (
        SELECT pid, (classid::bigint << 32) | objid::bigint AS game FROM pg_locks
        WHERE locktype = 'advisory' AND objsubid = 1
    )
    SELECT w.pid, w.locktype, (SELECT min(o.game) FROM works o WHERE o.pid = w.pid),
           cardinality(b.pids), array(SELECT o.game FROM works o WHERE o.pid = ANY(b.pids))
    FROM pg_locks w CROSS JOIN LATERAL (SELECT pg_blocking_pids(w.pid) AS pids) b
    WHERE NOT w.granted AND w.pid <> pg_backend_pid()
"""


@dataclass
class LockWaits:
    """Waits seen by the sampler: each one a waiting lock seen in consecutive samples, counted once."""

    distinct: int = 0
    same: int = 0
    distinct_samples: int = 0
    same_samples: int = 0


async def sample_locks(db: asyncpg.Connection, stop: asyncio.Event, waits: LockWaits) -> None:
    ongoing: set[tuple[Any, ...]] = set()
    while not stop.is_set():
        seen = set()
        for pid, locktype, game, blockers, blocking in await db.fetch(_WAITS):
            if not blockers:
                continue  # granted between the two reads of the lock table
            between = game is None or len(blocking) < blockers or any(other != game for other in blocking)
            key = (pid, locktype, game, between)
            seen.add(key)
            if between:
                waits.distinct_samples += 1
                waits.distinct += key not in ongoing
            else:
                waits.same_samples += 1
                waits.same += key not in ongoing
        ongoing = seen
        await asyncio.sleep(SAMPLE)


async def worker(
    plan: Plan, acks: list[tuple[int, int]], ready: asyncio.Event, start_at: asyncio.Future[float], done: asyncio.Event
) -> dict[str, Any]:
    spawned = time.monotonic()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "benchmarks.load", "--play", json.dumps(plan.__dict__),
        cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    if await proc.stdout.readline() != b"ready\n":
        raise RuntimeError(f"a worker failed to start ({await proc.wait()})")
    started = time.monotonic() - spawned
    ready.set()
    proc.stdin.write(f"{await start_at!r}\n".encode())
    await proc.stdin.drain()
    figures: dict[str, Any] = {}
    async for raw in proc.stdout:
        word, _, rest = raw.decode().rstrip("\n").partition(" ")
        if word == "ack":
            game, version = rest.split()
            acks.append((int(game), int(version)))
        elif word == "done":
            figures = json.loads(rest)
            done.set()
    assert await proc.wait() == 0, "a worker failed"
    return {**figures, "started": started}


async def until_all(events: Sequence[asyncio.Event], workers: Sequence[asyncio.Task[Any]]) -> None:
    """Wait until every event is set; a worker that fails first raises its error here instead."""
    every = asyncio.ensure_future(asyncio.gather(*(event.wait() for event in events)))
    await asyncio.wait([every, *workers], return_when=asyncio.FIRST_COMPLETED)
    for task in workers:
        if task.done():
            task.result()
    await every


async def run(url: str, data: Path, workers: int, per_worker: int, seconds: float, cross: float,
              rate: float | None) -> dict[str, float]:  # fmt: skip
    channels = await setup(url, workers * per_worker)
    shares = [channels[n::workers] for n in range(workers)]
    plans = [
        Plan(url, share, [c for c in channels if c not in share], seconds, cross, n, rate)
        for n, share in enumerate(shares)
    ]
    acks: list[tuple[int, int]] = []
    readies, dones = [asyncio.Event() for _ in plans], [asyncio.Event() for _ in plans]
    start_at: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    running = [
        asyncio.create_task(worker(plan, acks, ready, start_at, done))
        for plan, ready, done in zip(plans, readies, dones, strict=True)
    ]
    sampler = await asyncpg.connect(url)
    server = ServerCpu(data)
    stop, waits = asyncio.Event(), LockWaits()
    try:
        own = int(await sampler.fetchval("SELECT pg_backend_pid()"))
        # The window starts once every worker has imported the program and opened its service: a worker still
        # starting would share the cores with the others' window and put its connections' cost on the server's.
        await until_all(readies, running)
        start_at.set_result(time.time() + LEAD)
        await asyncio.sleep(LEAD)
        before, sampler_before = server.seconds(own), _run_time(own)
        sampling = asyncio.create_task(sample_locks(sampler, stop, waits))
        await until_all(dones, running)
        stop.set()
        await sampling
        server_cpu = server.seconds(own) - before - (_run_time(own) - sampler_before)
    finally:
        await sampler.close()
    figures = await asyncio.gather(*running)
    counted = sum(len(f["submits"]) for f in figures)
    submits = [s for f in figures for s in f["submits"]]
    responses = [r for f in figures for r in f["responses"]] or submits
    return {
        "actions_per_s": counted / seconds,
        "offered": sum(f["offered"] for f in figures),
        "refused": sum(f["refused"] for f in figures),
        "p50_ms": 1000 * statistics.median(responses),
        "p99_ms": 1000 * percentile(responses, 0.99),
        "submit_p50_ms": 1000 * statistics.median(submits),
        "submit_p99_ms": 1000 * percentile(submits, 0.99),
        "bot_cpu_ms": 1000 * sum(f["cpu"] for f in figures) / counted,
        "server_cpu_ms": 1000 * server_cpu / counted,
        "waits_distinct": waits.distinct,
        "waits_distinct_ms": 1000 * SAMPLE * waits.distinct_samples,
        "waits_same": waits.same,
        "waits_same_ms": 1000 * SAMPLE * waits.same_samples,
        "started_s": max(f["started"] for f in figures),
        "late_ms": 1000 * max(f["late"] for f in figures),
        "acks": len(acks),
        "problems": await check(url, acks),
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


def report(workers: int, games: int, rate: float | None, f: dict[str, float], base: float) -> str:
    if rate is None:
        load = f"closed loop: {f['actions_per_s']:.0f} actions/s ({f['actions_per_s'] / base:.1f}x)"
    else:
        load = (
            f"open loop at {rate:g}/s each: {f['offered']:.0f} offered, {f['actions_per_s']:.0f} actions/s done, "
            f"{f['refused']:.0f} refused; response p50 {f['p50_ms']:.1f} ms, p99 {f['p99_ms']:.1f} ms"
        )
    return (
        f"{workers} worker(s), {games} games, {load}; submit p50 {f['submit_p50_ms']:.1f} ms, "
        f"p99 {f['submit_p99_ms']:.1f} ms; CPU per action: bot {f['bot_cpu_ms']:.2f} ms, "
        f"server {f['server_cpu_ms']:.2f} ms; lock waits between distinct games {f['waits_distinct']:.0f} "
        f"({f['waits_distinct_ms']:.0f} ms sampled), within a game {f['waits_same']:.0f} "
        f"({f['waits_same_ms']:.0f} ms); {f['acks']:.0f} acknowledged, {f['problems']:.0f} lost, doubled or gaps; "
        f"workers started in up to {f['started_s']:.1f} s, their windows began up to {f['late_ms']:.0f} ms late"
    )


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--play":
        asyncio.run(play(Plan(**json.loads(sys.argv[2]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--games-per-worker", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--cross", type=float, default=0.1, help="the share of actions sent to another worker's games")
    parser.add_argument("--rate", type=float, help="open loop: the actions each worker offers a second")
    args = parser.parse_args()
    from tests.local_postgres import local_postgres

    print(machine(), flush=True)
    failed = False
    with local_postgres(durable=True) as server:
        base = None
        for workers in args.workers:
            figures = asyncio.run(run(server.new_database(), server.dir / "data", workers, args.games_per_worker,
                                      args.seconds, args.cross, args.rate))  # fmt: skip
            base = base or figures["actions_per_s"]
            print(report(workers, workers * args.games_per_worker, args.rate, figures, base), flush=True)
            failed = failed or figures["problems"] > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
