"""The web board's speed: a game page's server time, and how soon a move reaches every page open on a game.

Usage: python -m benchmarks.web [--loads N] [--changes N] [--pages N] [--moves N]

One process serves the pages (``web.server.WebServer``) from a service on a fresh SQLite file (the default), the
rate limits raised out of the way. For each rule system, a game of as many people as it seats:

1. Page loads, one after another from a client in the same process, each timed on the server (from the request's
   routing to the response made: ``--loads`` of them) and from the client (the round trip over 127.0.0.1):
   a spectator's page while the game stands still (its table made once), a spectator's page right after each of
   ``--changes`` moves (its table made anew each time), and a signed-in player's page (their hand and their menu,
   made for each load). Target: server time p99 under 50 ms.
2. Live updates: another process opens ``--pages`` live streams (server-sent events, as the page's script does) on
   one North Star game, and ``--moves`` moves are made through the service one second apart, as the bot makes a
   Discord player's move (the server hears of it by looking at the game, every ``web.live.POLL_SECONDS``). Each
   page's delay runs from the call that makes the move to the moment that page's process read the move's event
   (both clocks are the machine's monotonic clock). Target: p99 under 1 s for 500 pages. The server's event loop
   is watched meanwhile (its longest pause).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
from aiohttp import web
from yarl import URL

from benchmarks import longest_pause, machine
from benchmarks.service import percentile
from computer_players.simple import first_legal
from game_service import GameInfo, GameService
from rules_core.registry import find_ruleset
from web.auth import SESSION_COOKIE, new_session
from web.links import Links
from web.server import WebServer
from web.site import WebConfig

SECRET = b"the benchmark's secret, at least thirty-two bytes long"
RULESETS = ("north_star", "origin", "dice_combat")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def ms(values: list[float]) -> str:
    shown = [v * 1000 for v in values]
    return (
        f"p50 {percentile(shown, 0.5):6.1f}  p90 {percentile(shown, 0.9):6.1f}  p99 {percentile(shown, 0.99):6.1f}  "
        f"max {max(shown):6.1f} ms"
    )


async def new_game(service: GameService, channel: str, ruleset: str, seed: int) -> GameInfo:
    """A started game of as many people as the rule system seats (users ``channel-0``...)."""
    seats = find_ruleset(ruleset).max_players
    host = f"{channel}-0"
    await service.create_game(channel_id=channel, host_id=host, host_name="Player 0", ruleset=ruleset)
    for n in range(1, seats):
        await service.join(channel_id=channel, user_id=f"{channel}-{n}", user_name=f"Player {n}")
    result = await service.start(channel_id=channel, actor_id=host, seed=seed)
    return await service.game_info(game_id=result.game_id)


async def move(service: GameService, info: GameInfo, chooser: random.Random) -> GameInfo:
    """A random legal move of a person who must decide, made through the service as the bot makes it."""
    user = chooser.choice([d.user_id for d in info.to_decide if d.user_id is not None])
    side = await service.prompt(user_id=user, game_id=info.game_id)
    assert side.prompt is not None
    await service.submit(channel_id=info.channel_id, user_id=user, action=chooser.choice(side.prompt.actions),
                         expected_version=side.prompt.decision.since_version, game_id=info.game_id)  # fmt: skip
    return await service.game_info(game_id=info.game_id)


class Timed:
    """The server's time of each request but the live streams (a middleware, the first to run)."""

    def __init__(self) -> None:
        self.times: list[float] = []

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        start = time.perf_counter()
        try:
            return await handler(request)
        finally:
            if not request.path.endswith("/events"):
                self.times.append(time.perf_counter() - start)


async def serve(service: GameService, pages_per_minute: int = 100_000) -> tuple[WebServer, Timed, str]:
    timed = Timed()
    config = WebConfig(secret=SECRET, base_url="http://127.0.0.1:0/", pages_per_minute=pages_per_minute,
                       moves_per_minute=100_000)  # fmt: skip
    server = WebServer(service=service, config=config, host="127.0.0.1", port=0)
    server.app.middlewares.insert(0, timed.middleware)
    await server.start()
    return server, timed, f"http://127.0.0.1:{server.port}/"


async def load(http: aiohttp.ClientSession, url: str, timed: Timed, server: list[float], trips: list[float]) -> None:
    timed.times.clear()
    start = time.perf_counter()
    async with http.get(url) as answer:
        assert answer.status == 200, answer.status
        await answer.read()
    trips.append(time.perf_counter() - start)
    server.extend(timed.times)


async def page_loads(database: Path, loads: int, changes: int) -> None:
    async with await GameService.open(database=database, computer_policy=first_legal, computer_workers=1) as service:
        server, timed, base = await serve(service)
        links = Links(SECRET)
        try:
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
                for number, ruleset in enumerate(RULESETS):
                    chooser = random.Random(number)
                    info = await new_game(service, f"loads-{ruleset}", ruleset, seed=number)
                    for _ in range(10):  # a few moves in: a table with something on it
                        info = await move(service, info, chooser)
                    url = base + links.path(info.game_id, info.settings)
                    kinds: dict[str, tuple[list[float], list[float]]] = {}
                    still = kinds.setdefault("spectator, table unchanged", ([], []))
                    http.cookie_jar.clear()
                    for _ in range(loads):
                        await load(http, url, timed, *still)
                    after = kinds.setdefault("spectator, after each move", ([], []))
                    for _ in range(changes):
                        if info.status != "running":
                            break
                        info = await move(service, info, chooser)
                        await asyncio.sleep(0.11)  # older than a page load's reuse of the last look (FRESH_SECONDS)
                        await load(http, url, timed, *after)
                    player = next(d.user_id for d in info.to_decide if d.user_id is not None)
                    _, cookie = new_session(links, player, "Player", time.time())
                    http.cookie_jar.update_cookies({SESSION_COOKIE: cookie}, URL(base))
                    signed_in = kinds.setdefault("signed-in player (hand, menu)", ([], []))
                    for _ in range(loads):
                        await load(http, url, timed, *signed_in)
                    seats = len(info.players)
                    for kind, (server_times, trips) in kinds.items():
                        trip = percentile(trips, 0.99) * 1000
                        print(f"{ruleset:11} {seats} seats, {kind:30} ({len(server_times):4} loads): server "
                              f"{ms(server_times)}; round trip p99 {trip:.1f} ms")  # fmt: skip
        finally:
            await server.stop()


async def watch(url: str, pages: int) -> None:
    """The pages' process: open ``pages`` live streams on ``url``, say ``open`` once each has the table, and when
    standard input closes print, as JSON, each version's arrival times (monotonic seconds) over every page."""
    arrivals: dict[int, list[float]] = {}
    first: list[asyncio.Event] = [asyncio.Event() for _ in range(pages)]

    async def one(http: aiohttp.ClientSession, n: int) -> None:
        async with http.get(url, timeout=aiohttp.ClientTimeout(total=None)) as answer:
            assert answer.status == 200, answer.status
            while line := await answer.content.readline():
                if line.startswith(b"id: "):
                    arrivals.setdefault(int(line[4:]), []).append(time.monotonic())
                    first[n].set()

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        streams = [asyncio.create_task(one(http, n)) for n in range(pages)]
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in first)), 120)
        print("open", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        for stream in streams:
            stream.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
    print(json.dumps(arrivals), flush=True)


async def fan_out(database: Path, pages: int, moves: int) -> None:
    async with await GameService.open(database=database, computer_policy=first_legal, computer_workers=1) as service:
        server, _, base = await serve(service)
        try:
            chooser = random.Random(7)
            info = await new_game(service, "fan-out", "north_star", seed=7)
            url = base + Links(SECRET).path(info.game_id, info.settings) + "events"
            watcher = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "benchmarks.web", "--watch", url, "--pages", str(pages),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            )  # fmt: skip
            assert watcher.stdout is not None and watcher.stdin is not None
            opening = time.perf_counter()
            assert await watcher.stdout.readline() == b"open\n"
            print(f"{pages} live streams open on one game in {time.perf_counter() - opening:.1f} s")
            made: dict[int, float] = {}
            stop, pauses = asyncio.Event(), list[float]()
            watching = asyncio.create_task(longest_pause(stop, pauses))
            for _ in range(moves):
                await asyncio.sleep(1.0)
                start = time.monotonic()
                info = await move(service, info, chooser)
                made[info.version] = start
            await asyncio.sleep(2.0)
            stop.set()
            await watching
            watcher.stdin.close()
            arrivals = {int(v): times for v, times in json.loads(await watcher.stdout.read()).items()}
            await watcher.wait()
        finally:
            await server.stop()
    delays = [t - made[v] for v, times in arrivals.items() if v in made for t in times]
    missed = sum(pages - len(arrivals.get(v, [])) for v in made)
    print(f"a move to each of {pages} pages ({len(delays)} deliveries, {missed} missed): {ms(delays)}")
    print(f"the server's event loop, longest pause while it served them: {pauses[0] * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loads", type=int, default=300, help="page loads timed per rule system and kind")
    parser.add_argument("--changes", type=int, default=100, help="moves, each followed by a timed page load")
    parser.add_argument("--pages", type=int, default=500, help="live streams open on one game")
    parser.add_argument("--moves", type=int, default=20, help="moves made while they are open")
    parser.add_argument("--watch", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.watch:
        asyncio.run(watch(args.watch, args.pages))
        return
    print(f"{machine()}, SQLite (the default), one server process")
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(page_loads(Path(tmp) / "loads.db", args.loads, args.changes))
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(fan_out(Path(tmp) / "fan-out.db", args.pages, args.moves))


if __name__ == "__main__":
    main()
