"""Balance of the dice-combat game's cards (docs/dice-combat-cards.md) by simulation: seeded games between the
project's computer players (``computer_players/dice_combat``), each seat seeing only its own view, as the service
plays them.

For each player count it prints:

* the win rate of each seat, and of each place in the first period's play order (the starting player first), with
  95% Wilson intervals: a fair game gives every seat 1/n;
* the length of a game: periods (median, 10th and 90th percentile, longest), the share of games that reached the
  final age, and the decisions each player answers per period and per game;
* how long the computer player and the rules take per action (wall time times processes, so a busy machine shows);
* that no single card decides games: the win rate of each species card as a player's own species, and, for each
  evolution kind, the win rate of players dealt it in their starting hand against those who were not (the hand is
  dealt at random, so the difference is the card's own effect); the largest swings are flagged.

The cards are those of the newest edition, or of ``--edition`` (the figures before a tuning).

Usage: python -m benchmarks.dice_balance [--games N] [--players 2 3 4 5 6] [--jobs J] [--seed S] [--edition E]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import platform
import statistics
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from benchmarks import new_game
from computer_players.dice_combat import choose_action
from rules_core.dice_combat import DiceCombat
from rules_core.dice_combat.actions import BuyPopulation
from rules_core.dice_combat.cards import EDITIONS, LATEST_EDITION, SPECIES, Kind, kind_of
from rules_core.dice_combat.state import Phase

RULES = DiceCombat()


@dataclass(frozen=True)
class Game:
    players: int
    winner: int
    #: The first period's starting player.
    first: int
    periods: int
    final_age: bool
    species: tuple[int, ...]
    starting_kinds: tuple[frozenset[Kind], ...]
    #: Decisions each seat answered (opportunities taken are not counted), and the periods it played.
    answered: tuple[int, ...]
    lived: tuple[int, ...]
    #: Every action applied (the computer player's choice, a rules step and the engine's work).
    actions: int


def play(players: int, seed: int, edition: int) -> Game:
    state = new_game(RULES, players, seed, {"edition": edition})
    first = state.starting_player
    species = tuple(p.species.card for p in state.players)
    kinds = tuple(frozenset(kind_of(c) for c in p.hand[:5]) for p in state.players)
    answered = [0] * players
    lived = [0] * players
    period = actions = 0
    while state.phase is not Phase.GAME_OVER:
        if state.period != period:
            period = state.period
            for p in state.players:
                lived[p.seat] += not p.extinct
        seat = RULES.duties(state)[0].seat
        action = choose_action(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat))
        answered[seat] += not isinstance(action, BuyPopulation)
        state, _ = RULES.apply(state, action)
        actions += 1
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1
    return Game(
        players,
        outcome.winners[0],
        first,
        state.period,
        state.final_age > 0,
        species,
        kinds,
        tuple(answered),
        tuple(lived),
        actions,
    )


def _play(job: tuple[int, int, int]) -> Game:
    return play(*job)


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def _rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins / max(1, games):5.1%} [{low:5.1%}, {high:5.1%}] of {games}"


def report(players: int, games: Sequence[Game]) -> None:
    fair = 1 / players
    print(f"\n== {players} players, {len(games)} games (fair win rate {fair:.1%})")
    worst = 0.0
    for seat in range(players):
        wins = sum(g.winner == seat for g in games)
        worst = max(worst, abs(wins / len(games) - fair))
        print(f"  seat {seat}: {_rate(wins, len(games))}")
    for place in range(players):
        wins = sum((g.first - g.winner) % players == place for g in games)
        worst = max(worst, abs(wins / len(games) - fair))
        print(f"  place {place + 1} in the first period's order: {_rate(wins, len(games))}")
    print(f"  largest distance from fair, by seat or by place: {worst:.1%}")
    periods = sorted(g.periods for g in games)
    deciles = statistics.quantiles(periods, n=10)
    per_period = sum(sum(g.answered) for g in games) / sum(sum(g.lived) for g in games)
    per_game = statistics.mean(sum(g.answered) / players for g in games)
    print(
        f"  periods: median {statistics.median(periods):g}, 10th-90th percentile {deciles[0]:g}-{deciles[-1]:g}, "
        f"longest {periods[-1]}; reached the final age: {sum(g.final_age for g in games) / len(games):.1%}"
    )
    print(f"  decisions answered per player: {per_period:.1f} a period, {per_game:.0f} a game")
    _cards(players, games)


def _cards(players: int, games: Sequence[Game]) -> None:
    fair = 1 / players
    dealt: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for g in games:
        for seat, card in enumerate(g.species):
            dealt[card][0] += 1
            dealt[card][1] += g.winner == seat
    rows = sorted(dealt.items(), key=lambda item: -item[1][1] / item[1][0])
    swings = [(w / n - fair, SPECIES[c].title) for c, (n, w) in rows]
    print("  species as a player's own (win rate, 95% interval):")
    for card, (n, w) in rows:
        print(f"    {SPECIES[card].title:16s} {_rate(w, n)}")
    high, low = max(swings), min(swings)
    print(f"  largest species swing from fair: {high[0]:+.1%} ({high[1]}), {low[0]:+.1%} ({low[1]})")
    print("  evolution kinds in the starting hand (win rate with / without, swing):")
    largest = (0.0, "")
    for kind in Kind:
        holding = [(g.winner == seat) for g in games for seat in range(players) if kind in g.starting_kinds[seat]]
        lacking = [(g.winner == seat) for g in games for seat in range(players) if kind not in g.starting_kinds[seat]]
        if not holding or not lacking:
            continue
        swing = sum(holding) / len(holding) - sum(lacking) / len(lacking)
        if abs(swing) > abs(largest[0]):
            largest = (swing, kind.value)
        print(
            f"    {kind.value:16s} {_rate(sum(holding), len(holding))} / "
            f"{sum(lacking) / len(lacking):5.1%}  {swing:+.1%}"
        )
    print(f"  largest evolution swing: {largest[0]:+.1%} ({largest[1]})")


def run(counts: Iterable[int], games: int, jobs: int, seed: int, edition: int) -> dict[int, list[Game]]:
    work = [(players, seed + i, edition) for players in counts for i in range(games)]
    with multiprocessing.Pool(jobs) as pool:
        played = pool.map(_play, work, chunksize=4)
    by_count: dict[int, list[Game]] = defaultdict(list)
    for game in played:
        by_count[game.players].append(game)
    return by_count


def _timed_run(counts: Sequence[int], games: int, jobs: int, seed: int, edition: int) -> dict[int, list[Game]]:
    start = time.perf_counter()
    played = run(counts, games, jobs, seed, edition)
    spent = time.perf_counter() - start
    actions = sum(g.actions for found in played.values() for g in found)
    each = spent * jobs / actions * 1000
    print(f"played in {spent:.0f} s with {jobs} processes: {actions} actions, {each:.1f} ms each")
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--edition", type=int, choices=sorted(EDITIONS), default=LATEST_EDITION)
    args = parser.parse_args()
    print(f"{date.today()}  {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}")
    cards = EDITIONS[args.edition]
    print(f"edition {cards.number}: {len(cards.species)} species cards, {len(cards.evolutions)} evolution cards")
    played = _timed_run(args.players, args.games, args.jobs, args.seed, args.edition)
    for players, games in sorted(played.items()):
        report(players, games)


if __name__ == "__main__":
    main()
