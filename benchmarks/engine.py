"""Plays seeded random North Star games to the end and prints games/s and actions/s.

Usage: python -m benchmarks.engine [--games N] [--players 2 4 6]
Each move is a uniformly random choice among the legal actions of a uniformly random seat that must decide, so
the figures include move generation (``legal_actions``) as well as ``apply``.
"""

from __future__ import annotations

import argparse
import random
import time

from benchmarks import machine
from rules_core.north_star import NorthStar
from rules_core.north_star.state import GameState, Phase


def play_random_game(ruleset: NorthStar, players: int, seed: int) -> tuple[GameState, int]:
    chooser = random.Random(seed)
    state = ruleset.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=seed)[0]
    actions = 0
    while state.phase is not Phase.GAME_OVER:
        decisions = ruleset.decisions(state)
        seat = decisions[chooser.randrange(len(decisions))].seat
        legal = ruleset.legal_actions(state, seat)
        state, _ = ruleset.apply(state, legal[chooser.randrange(len(legal))])
        actions += 1
    return state, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    args = parser.parse_args()
    ruleset = NorthStar()
    print(f"{machine()}, {args.games} games per player count")
    for players in args.players:
        start = time.perf_counter()
        total_actions = 0
        rounds = 0
        for seed in range(args.games):
            state, actions = play_random_game(ruleset, players, seed)
            total_actions += actions
            rounds += state.round
        elapsed = time.perf_counter() - start
        print(
            f"{players} players: {args.games / elapsed:8.1f} games/s  {total_actions / elapsed:9.0f} actions/s  "
            f"({total_actions / args.games:.0f} actions, {rounds / args.games:.1f} rounds per game)"
        )


if __name__ == "__main__":
    main()
