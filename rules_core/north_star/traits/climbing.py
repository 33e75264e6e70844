"""Climbing (Mászás), seed 000: only a carnivore that also has Climbing may attack a species with Climbing."""

from rules_core.north_star.cards import Trait
from rules_core.north_star.state import Species


def protects(carnivore: Species, target: Species) -> bool:
    return target.has(Trait.CLIMBING) and not carnivore.has(Trait.CLIMBING)
