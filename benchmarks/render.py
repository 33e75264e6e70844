"""Renders boards of seeded random mid-game North Star states and prints the time per image and PNG sizes.

Usage: python -m benchmarks.render [--states N] [--players 2 4 6] [--width PX]
Each state comes from its own seeded game of uniformly random legal moves, stopped in the feeding phase somewhere
in its middle rounds, and is rendered once (after a few warm-up renderings of other states), so the figures
include text layout and the PNG encoding but only the caches a long-running bot would have warm.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks import machine
from renderer import render_board
from rules_core.north_star import NorthStar
from rules_core.north_star.state import GameState, Phase
from rules_core.north_star.view import TableView

WARM_UP = 5


def mid_game(ruleset: NorthStar, players: int, seed: int) -> GameState:
    """A random game stopped in feeding, in round 2 to 4 (so species carry a few traits)."""
    chooser = random.Random(seed)
    state = ruleset.new_game(players=[f"Player {i + 1}" for i in range(players)], options={}, seed=seed)[0]
    stop_round = 2 + seed % 3
    actions = 0
    while state.phase is not Phase.GAME_OVER:
        if state.round >= stop_round and state.phase is Phase.FEEDING and actions % 3 == 0:
            return state
        decisions = ruleset.decisions(state)
        seat = decisions[chooser.randrange(len(decisions))].seat
        legal = ruleset.legal_actions(state, seat)
        state, _ = ruleset.apply(state, legal[chooser.randrange(len(legal))])
        actions += 1
    return state


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=60)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--width", type=int, default=None, help="image width in pixels (default: natural)")
    args = parser.parse_args()
    ruleset = NorthStar()
    print(f"{machine()}, {args.states} states per player count")
    for players in args.players:
        views: list[TableView] = [
            ruleset.public_view(mid_game(ruleset, players, seed)) for seed in range(args.states + WARM_UP)
        ]
        for view in views[:WARM_UP]:
            render_board(view, width=args.width)
        times: list[float] = []
        sizes: list[int] = []
        dimensions: set[tuple[int, int]] = set()
        for view in views[WARM_UP:]:
            start = time.perf_counter()
            data = render_board(view, width=args.width)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(data))
            width = int.from_bytes(data[16:20], "big")
            height = int.from_bytes(data[20:24], "big")
            dimensions.add((width, height))
        widths = sorted({w for w, _ in dimensions})
        heights = sorted({h for _, h in dimensions})
        print(
            f"{players} players: p50 {percentile(times, 0.5):6.1f} ms  p99 {percentile(times, 0.99):6.1f} ms  "
            f"PNG median {statistics.median(sizes) / 1000:6.1f} KB  max {max(sizes) / 1000:6.1f} KB  "
            f"({widths[0]}-{widths[-1]} x {heights[0]}-{heights[-1]} px)"
        )


if __name__ == "__main__":
    main()
