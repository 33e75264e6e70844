"""Foraging (Gyűjtögetés), seed 000: whenever this species takes plant food, from anywhere, it takes two instead of
one (not the second when it has no room for it). Cooperation, Long Neck and Intelligence set it off too.
A take is one plant food taken (docs/rulings.md, "Takes"): Intelligence's 2 plant food are two takes, so Foraging
makes them 4."""

from rules_core.north_star.cards import FORAGING
from rules_core.north_star.state import Species


def plant_amount(species: Species, amount: int) -> int:
    return amount * 2 if species.has(FORAGING) else amount
