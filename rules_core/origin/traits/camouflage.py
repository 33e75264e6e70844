"""Camouflage (КАМУФЛЯЖ), seed 003: "може бути атакована лише хижаком зі здібністю ГОСТРИЙ ЗІР." Only a carnivore
with Sharp Vision may attack an animal with Camouflage."""

from rules_core.origin.cards import CAMOUFLAGE
from rules_core.origin.state import Animal, Player
from rules_core.origin.traits import sharp_vision


def protects(hunter_owner: Player, carnivore: Animal, owner: Player, target: Animal) -> bool:
    return target.has(CAMOUFLAGE) and not sharp_vision.sees_through_camouflage(carnivore)
