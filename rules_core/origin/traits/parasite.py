"""Parasite (ПАРАЗИТ, +2), seed 003: "Можна використати лише на тварину іншого гравця." Played only on another
player's animal, never one's own; it raises that animal's need by 2 and its owner scores 2 more points for it
(``food.EXTRA_FOOD``, ``scoring``). Special cases: one Parasite per animal; Tail Loss may discard it."""

from rules_core.origin.cards import PARASITE

TRAIT = PARASITE


def may_play(seat: int, owner: int) -> bool:
    """Whether ``seat`` may play Parasite on an animal of ``owner``."""
    return seat != owner
