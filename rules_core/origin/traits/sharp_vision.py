"""Sharp Vision (ГОСТРИЙ ЗІР), seed 003: "Хижак із цією здібністю може атакувати тварину зі здібністю КАМУФЛЯЖ." A
carnivore with Sharp Vision sees through Camouflage (``camouflage.py``)."""

from rules_core.origin.cards import SHARP_VISION
from rules_core.origin.state import Animal


def sees_through_camouflage(carnivore: Animal) -> bool:
    return carnivore.has(SHARP_VISION)
