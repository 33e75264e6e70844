"""Carnivore (Ragadozó), seed 000.

A carnivore never eats plant food, not even through Long Neck, Cooperation or Foraging; it feeds by attacking a
species (any species, its owner's own included) whose body size is smaller than its own and whose defences its
traits overcome (``attack.py``). It may keep attacking after the watering hole is empty. The meat taken equals the
prey's body size, never above what the carnivore has room for; the rest stays in the food bank.
"""

from collections.abc import Container

from rules_core.north_star.cards import CARNIVORE, Trait


def eats_plants(traits: Container[Trait]) -> bool:
    """Whether a species with these ``traits`` takes plant food."""
    return CARNIVORE not in traits
