"""Scavenger (ПАДАЛЬНИК), seed 003: when an animal is eaten, ONE Scavenger gets a blue token, the first that may take
it starting with the attacking player's animals and going clockwise (a hungry one of a player before one that would
only fill its Fat Tissue); never when the prey escapes; Scavenger and Carnivore never share an animal."""

from collections.abc import Iterable

from rules_core.origin.actions import Attack, DropTrait
from rules_core.origin.events import FoodTaken
from tests.origin.scenario import RULES, animal, of, player, scenario


def scavenged(events: Iterable[object]) -> list[int]:
    return [e.animal for e in of(events, FoodTaken) if e.cause == "scavenger"]


def test_one_scavenger_eats_starting_with_the_attacking_player_then_clockwise():
    state = scenario(
        food_base=3,
        active=1,
        players=[
            player("Ann", animal(0, "scavenger")),
            player("Bob", animal(1, "carnivore"), animal(2)),
            player("Cy", animal(3, "scavenger"), animal(4, "scavenger")),
        ],
    )
    _, events = RULES.apply(state, Attack(1, 1, 0))
    assert scavenged(events) == [3]  # Ann's scavenger was the prey; Cy's first one eats, and only it


def test_the_attackers_own_scavenger_comes_first():
    state = scenario(
        food_base=3,
        active=1,
        players=[
            player("Ann", animal(0, "scavenger")),
            player("Bob", animal(1, "carnivore"), animal(2, "scavenger")),
            player("Cy", animal(3)),
        ],
    )
    _, events = RULES.apply(state, Attack(1, 1, 3))
    assert scavenged(events) == [2]


def test_a_scavenger_that_may_take_nothing_is_passed_over():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(5, "scavenger", food=1)),
            player("Bob", animal(1)),
            player("Cy", animal(3, "scavenger")),
        ],
    )
    _, events = RULES.apply(state, Attack(0, 0, 1))
    assert scavenged(events) == [3]


def test_a_hungry_scavenger_comes_before_one_that_would_only_store_fat():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(5, "scavenger", "fat_tissue", food=1), animal(6, "scavenger")),
            player("Bob", animal(1)),
        ],
    )
    _, events = RULES.apply(state, Attack(0, 0, 1))
    assert scavenged(events) == [6]


def test_no_scavenger_eats_when_the_prey_escapes():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(5, "scavenger")),
            player("Bob", animal(1, "tail_loss#24")),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    _, events = RULES.apply(state, DropTrait(1, 24))
    assert scavenged(events) == []
