"""Climbing (Mászás), seed 000: only a carnivore that also has Climbing may attack a species with Climbing."""

from rules_core.north_star.cards import CLIMBING
from rules_core.north_star.state import Species


def protects(carnivore: Species, target: Species) -> bool:
    return target.has(CLIMBING) and not carnivore.has(CLIMBING)
