"""Camouflage (КАМУФЛЯЖ), seed 003: "може бути атакована лише хижаком зі здібністю ГОСТРИЙ ЗІР." Only a carnivore
with Sharp Vision may attack an animal with Camouflage."""

from rules_core.origin.cards import CAMOUFLAGE
from rules_core.origin.state import Animal, Player
from rules_core.origin.traits import sharp_vision

#: What ``protects`` looks at (``attack.GUARDS``): it keeps a carnivore away only from a prey with Camouflage.
ON_PREY = (CAMOUFLAGE,)
ON_HUNTER = ()


def protects(hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool:
    return target.has(CAMOUFLAGE) and not sharp_vision.sees_through_camouflage(carnivore)
