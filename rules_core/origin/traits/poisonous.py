"""Poisonous (ОТРУЙНА), seed 003: "Хижак, що з'їв цю тварину, гине у фазі вимирання поточного ходу." A carnivore that
eats a Poisonous animal dies in this turn's extinction (``Animal.poisoned``), fed or not. Special cases: when the
animal escapes with Tail Loss, nothing was eaten: the carnivore gets one token and lives."""

from rules_core.origin.cards import POISONOUS
from rules_core.origin.state import Animal

TRAIT = POISONOUS


def poisons(prey: Animal) -> bool:
    return prey.has(POISONOUS)
