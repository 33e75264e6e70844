"""Horns (Szarvak), seed 000: a carnivore that attacks a species with Horns loses 1 population, before it takes
the meat. Horns never stop an attack; a carnivore whose only valid target has Horns must attack it."""

from rules_core.north_star.cards import HORNS
from rules_core.north_star.state import Species


def wounds(target: Species) -> bool:
    return target.has(HORNS)
