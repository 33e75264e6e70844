"""Cost of a server's statistics and ratings (``/evolution leaderboard`` and ``/evolution stats``): the service reads
every finished game of the server's channels and rates them all again (game_service/ratings.py).

Usage: python -m benchmarks.ratings [--games N] [--players N] [--people N] [--channels N] [--repeat N]

Finished games are written straight into a fresh SQLite file (in a temporary directory): ``--players`` seats each,
people drawn from ``--people`` and now and then a computer seat, random scores, spread over ``--channels``
channels. Then ``ratings`` is called ``--repeat`` times; the figures split the database read from the rating, and
give the longest the event loop stood still during the service call (the rating runs in a thread).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks import machine
from game_service import GameService
from game_service.computers import LEVELS
from game_service.ratings import rate
from game_service.storage import Ending, NewGame, NoteRow, SeatRow, open_repository
from rules_core.codec import encode
from rules_core.engine import rank_standings

START = datetime(2026, 1, 1, tzinfo=UTC)


async def fill(path: Path, games: int, players: int, people: int, channels: int) -> None:
    chooser = random.Random(1)
    repo = await open_repository(path)
    try:
        for number in range(games):
            at = START + timedelta(minutes=number)
            users = chooser.sample(range(people), players)
            seats = tuple(
                SeatRow(i, None, "Computer", True, at, chooser.choice(sorted(LEVELS)))
                if chooser.random() < 0.2
                else SeatRow(i, f"user-{user}", f"Player {user}", False, at)
                for i, user in enumerate(users)
            )
            host = seats[0].user_id or "user-host"
            game_id = await repo.create_game(
                NewGame(f"channel-{number % channels}", "north_star", {}, {}, host, at),
                SeatRow(0, host, "Host", False, at),
                NoteRow("created", 0, at, seat=0, user_id=host),
            )
            outcome = rank_standings((seat.seat, chooser.randint(0, 30), (), ()) for seat in seats)
            await repo.update_game(game_id, host_id=host, seats=seats, ending=Ending("finished", at, encode(outcome)))
    finally:
        await repo.close()


async def longest_pause(stop: asyncio.Event, pauses: list[float]) -> None:
    """The longest the event loop went without running this task (which asks to run every millisecond)."""
    longest, last = 0.0, time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0.001)
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    pauses.append(longest)


async def measure(path: Path, channels: int, repeat: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"read": [], "rate": [], "call": [], "pause": []}
    held = [f"channel-{n}" for n in range(channels)]
    async with await GameService.open(database=path, computer_workers=1) as service:
        repo = await open_repository(path)
        try:
            for _ in range(repeat):
                start = time.perf_counter()
                games = await repo.finished_games(held)
                middle = time.perf_counter()
                rate(games)
                end = time.perf_counter()
                stop = asyncio.Event()
                watcher = asyncio.create_task(longest_pause(stop, figures["pause"]))
                await service.ratings(channels=held)
                figures["call"].append(time.perf_counter() - end)
                stop.set()
                await watcher
                figures["read"].append(middle - start)
                figures["rate"].append(end - middle)
        finally:
            await repo.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="finished games on the server")
    parser.add_argument("--players", type=int, default=4, help="seats per game")
    parser.add_argument("--people", type=int, default=200, help="people who play on the server")
    parser.add_argument("--channels", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{machine()}, {args.games} finished games of {args.players} seats, {args.people} people")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ratings.db"
        asyncio.run(fill(path, args.games, args.players, args.people, args.channels))
        figures = asyncio.run(measure(path, args.channels, args.repeat))
    labels = (("read", "read the games"), ("rate", "rate them"), ("call", "the whole service call"),
              ("pause", "the event loop's longest pause during the call"))  # fmt: skip
    for name, label in labels:
        values = figures[name]
        print(f"{label}: median {statistics.median(values) * 1000:.0f} ms, worst {max(values) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
