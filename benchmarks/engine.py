"""Plays seeded random games of one rule system to the end and prints games/s and actions/s.

Usage: python -m benchmarks.engine [--ruleset NAME] [--games N] [--players 2 4 6] [--unchecked]
                                   [--option NAME=VALUE ...]
The rule system is found by name in ``rules_core.registry.RULESETS`` (default ``north_star``). Each move is a
uniformly random choice among the legal actions of a uniformly random seat that the game waits for, so the figures
include move generation (``legal_actions``) as well as ``apply``. ``--option`` sets a rule option for every game
(``--ruleset origin --option time_to_fly=true --option darwins_day=true``: the original game with both
expansions); the others take their defaults, as in a game the lobby starts today. With ``--unchecked`` each move is
applied with ``apply_unchecked``, as a search's simulations may (the move was just taken from ``legal_actions``).
Each count is timed by the wall clock and by the process's CPU time: on a busy machine the CPU-time figure is the
steadier one.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from typing import Any

from benchmarks import machine, new_game, rule_option
from rules_core.engine import AnyRuleset
from rules_core.errors import Refusal
from rules_core.registry import RULESETS, find_ruleset


def play_random_game(
    ruleset: AnyRuleset,
    players: int,
    seed: int,
    *,
    unchecked: bool = False,
    options: Mapping[str, Any] | None = None,
) -> tuple[Any, int]:
    """A whole new game of uniformly random legal actions: the final state and how many actions were played. Its
    options are filled in as the lobby stores a new game's, so it plays as a game started today does (the dice
    game's newest edition and its counter draws, where options as stored before them would mean the first ones)."""
    chooser = random.Random(seed)
    apply = ruleset.apply_unchecked if unchecked else ruleset.apply
    state = new_game(ruleset, players, seed, options)
    actions = 0
    while duties := ruleset.duties(state):
        seat = duties[chooser.randrange(len(duties))].seat
        legal = ruleset.legal_actions(state, seat)
        state, _ = apply(state, legal[chooser.randrange(len(legal))])
        actions += 1
    return state, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="north_star", choices=sorted(RULESETS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--unchecked", action="store_true", help="apply each move with apply_unchecked")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    args = parser.parse_args()
    if not all("=" in option for option in args.option):
        parser.error("--option takes NAME=VALUE")
    options = dict(rule_option(option) for option in args.option)
    ruleset = find_ruleset(args.ruleset)
    try:
        low, high = ruleset.player_range(ruleset.read_options(options))
    except Refusal as refusal:
        parser.error(str(refusal))
    if not all(low <= players <= high for players in args.players):
        parser.error(f"{ruleset.name} takes {low} to {high} players")
    applied = "apply_unchecked" if args.unchecked else "apply"
    print(
        f"{machine()}, {ruleset.name}, options {options or 'none'}, {args.games} games per player count, "
        f"moves by {applied}"
    )
    for players in args.players:
        wall, cpu = time.perf_counter(), time.process_time()
        total_actions = rounds = 0
        for seed in range(args.games):
            state, actions = play_random_game(ruleset, players, seed, unchecked=args.unchecked, options=options)
            total_actions += actions
            rounds += ruleset.public_view(state).round
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"{players} players: {args.games / wall:8.1f} games/s  {total_actions / wall:9.0f} actions/s  "
            f"(CPU time: {args.games / cpu:.1f} games/s)  "
            f"({total_actions / args.games:.0f} actions, {rounds / args.games:.1f} rounds per game)"
        )


if __name__ == "__main__":
    main()
