"""Burrowing (НОРНА), seed 003: "Нагодована тварина з цією здібністю не може бути атакована хижаком." A fed animal
with Burrowing may not be attacked. Special cases: "не вважається нагодованою, якщо має лише жовті фішки їжі в
жировому запасі" (yellow tokens on Fat Tissue do not make it fed); asleep (Hibernation) it counts as fed, so it is
safe (docs/rulings.md)."""

from rules_core.origin.cards import BURROWING
from rules_core.origin.food import is_fed
from rules_core.origin.state import Animal, Player

#: What ``protects`` looks at (``attack.GUARDS``): it keeps a carnivore away only from a prey with Burrowing.
ON_PREY = (BURROWING,)
ON_HUNTER = ()


def protects(hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool:
    return target.has(BURROWING) and is_fed(target)
