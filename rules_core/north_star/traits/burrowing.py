"""Burrowing (Üregben rejtőzködés), seed 000: a species with Burrowing may not be attacked once it has gathered
food equal to its population. Fat on Fat Tissue is not food on the board and does not count."""

from rules_core.north_star.cards import BURROWING
from rules_core.north_star.state import Species


def protects(target: Species) -> bool:
    return target.has(BURROWING) and target.food >= target.population
