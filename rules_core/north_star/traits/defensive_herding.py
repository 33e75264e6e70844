"""Defensive Herding (Védekező csorda), seed 000: only a carnivore with a greater population may attack it."""

from rules_core.north_star.cards import DEFENSIVE_HERDING
from rules_core.north_star.state import Species


def protects(carnivore: Species, target: Species) -> bool:
    return target.has(DEFENSIVE_HERDING) and carnivore.population <= target.population
