"""Checks the chosen food values of the deck (docs/rulings.md, "Food values of the deck") by simulation.

Plays seeded games with the computer players and prints, per player count, for the average round: the food cards'
total, the plant food on the watering hole when feeding starts, what the non-carnivores on the table need (their
total population) and what the carnivores need, the share of the herbivores' need the watering hole covers, how
many species starve per round, the lowest the food bank ever got, and in how many games it ran dry before the last
round and in the last round.

Usage: python -m benchmarks.food_supply [--games N]
"""

from __future__ import annotations

import argparse
import statistics

from computer_players import choose_action
from rules_core.north_star import NorthStar
from rules_core.north_star.events import FoodCardsRevealed, PopulationLost, SpeciesWentExtinct
from rules_core.north_star.state import Phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    ruleset = NorthStar()
    print(
        "players  card total  watering hole  herbivore need  carnivore need  covered  starved/round  lowest bank"
        "  dry early  dry last"
    )
    for players in range(2, 7):
        totals, holes, plant_needs, meat_needs, covered, starved = [], [], [], [], [], []
        lowest_bank = 180
        rounds = dry_early = dry_last = 0
        for seed in range(args.games):
            state = ruleset.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=seed)[0]
            ran_dry_in: bool | None = None  # None: never; else whether it happened in the last round
            while state.phase is not Phase.GAME_OVER:
                seat = ruleset.decisions(state)[0].seat
                before = state
                view, legal = ruleset.seat_view(state, seat), ruleset.legal_actions(state, seat)
                state, events = ruleset.apply(state, choose_action(ruleset, view, legal))
                lowest_bank = min(lowest_bank, state.food_bank)
                if state.food_bank == 0 and ran_dry_in is None:
                    ran_dry_in = before.last_round
                for event in events:
                    if isinstance(event, FoodCardsRevealed):
                        rounds += 1
                        herbivores = sum(s.population for _, s in before.all_species() if not s.is_carnivore)
                        carnivores = sum(s.population for _, s in before.all_species() if s.is_carnivore)
                        totals.append(event.total)
                        holes.append(event.watering_hole)
                        plant_needs.append(herbivores)
                        meat_needs.append(carnivores)
                        covered.append(min(event.watering_hole, herbivores) / herbivores if herbivores else 1.0)
                    elif isinstance(event, PopulationLost | SpeciesWentExtinct) and event.cause == "starvation":
                        starved.append(1)
            dry_early += ran_dry_in is False
            dry_last += ran_dry_in is True
        print(
            f"{players:7d}  {statistics.mean(totals):10.1f}  {statistics.mean(holes):13.1f}  "
            f"{statistics.mean(plant_needs):14.1f}  {statistics.mean(meat_needs):14.1f}  "
            f"{statistics.mean(covered):6.0%}  {len(starved) / rounds:13.2f}  {lowest_bank:11d}"
            f"  {dry_early:9d}  {dry_last:8d}"
        )


if __name__ == "__main__":
    main()
