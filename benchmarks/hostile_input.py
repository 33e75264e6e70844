"""How long the service takes to refuse hostile input: huge, deep or long arguments of public calls.

Usage: python -m benchmarks.hostile_input [--repeat N]

A running two-player North Star game on a fresh SQLite file; each input is passed to the call that takes it, and the
call's time to refuse it is measured (the median of ``--repeat`` tries; the input is built before the clock starts).
Each should be refused: one that is accepted shows as ACCEPTED, one that fails with an error that is no refusal as
FAILS and the error's class, each with the time it took.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchmarks import machine
from computer_players.simple import first_legal
from game_service import GameService
from rules_core.errors import Refusal
from rules_core.north_star.actions import Attack

CHANNEL, HOST, GUEST = "c", "host", "guest"


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


Call = Callable[[GameService], Awaitable[Any]]


def inputs(version: int) -> list[tuple[str, Callable[[], Call]]]:
    """(what, a maker of the call given it) for each hostile input: the input is built when the maker is called."""

    def move(action: Any) -> Call:
        return lambda service: service.submit(channel_id=CHANNEL, user_id=HOST, action=action,
                                              expected_version=version)  # fmt: skip

    def new_game(options: dict[str, Any]) -> Call:
        return lambda service: service.create_game(
            ruleset="north_star", channel_id="new", host_id=HOST, host_name="H", options=options
        )

    def change(settings: dict[str, Any]) -> Call:
        return lambda service: service.change_settings(channel_id=CHANNEL, actor_id=HOST, settings=settings)

    def keep(data: dict[str, Any]) -> Call:
        return lambda service: service.keep_front_end(game_id=1, data=data)

    def join(name: str) -> Call:
        return lambda service: service.join(channel_id="new", user_id="u", user_name=name)

    def ratings(channels: list[str]) -> Call:
        return lambda service: service.ratings(server_id="s1", channels=channels)

    attack = {"type": "Attack", "seat": 0, "carnivore": 0, "target": 1, "negate": []}
    return [
        ("action: an attack with 10^6 discards (JSON)", lambda: move({**attack, "discards": list(range(10**6))})),
        ("action: the same, an action object",
         lambda: move(Attack(seat=0, carnivore=0, target=1, discards=tuple(range(10**6))))),
        ("action: lists nested 10^5 deep", lambda: move({**attack, "discards": nested(10**5)})),
        ("action: a 100 MB string", lambda: move({"type": "SelectFoodCard", "seat": 0, "card": "x" * 10**8})),
        ("action: a 10^5-digit integer", lambda: move({"type": "SelectFoodCard", "seat": 0, "card": 10**100_000})),
        ("action: an object of 10^6 keys", lambda: move({"type": "Attack", **{f"k{i}": i for i in range(10**6)}})),
        ("options: 10^6 of them", lambda: new_game({f"o{i}": True for i in range(10**6)})),
        ("options: lists nested 10^5 deep", lambda: new_game({"quick_game": nested(10**5)})),
        ("settings: a list of 10^6 items", lambda: change({"x": list(range(10**6))})),
        ("front-end data: a list of 10^6 items", lambda: keep({"x": list(range(10**6))})),
        ("a player's name of 10^8 spaces", lambda: join(" " * 10**8)),
        ("channels: 10^7 ids", lambda: ratings(["1" * 18] * 10**7)),
    ]  # fmt: skip


async def refusal_time(service: GameService, call: Call) -> tuple[float, str]:
    started = time.perf_counter()
    try:
        await call(service)
    except Refusal as refusal:
        return time.perf_counter() - started, refusal.code
    except Exception as error:
        return time.perf_counter() - started, f"FAILS: {type(error).__name__}"
    return time.perf_counter() - started, "ACCEPTED"


async def main(repeat: int) -> None:
    print(machine())
    with tempfile.TemporaryDirectory() as folder:
        async with await GameService.open(database=Path(folder) / "games.db", computer_policy=first_legal) as service:
            await service.create_game(ruleset="north_star", channel_id=CHANNEL, host_id=HOST, host_name="Host")
            await service.join(channel_id=CHANNEL, user_id=GUEST, user_name="Guest")
            started = await service.start(channel_id=CHANNEL, actor_id=HOST, seed=1)
            print(f"{'input':<45} {'refused as':<26} {'median':>10}")
            for label, make in inputs(started.version):
                times, code = [], ""
                for _ in range(repeat):
                    elapsed, code = await refusal_time(service, make())
                    times.append(elapsed)
                print(f"{label:<45} {code:<26} {statistics.median(times) * 1000:>8.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    asyncio.run(main(parser.parse_args().repeat))
