"""Big (ВЕЛИКА, +1), seed 003: "може бути атакована лише хижаком зі здібністю ВЕЛИКА." Only a Big carnivore may
attack a Big animal. Big raises the food need by 1 and scores 1 more point (``food.EXTRA_FOOD``, ``scoring``)."""

from rules_core.origin.cards import BIG
from rules_core.origin.state import Animal, Player

#: What ``protects`` looks at (``attack.GUARDS``): it keeps a carnivore away only from a Big prey.
ON_PREY = (BIG,)
ON_HUNTER = ()


def protects(hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool:
    return target.has(BIG) and not carnivore.has(BIG)
