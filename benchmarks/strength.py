"""How strong the search is: seeded games of the search against the baseline computer player, or against a lower
level.

Usage: python -m benchmarks.strength [--ruleset NAME] [--games N] [--level NAME] [--against NAME] [--seconds S]
                                     [--iterations N] [--jobs N] [--players 2 4] [--first-seed N]
                                     [--option NAME=VALUE ...] [--cpu-clock]

Two match-ups: one search seat against one baseline (2 players; target: the search wins at least 75 %), and one
search seat against three baselines (4 players; target: at least 45 %, against 25 % for an equal player).
``--against`` seats another level in the other seats instead of the baseline (``easy``, the default): ``--level
hard --against normal`` shows whether ``hard`` is stronger than ``normal`` (issue 29: each level stronger than the
one below it). The search's seat moves round the table from game to game. A shared first place counts as a share
of a win. Printed: the win rate with its 95 % confidence interval (Wilson), the mean score margin, and the search's
time per move (p50, p99, max; only moves with a choice) and the other seats', each move on one core within the
budget: a difficulty level's (``--level``, default ``hard``), or ``--seconds`` and ``--iterations``.
``--jobs`` plays games in that many processes at once (each move still on one core). ``--option`` sets a rule
option (``--option time_to_fly=true``). ``--cpu-clock`` times moves, and caps the search, by the process's CPU time
instead of the wall clock: on a shared machine a level's cap is then reached only where it would be on an idle one.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from benchmarks import machine, new_game, rule_option
from benchmarks.service import percentile
from computer_players import choose_action
from computer_players.search import LEVELS, Budget, find_budget, search
from rules_core.registry import RULESETS, find_ruleset


@dataclass(frozen=True)
class Game:
    """One finished game: the search's share of first place, its score less the best other, its move times and the
    other seats'."""

    win: float
    margin: int
    times: tuple[float, ...]
    other_times: tuple[float, ...]


def play(
    ruleset_name: str,
    players: int,
    seed: int,
    budget: Budget,
    options: dict[str, Any],
    cpu_clock: bool,
    against: Budget | None = None,
) -> Game:
    """One seeded game: the search at ``budget`` in one seat, the others at ``against`` (None: the baseline)."""
    ruleset = find_ruleset(ruleset_name)
    clock = time.process_time if cpu_clock else time.perf_counter
    searcher = seed % players
    state = new_game(ruleset, players, seed, options)
    times: list[float] = []
    other_times: list[float] = []
    while duties := ruleset.duties(state):
        seat = duties[0].seat
        view, legal = ruleset.seat_view(state, seat), ruleset.legal_actions(state, seat)
        if seat == searcher:
            start = clock()
            move_seed = seed * 100_003 + len(times)
            action = search(ruleset, view, legal, budget=budget, seed=move_seed, clock=clock)
            if len(legal) > 1:
                times.append(clock() - start)
        else:
            start = clock()
            if against is None:
                action = choose_action(ruleset, view, legal)
            else:
                other_seed = seed * 100_003 + 50_000 + len(other_times)
                action = search(ruleset, view, legal, budget=against, seed=other_seed, clock=clock)
            if len(legal) > 1:
                other_times.append(clock() - start)
        state, _ = ruleset.apply(state, action)
    outcome = ruleset.outcome(state)
    assert outcome is not None
    scores = {s.seat: s.score for s in outcome.standings}
    best_other = max(score for seat, score in scores.items() if seat != searcher)
    win = 1 / len(outcome.winners) if searcher in outcome.winners else 0.0
    return Game(win, scores[searcher] - best_other, tuple(times), tuple(other_times))


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % confidence interval of a win rate (Wilson's score interval)."""
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - spread, centre + spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="north_star", choices=sorted(RULESETS))
    parser.add_argument("--games", type=int, default=100, help="games per match-up")
    searching = sorted(name for name, budget in LEVELS.items() if budget is not None)
    parser.add_argument("--level", default="hard", choices=searching, help="the search's budget per move")
    parser.add_argument("--against", default="easy", choices=sorted(LEVELS), help="the other seats' level")
    parser.add_argument("--seconds", type=float, help="the search's time per move (instead of the level's)")
    parser.add_argument("--iterations", type=int, help="the search's simulations per move (instead of the level's)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, each in its own process")
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed (to add games to a run)")
    parser.add_argument(
        "--players", "--matchups", type=int, nargs="+", default=[2, 4], help="player counts (one search seat)"
    )
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    parser.add_argument("--cpu-clock", action="store_true", help="time and cap moves by CPU time")
    args = parser.parse_args()
    if not all("=" in option for option in args.option):
        parser.error("--option takes NAME=VALUE")
    options = dict(rule_option(option) for option in args.option)
    find_ruleset(args.ruleset).read_options(options)
    budget = find_budget(args.level)
    if args.seconds is not None or args.iterations is not None:
        budget = Budget(iterations=args.iterations, seconds=args.seconds)
    against = LEVELS[args.against]
    print(
        f"{machine()}, {args.ruleset}, {args.games} games per match-up (seeds from {args.first_seed}), budget "
        f"{budget.iterations} iterations / {budget.seconds} s per move ({'CPU' if args.cpu_clock else 'wall'} clock), "
        f"options {options or 'none'}, {args.jobs} processes, the others at {args.against}"
    )
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for players in args.players:
            started = time.perf_counter()
            seeds = range(args.first_seed, args.first_seed + args.games)
            games = list(pool.map(play, [args.ruleset] * args.games, [players] * args.games, seeds,
                                  [budget] * args.games, [options] * args.games,
                                  [args.cpu_clock] * args.games, [against] * args.games))  # fmt: skip
            wins = sum(g.win for g in games)
            low, high = wilson(wins, len(games))
            times = sorted(t for g in games for t in g.times)
            baseline = sorted(t for g in games for t in g.other_times)
            others = f"{players - 1} {'baseline' if against is None else args.against}{'s' if players > 2 else ''}"
            print(
                f"search vs {others}: wins {wins / len(games):.1%} "
                f"(95% CI {low:.1%}-{high:.1%}; an equal player {1 / players:.0%}), mean margin "
                f"{statistics.fmean(g.margin for g in games):+.1f}; time per move p50 {percentile(times, 0.5):.3f} s, "
                f"p99 {percentile(times, 0.99):.3f} s, max {max(times):.3f} s ({len(times)} moves); the others' "
                f"p50 {percentile(baseline, 0.5) * 1000:.1f} ms, p99 {percentile(baseline, 0.99) * 1000:.1f} ms; "
                f"{time.perf_counter() - started:.0f} s"
            )


if __name__ == "__main__":
    main()
