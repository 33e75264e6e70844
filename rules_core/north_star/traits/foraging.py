"""Foraging (Gyűjtögetés), seed 000: whenever this species takes plant food, from anywhere, it takes two instead of
one (not the second when it has no room for it). Cooperation, Long Neck and Intelligence set it off too.
Intelligence's 2 plant food count as two single takes: Foraging makes them 4 (docs/rulings.md)."""

from rules_core.north_star.cards import Trait
from rules_core.north_star.state import Species


def plant_amount(species: Species, amount: int) -> int:
    return amount * 2 if species.has(Trait.FORAGING) else amount
