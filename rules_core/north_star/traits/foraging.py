"""Foraging (Gyűjtögetés), seed 000: whenever this species takes plant food, from anywhere, it takes two instead of
one (not the second when it has no room for it). Cooperation, Long Neck and Intelligence set it off too.
A take is one plant food taken (docs/rulings.md, "Takes"): Intelligence's 2 plant food are two takes, so Foraging
makes them 4."""

from collections.abc import Container

from rules_core.north_star.cards import FORAGING, Trait


def plant_amount(traits: Container[Trait], amount: int) -> int:
    """The plant food a species with these ``traits`` takes for ``amount``."""
    return amount * 2 if FORAGING in traits else amount
