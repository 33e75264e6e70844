"""End-of-game scoring (seed 000, "JÁTÉK VÉGI PONTOZÁS"; seed 002, "Final e Pontuação").

One point for every food token in the bag, for every population of a surviving species and for every trait card
on a surviving species. Ties go to the player with more trait cards, then to the greater total population; a tie
that survives both is shared ("order a pizza and play again").
"""

from __future__ import annotations

from rules_core.engine import Outcome, rank_standings
from rules_core.north_star.state import GameState, Player


def score_parts(player: Player) -> tuple[int, int, int]:
    """(food in the bag, population of surviving species, trait cards on surviving species)."""
    population = sum(s.population for s in player.species)
    traits = sum(len(s.traits) for s in player.species)
    return player.bag, population, traits


def outcome(state: GameState) -> Outcome:
    rows = []
    for player in state.players:
        bag, population, traits = score_parts(player)
        details = (("food", bag), ("population", population), ("traits", traits))
        rows.append((player.seat, bag + population + traits, (traits, population), details))
    return rank_standings(rows)
