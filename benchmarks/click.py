"""How fast a person's click is answered while computers think after it, through the real bot and the fake Discord.

Usage: python -m benchmarks.click [--players N] [--level LEVEL] [--workers N] [--moves N] [--seed N]

Issue 33's case: a North Star game of one person and ``--players - 1`` computers at ``--level`` (default: six
players, hard), the computers thinking in ``--workers`` worker processes (warmed at the bot's start), the real
renderer drawing the boards. The person plays through their prompts' buttons and selects (opened with the table's
"My hand" button), as tests/bot/driver.py does, until the game ends or ``--moves`` moves are made. Right after each
of the person's moves, while the computers think, the person types ``/evolution move`` (an autocomplete request),
five times a second for up to two seconds. Every request goes through the fake Discord (tests/bot/fakes.py), which
refuses an initial response later than 3 s as Discord does.

It prints, over every click of the person's: the time from the interaction to its initial response (the
"thinking..." or deferred update) and to its final answer (the prompt edited with the next menu or the move done),
p50 / p90 / p99 / max; the same for the autocompletes' answers; the longest the event loop went without running a
task that asks to run every millisecond; and how many answers the fake Discord refused.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import machine
from benchmarks.service import percentile
from benchmarks.stalls import Watch
from bot.client import EvolutionBot
from evolution_bot.config import Settings
from game_service import GameService
from game_service.computers import LEVELS
from renderer import render_board
from tests.bot.conftest import ADA, Clock, World, string
from tests.bot.driver import Driver
from tests.bot.fakes import CHANNEL_ID, FakeDiscord, settle

#: An interaction's token in the path of a request answering it (its callback, follow-ups and edits).
TOKEN = re.compile(r"/(?:interactions|webhooks)/[0-9]+/([^/]+)")
#: How often the person asks for their moves while the computers think, and for how long.
AUTOCOMPLETE_EVERY = 0.2
AUTOCOMPLETE_FOR = 2.0


class Stopwatch:
    """When each interaction was created and when the bot answered it (first and last request on its token)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.first: dict[str, float] = {}
        self.last: dict[str, float] = {}
        self.kinds: dict[str, str] = {}
        original = fake.webhook_request

        async def timed(route: Any, payload: Any, multipart: Any, *, params: Any = None) -> Any:
            answer = await original(route, payload, multipart, params=params)
            found = TOKEN.search(route.url)
            assert found is not None, route.url
            token = found.group(1)
            now = asyncio.get_running_loop().time()
            self.first.setdefault(token, now)
            self.last[token] = now
            return answer

        fake.webhook_request = timed  # type: ignore[method-assign]

    def waited(self, kinds: Callable[[str], bool]) -> tuple[list[float], list[float]]:
        """(to the initial response, to the final answer) in seconds, for the interactions whose kind passes."""
        first, last = [], []
        for token, interaction in self.fake.interactions.items():
            if token in self.first and kinds(self.kinds.get(token, "click")):
                first.append(self.first[token] - interaction.created)
                last.append(self.last[token] - interaction.created)
        return first, last


async def ask_moves_while_thinking(world: World, watch: Stopwatch) -> None:
    """The person types ``/evolution move`` while the computers think (each answered on its own)."""
    fake, bot = world.fake, world.bot
    ends = time.perf_counter() + AUTOCOMPLETE_FOR
    while time.perf_counter() < ends:
        payload = fake.command_payload(ADA, "evolution", string("action", "", focused=True), sub="move", typing=True)
        watch.kinds[payload["token"]] = "autocomplete"
        fake.deliver(bot, payload)
        await asyncio.sleep(AUTOCOMPLETE_EVERY)


async def play(args: argparse.Namespace, folder: Path) -> None:
    database = folder / "games.db"
    clock = Clock()
    service = await GameService.open(
        database=database, clock=clock, computer_workers=args.workers, computer_level=args.level
    )
    fake = FakeDiscord()
    settings = Settings(database=database, computer_level=args.level)
    bot = EvolutionBot(settings=settings, service=service, render=render_board, seeds=iter([args.seed]))
    fake.attach(bot)
    await bot.login("fake-token")
    await service.warm_up()
    world = World(fake, bot, service, database, clock)  # type: ignore[arg-type]
    watch = Stopwatch(fake)
    driver = Driver(world, [ADA], seed=args.seed, check_privacy=lambda: asyncio.sleep(0))
    moves = 0
    began = time.perf_counter()
    try:
        async with Watch() as loop:
            await world.evo(ADA, "new")
            world.game_id = (await service.game_info(channel_id=str(CHANNEL_ID))).game_id
            for _ in range(args.players - 1):
                await world.evo(ADA, "addbot")
            await world.evo(ADA, "start")
            while moves < args.moves and await driver.running():
                await service.idle(game_id=world.game_id)
                if not await driver.running():
                    break
                await driver.turn(ADA, "hand")
                moves += 1
                await ask_moves_while_thinking(world, watch)
                await settle()
    finally:
        await bot.close()
        await service.close()
    seconds = time.perf_counter() - began
    info_line = f"{moves} moves of the person's in {seconds:.0f} s"
    print(f"{args.players} players: one person and {args.players - 1} computers at level {args.level}; {info_line}")
    for label, kinds in (("clicks", lambda k: k == "click"), ("autocompletes", lambda k: k == "autocomplete")):
        first, last = watch.waited(kinds)
        print(f"{label} ({len(first)}): initial response {spread(first)}; final answer {spread(last)}")
    print(loop.line("event loop while playing", seconds))
    print(f"answers the fake Discord refused: {len(fake.refused)}")


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ms = [v * 1000 for v in values]
    return (f"p50 {statistics.median(ms):.0f} ms, p90 {percentile(ms, 0.9):.0f} ms, p99 {percentile(ms, 0.99):.0f} ms, "
            f"max {max(ms):.0f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=6, help="seats: one person, the others computers")
    parser.add_argument("--level", choices=sorted(LEVELS), default="hard", help="the computers' level")
    parser.add_argument("--workers", type=int, default=2, help="the computers' worker processes")
    parser.add_argument("--moves", type=int, default=10_000, help="stop after this many of the person's moves")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory(prefix="click") as folder:
        asyncio.run(play(args, Path(folder)))


if __name__ == "__main__":
    main()
