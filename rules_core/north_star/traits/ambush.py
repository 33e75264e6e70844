"""Ambush (Lesből támadás), seed 000: "A ragadozó megtámadhat vele egy Figyelmeztető jelzés tulajdonsággal
rendelkező fajt." A carnivore with Ambush may attack species that a Warning Call protects."""

from rules_core.north_star.cards import AMBUSH
from rules_core.north_star.state import Species


def ignores_warning_call(carnivore: Species) -> bool:
    return carnivore.has(AMBUSH)
