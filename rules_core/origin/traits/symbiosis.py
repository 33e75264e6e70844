"""Symbiosis (СИМБІОЗ), a paired trait, seed 003: "Одна з тварин вказується як «симбіонт». Друга тварина не може бути
атакована хижаком, поки «симбіонт» живий, але може отримувати червоні/сині фішки лише коли «симбіонт» вже
нагодований." One animal of the pair is the symbiont (``Link.first``); the other may not be attacked while the
symbiont lives (the card leaves play with it), and gets tokens only once the symbiont is fed (``food.can_receive``).
"""

from collections.abc import Iterator

from rules_core.origin.cards import SYMBIOSIS
from rules_core.origin.state import Animal, Player


def symbionts(owner: Player, animal_id: int) -> Iterator[int]:
    """The symbionts sheltering an animal."""
    for link in owner.links:
        if link.trait is SYMBIOSIS and link.second == animal_id:
            yield link.first


#: What ``protects`` looks at (``attack.GUARDS``): it keeps a carnivore away only from a prey that Symbiosis joins
#: (a paired trait of its owner's).
ON_PREY = (SYMBIOSIS,)
ON_HUNTER = ()


def protects(hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool:
    return next(symbionts(owner, target.id), None) is not None
