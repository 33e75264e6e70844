"""How well the search judges single moves: its simulations' verdicts against what the moves are worth in whole games.

Usage: python -m benchmarks.decisions [--ruleset NAME] [--players N] [--positions N] [--deals K] [--level NAME]
                                      [--seconds S] [--jobs N]

A win rate over a few dozen games moves by ten points from luck alone, so it cannot tell two close variants of the
search apart. This script looks at moves instead. It takes ``--positions`` decisions (with a choice) of one seat
from seeded games of the baseline computer player, and for each the moves the search's root compares (the
baseline's ranking). Each move is valued by whole games: on each of ``--deals`` states dealt from the seat's view
(the same deals for every move), the move is made and every seat, its own included, plays the baseline to the
end; the value is the seat's reward (``computer_players.search.tree.rewards``). Then the search runs on the
position, on one core within its budget (the CPU time of its process), and the script prints:

* the correlation between the search's gain of each move over the baseline's move (its paired mean over its own
  simulations) and the move's gain in whole games, and how often the two agree in sign where the latter is clear;
* how many moves the search changed, and what its choices gained in whole games, per move.

Whole games of the baseline are the yardstick: a move's worth when everyone plays on as the baseline would, which
is what the search's opponents do in ``benchmarks.strength``. It is slow (the baseline plays every move of every
game): 48 four-player positions at 24 deals take some 25 minutes on two cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from benchmarks import machine, new_game
from computer_players import choose_action
from computer_players.registry import PLAYOUTS, POLICIES, RANKINGS
from computer_players.search import LEVELS, Budget, find_budget
from computer_players.search.tree import Search, outcome_rewards
from rules_core.engine import AnyRuleset, SeatView
from rules_core.registry import find_ruleset

#: A move's gain in whole games counts as clear (for the sign agreement) beyond this much reward.
CLEAR = 0.03


@dataclass(frozen=True)
class Position:
    view: SeatView
    legal: tuple[Any, ...]


def positions(ruleset: AnyRuleset, players: int, count: int, seed: int) -> list[Position]:
    """``count`` decisions of one seat per game (the seat moves round the table), about one in eight of its
    decisions with a choice, from seeded games the baseline plays."""
    found: list[Position] = []
    while len(found) < count:
        seat_of_interest, pick = seed % players, random.Random(seed)
        state = new_game(ruleset, players, seed)
        while duties := ruleset.duties(state):
            seat = duties[0].seat
            view, legal = ruleset.seat_view(state, seat), ruleset.legal_actions(state, seat)
            if seat == seat_of_interest and len(legal) > 1 and pick.random() < 0.12 and len(found) < count:
                found.append(Position(view, tuple(legal)))
            state, _ = ruleset.apply(state, choose_action(ruleset, view, legal))
        seed += 1
    return found


def _search(ruleset: AnyRuleset, position: Position, seed: int) -> Search:
    return Search(
        ruleset,
        position.view,
        position.legal,
        seed=seed,
        playout=PLAYOUTS[ruleset.name],
        baseline=POLICIES.get(ruleset.name),
        ranking=RANKINGS[ruleset.name],
    )


def whole_game_values(ruleset_name: str, position: Position, deals: int, candidates: int) -> list[list[float]]:
    """For each of the search's ``candidates`` first moves, the seat's reward in whole games of the baseline, deal
    by deal."""
    ruleset = find_ruleset(ruleset_name)
    players = len(position.view.table.players)
    values = []
    for move in _search(ruleset, position, seed=0).candidates(candidates):
        rewards = []
        for deal in range(deals):
            state, _ = ruleset.apply(ruleset.determinize(position.view, seed=7919 * deal + 1), move)
            while duties := ruleset.duties(state):
                seat = duties[0].seat
                view, legal = ruleset.seat_view(state, seat), ruleset.legal_actions(state, seat)
                state, _ = ruleset.apply(state, choose_action(ruleset, view, legal))
            outcome = ruleset.outcome(state)
            assert outcome is not None
            rewards.append(outcome_rewards(outcome, players)[position.view.seat])
        values.append(rewards)
    return values


def search_verdicts(ruleset_name: str, position: Position, budget: Budget, seed: int) -> tuple[int, list[float]]:
    """The search's choice (its index among the candidates) and its paired gain of each other candidate."""
    tree = _search(find_ruleset(ruleset_name), position, seed)
    choice = tree.run(budget, time.process_time)
    moves = list(tree.samples)
    gains = tree.gains()
    return moves.index(choice), [gains[move][0] if gains else 0.0 for move in moves[1:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    searching_rules = sorted(name for name in RANKINGS if name in PLAYOUTS)
    parser.add_argument("--ruleset", default="north_star", choices=searching_rules)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=48)
    parser.add_argument("--deals", type=int, default=24, help="whole games per candidate move")
    searching = sorted(name for name, budget in LEVELS.items() if budget is not None)
    parser.add_argument("--level", default="hard", choices=searching, help="the search's budget per move")
    parser.add_argument("--seconds", type=float, help="the search's CPU time per move (instead of the level's)")
    parser.add_argument("--jobs", type=int, default=1, help="positions worked on at once, each in its own process")
    args = parser.parse_args()
    if args.positions < 1 or args.deals < 2:
        parser.error("at least one position and two deals")
    budget = find_budget(args.level) if args.seconds is None else Budget(seconds=args.seconds)
    ruleset = find_ruleset(args.ruleset)
    print(
        f"{machine()}, {ruleset.name}, {args.players} players, {args.positions} positions, {args.deals} deals per "
        f"move, search budget {budget.iterations} iterations / {budget.seconds} s CPU per move"
    )
    found = positions(ruleset, args.players, args.positions, seed=1000)
    names = [ruleset.name] * len(found)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        values = list(
            pool.map(whole_game_values, names, found, [args.deals] * len(found), [budget.candidates] * len(found))
        )
        verdicts = list(pool.map(search_verdicts, names, found, [budget] * len(found), range(len(found))))
    searched, measured, chosen = [], [], []
    agree = disagree = changed = 0
    for rewards, (choice, gains) in zip(values, verdicts, strict=True):
        prior = rewards[0]
        worth = [statistics.fmean(a - b for a, b in zip(move, prior, strict=True)) for move in rewards]
        for gain, value in zip(gains, worth[1:], strict=True):
            searched.append(gain)
            measured.append(value)
            if abs(value) > CLEAR and (gain > 0) == (value > 0):
                agree += 1
            elif abs(value) > CLEAR:
                disagree += 1
        changed += choice != 0
        chosen.append(worth[choice])
    correlation = statistics.correlation(searched, measured) if len(set(searched)) > 1 else float("nan")
    print(
        f"search's gains against whole games: correlation {correlation:+.3f} over {len(searched)} moves; same sign "
        f"{agree}, opposite {disagree} (where a move's whole-game gain exceeds {CLEAR}); the search changed "
        f"{changed} of {len(found)} moves, gaining {statistics.fmean(chosen):+.4f} reward per move in whole games"
    )


if __name__ == "__main__":
    main()
