"""Burrowing (НОРНА), seed 003: a fed animal with Burrowing may not be attacked; special cases: yellow tokens alone
do not make it fed. Asleep (Hibernation) it counts as fed (docs/rulings.md)."""

from typing import Any

from rules_core.origin.actions import Attack
from rules_core.origin.state import GameState
from tests.origin.scenario import RULES, animal, player, refused, scenario


def hunt(*prey: dict[str, Any]) -> GameState:
    return scenario(food_base=3, players=[player("Ann", animal(0, "carnivore")), player("Bob", *prey)])


def test_a_fed_burrowing_animal_may_not_be_attacked():
    assert refused(hunt(animal(1, "burrowing", food=1)), Attack(0, 0, 1)).params["reason"] == "burrowing"


def test_a_hungry_burrowing_animal_may_be_attacked():
    assert Attack(0, 0, 1) in RULES.legal_actions(hunt(animal(1, "burrowing")), 0)


def test_yellow_tokens_alone_do_not_make_it_fed():
    state = hunt(animal(1, "burrowing", "fat_tissue", fat=1))
    assert Attack(0, 0, 1) in RULES.legal_actions(state, 0)


def test_a_sleeping_burrowing_animal_counts_as_fed():
    state = hunt(animal(1, "burrowing", "hibernation", hibernating=True))
    assert refused(state, Attack(0, 0, 1)).params["reason"] == "burrowing"


def test_a_burrowing_animal_that_needs_more_is_not_fed_with_one_token():
    assert Attack(0, 0, 1) in RULES.legal_actions(hunt(animal(1, "burrowing", "parasite", food=2)), 0)
