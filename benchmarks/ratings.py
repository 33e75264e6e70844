"""Cost of a server's statistics and ratings (``/evolution leaderboard`` and ``/evolution stats``), before and after
the ratings were kept in storage (game_service/ratings.py).

Usage: python -m benchmarks.ratings [--games N] [--players N] [--people N] [--channels N] [--repeat N]
                                    [--backend sqlite|postgresql]

Finished games of one server are written straight into a fresh database (a SQLite file in a temporary directory, or
a throwaway local PostgreSQL server: tests/local_postgres.py): ``--players`` seats each, people drawn from
``--people`` and now and then a computer seat at a random level, random scores, over ``--channels`` channels. Then,
``--repeat`` times each:

* **from scratch**: what every call did before migration 0008, reading every finished game of the server and
  rating them all in a thread (the read and the rating are also timed apart);
* **first read**: the service call that folds in every game at once, as on a database's first read after migration
  0008 (the stored ratings are cleared between repeats);
* **stored**: the service call once the ratings are stored and nothing new finished;
* **one new game**: the service call after one more game finished, which it folds in and writes.

"Loop pause" is the longest the event loop went without running a task that asks to run every millisecond, during
the call.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from benchmarks import longest_pause, machine
from computer_players.simple import first_legal
from game_service import GameService
from game_service.computers import LEVELS
from game_service.ratings import rate
from game_service.storage import Ending, NewGame, NoteRow, Repository, SeatRow, open_repository
from rules_core.codec import encode
from rules_core.engine import rank_standings

START = datetime(2026, 1, 1, tzinfo=UTC)
SERVER = "server"


async def write_game(repo: Repository, chooser: random.Random, number: int, players: int, people: int,
                     channels: int) -> None:  # fmt: skip
    at = START + timedelta(minutes=number)
    users = chooser.sample(range(people), players)
    seats = tuple(
        SeatRow(i, None, "Computer", True, at, chooser.choice(sorted(LEVELS)))
        if chooser.random() < 0.2
        else SeatRow(i, f"user-{user}", f"Player {user}", False, at)
        for i, user in enumerate(users)
    )
    host = seats[0].user_id or "user-host"
    outcome = rank_standings((seat.seat, chooser.randint(0, 30), (), ()) for seat in seats)
    game_id = await repo.create_game(
        NewGame(f"channel-{number % channels}", "north_star", {}, {}, host, at, SERVER),
        SeatRow(0, host, "Host", False, at),
        NoteRow("created", 0, at, seat=0, user_id=host),
    )
    await repo.update_game(game_id, host_id=host, seats=seats, ending=Ending("finished", at, encode(outcome)))


async def fill(repo: Repository, games: int, players: int, people: int, channels: int) -> None:
    chooser = random.Random(1)
    # One game per channel at a time (a channel has one active game), written together: the SQLite backend commits
    # concurrent writes in one transaction.
    for first in range(0, games, channels):
        await asyncio.gather(*(write_game(repo, chooser, number, players, people, channels)
                               for number in range(first, min(games, first + channels))))  # fmt: skip


async def timed(call: Callable[[], Awaitable[Any]], figures: dict[str, list[float]], name: str) -> None:
    """Time ``call`` into ``figures[name]`` and the loop's longest pause meanwhile into ``figures[name + ' pause']``."""
    stop = asyncio.Event()
    watcher = asyncio.create_task(longest_pause(stop, figures.setdefault(f"{name} pause", [])))
    await asyncio.sleep(0.01)  # the watcher is running
    start = time.perf_counter()
    await call()
    figures.setdefault(name, []).append(time.perf_counter() - start)
    stop.set()
    await watcher


async def from_scratch(repo: Repository, figures: dict[str, list[float]]) -> None:
    """The call as it was before migration 0008: every finished game read, then rated in a thread."""
    start = time.perf_counter()
    games = await repo.finished_games(SERVER)
    middle = time.perf_counter()
    await asyncio.to_thread(rate, games)
    figures.setdefault("read", []).append(middle - start)
    figures.setdefault("rate", []).append(time.perf_counter() - middle)


async def forget_ratings(url: str) -> None:
    """The database as migration 0008 leaves it: no stored ratings, no game counted."""
    async with raw(url) as execute:
        await execute("DELETE FROM ratings")
        await execute("DELETE FROM rating_tables")
        await execute("UPDATE games SET rated = false")


@asynccontextmanager
async def raw(url: str) -> AsyncIterator[Callable[[str], Awaitable[Any]]]:
    """A plain connection of its own to the database (behind the service's back)."""
    if url.startswith("postgresql://"):
        import asyncpg

        connection = await asyncpg.connect(url)
        try:
            yield connection.execute
        finally:
            await connection.close()
    else:
        import aiosqlite

        async with aiosqlite.connect(url, isolation_level=None) as db:
            yield db.execute


async def measure(url: str, repeat: int, players: int, people: int, channels: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {}
    repo = await open_repository(url)
    service = GameService(repository=repo, computer_policy=first_legal)
    chooser = random.Random(2)
    added = 0
    # The bot passes the guild's channels (to claim games from before 0008): none is left to claim here.
    held = [f"channel-{n}" for n in range(channels)]
    try:
        for _ in range(repeat):
            await timed(lambda: from_scratch(repo, figures), figures, "scratch")
        for _ in range(repeat):
            await forget_ratings(url)
            await timed(lambda: service.ratings(server_id=SERVER, channels=held), figures, "first")
        for _ in range(repeat):
            await timed(lambda: service.ratings(server_id=SERVER, channels=held), figures, "stored")
        for _ in range(repeat):
            added += 1
            await write_game(repo, chooser, 10**6 + added, players, people, channels)
            await timed(lambda: service.ratings(server_id=SERVER, channels=held), figures, "new")
    finally:
        await repo.close()
    return figures


@asynccontextmanager
async def database(backend: str) -> AsyncIterator[str]:
    if backend == "postgresql":
        # Imported here: the SQLite run needs no PostgreSQL binaries.
        from tests.local_postgres import local_postgres

        with local_postgres(durable=True) as server:
            yield server.new_database()
    else:
        with tempfile.TemporaryDirectory() as tmp:
            yield str(Path(tmp) / "ratings.db")


async def run(args: argparse.Namespace) -> dict[str, list[float]]:
    async with database(args.backend) as url:
        repo = await open_repository(url)
        try:
            await fill(repo, args.games, args.players, args.people, args.channels)
        finally:
            await repo.close()
        return await measure(url, args.repeat, args.players, args.people, args.channels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="finished games on the server")
    parser.add_argument("--players", type=int, default=4, help="seats per game")
    parser.add_argument("--people", type=int, default=200, help="people who play on the server")
    parser.add_argument("--channels", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    print(f"{machine()}, {args.backend}, {args.games} finished games of {args.players} seats, {args.people} people")
    figures = asyncio.run(run(args))
    labels = (
        ("read", "from scratch (before 0008): read the games"), ("rate", "from scratch: rate them"),
        ("scratch", "from scratch: the whole call"), ("first", "first read after 0008: fold every game in"),
        ("stored", "stored, nothing new"), ("new", "stored, one new game folded in"),
    )  # fmt: skip
    for name, label in labels:
        line = f"{label}: {spread(figures[name])}"
        if f"{name} pause" in figures:
            line += f"; loop pause {spread(figures[f'{name} pause'])}"
        print(line)


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, worst {max(values) * 1000:.1f} ms"


if __name__ == "__main__":
    main()
