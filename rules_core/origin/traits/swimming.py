"""Swimming (ВОДОПЛАВНА), seed 003: "може бути атакована лише хижаком зі здібністю ВОДОПЛАВНА. Хижак зі здібністю
ВОДОПЛАВНА не може атакувати тварину без здібності ВОДОПЛАВНА." Only a swimming carnivore may attack a swimming
animal, and a swimming carnivore may attack only swimming animals."""

from rules_core.origin.cards import SWIMMING
from rules_core.origin.state import Animal, Player

#: What ``protects`` looks at (``attack.GUARDS``): it keeps a carnivore away only when the prey or the carnivore has
#: a Swimming card.
ON_PREY = (SWIMMING,)
ON_HUNTER = (SWIMMING,)


def protects(hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool:
    return target.has(SWIMMING) is not carnivore.has(SWIMMING)
