"""Mimicry (МІМІКРІЯ), seed 003: "Коли тварина перший раз за хід атакована хижаком, власник тварини має
перенаправити атаку хижака на іншу свою тварину, яку хижак здатний атакувати." Special cases: it works only the first
time in a turn that the animal is attacked, and then the owner MUST move the attack to another of their animals that
the carnivore may attack; when they have none (all their others are protected), Mimicry does not work. The animal
the attack moves to is attacked in its turn (its own Mimicry works if that is its first attack of the turn). The
targets themselves are found by ``attack.py`` (which animals the carnivore may attack).
"""

from rules_core.origin.cards import MIMICRY
from rules_core.origin.state import Animal

TRAIT = MIMICRY


def works(target: Animal, *, first: bool) -> bool:
    """Mimicry of ``target`` moves this attack (``first``: its first attack this turn) if it has a target."""
    return first and target.has(MIMICRY)
