"""Cost of ``/evolution history`` on a finished game: the service replays the whole log (each action's public events
and the table after it), then the bot words it and cuts it into pages.

Usage: python -m benchmarks.history [--games N] [--players N] [--repeat N]

Whole games are played to the end with random legal actions through the service (a fresh SQLite file in a
temporary directory), then each game's history is read ``--repeat`` times. The replay is the heavy part, and it
grows with the game's length, so the figures are given per game and per logged action.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks import machine
from benchmarks.service import new_game, percentile, play
from bot.history import history_lines
from bot.panels import history_pages
from computer_players.simple import first_legal
from game_service import GameService


async def measure(path: Path, games: int, players: int, repeat: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"service": [], "words": [], "actions": [], "pages": []}
    chooser = random.Random(1)
    async with await GameService.open(database=path, computer_policy=first_legal) as service:
        for game in range(games):
            channel = f"history-{game}"
            _, result = await new_game(service, channel, players, seed=game)
            while result.status == "running":
                result = await play(service, channel, result, chooser)
            for _ in range(repeat):
                start = time.perf_counter()
                history = await service.history(game_id=result.game_id)
                middle = time.perf_counter()
                pages = history_pages(history_lines(history, "en"))
                end = time.perf_counter()
                figures["service"].append(middle - start)
                figures["words"].append(end - middle)
            figures["actions"].append(float(result.version))
            figures["pages"].append(float(len(pages)))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="finished games to read")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5, help="reads of each game's history")
    args = parser.parse_args()
    print(f"{machine()}, {args.players} players per game, {args.games} finished games")
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(measure(Path(tmp) / "history.db", args.games, args.players, args.repeat))
    actions, pages = figures["actions"], figures["pages"]
    print(
        f"a game: {statistics.fmean(actions):.0f} logged actions on average ({min(actions):.0f} to "
        f"{max(actions):.0f}), {statistics.fmean(pages):.1f} history pages"
    )
    for label in ("service", "words"):
        ms = [x * 1000 for x in figures[label]]
        print(
            f"{label:8}: p50 {percentile(ms, 0.50):6.1f} ms  p99 {percentile(ms, 0.99):6.1f} ms  "
            f"max {max(ms):6.1f} ms per game"
        )
    per_action = [s * 1000 / a for s, a in zip(figures["service"], [a for a in actions for _ in range(args.repeat)],
                                               strict=True)]  # fmt: skip
    print(f"service per logged action: mean {statistics.fmean(per_action):.3f} ms")


if __name__ == "__main__":
    main()
