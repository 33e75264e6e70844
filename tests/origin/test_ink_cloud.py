"""Ink Cloud (SEPIA), seed 001: it saves the animal from being eaten, once a turn (the project's reading: an answer
to an attack, never compulsory: the animal escapes and the hunters get nothing)."""

from rules_core.origin.actions import Attack, ReleaseInk, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import FoodTaken, InkReleased
from tests.origin.scenario import RULES, animal, expanded, of, player


def test_the_ink_cloud_saves_an_attacked_animal_and_the_carnivore_gets_nothing():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "ink_cloud", "burrowing"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert {ReleaseInk(1), Yield(1)} <= set(RULES.legal_actions(state, 1))
    state, events = RULES.apply(state, ReleaseInk(1))
    assert of(events, InkReleased) == [InkReleased(1, 1)]
    assert not of(events, FoodTaken) and state.find(1) is not None
    assert state.animal(1).trait_card(Trait.INK_CLOUD).used  # type: ignore[union-attr]


def test_it_serves_once_a_turn():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "ink_cloud:used"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.find(1) is None  # the only answer left, giving up, was made at once
