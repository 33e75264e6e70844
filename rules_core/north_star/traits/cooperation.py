"""Cooperation (Együttműködés), seed 000.

Every time this species gets food, the owner's species directly to its right (if any) gets 1 food from the same
place (watering hole or food bank). Long Neck, Scavenger, Intelligence and another Cooperation set it off; moving
fat at the reveal (Fat Tissue) does not. A carnivore on the right takes nothing from the watering hole. It reacts
once per take (docs/rulings.md, "Takes"): twice for Intelligence's two plant food, once for a Foraging take of two.
"""

from collections.abc import Container

from rules_core.north_star.cards import COOPERATION, Trait
from rules_core.north_star.state import Species


def partner(traits: Container[Trait], table: tuple[Species, ...], index: int) -> int | None:
    """The place in ``table`` of the species that shares the food of the one at ``index`` (with these ``traits``),
    or None."""
    if COOPERATION in traits and index + 1 < len(table):
        return index + 1
    return None
