"""Specialization A and B (SPECJALIZACJA), seed 001: instead of the take, a blue token for the animal; not while
another animal in play has the same Specialization; one Specialization per animal; once a turn."""

from rules_core.origin.actions import PlayTrait, Specialize, TakeFood
from rules_core.origin.cards import Trait
from rules_core.origin.events import FoodTaken
from tests.origin.scenario import RULES, animal, expanded, link, of, player, refusal_code


def test_instead_of_the_take_the_animal_gets_a_blue_token_even_from_an_empty_food_base():
    empty = expanded(food_base=0, players=[player("Ann", animal(0, "specialization_a")), player("Bob", animal(1))])
    assert Specialize(0, 0) in RULES.legal_actions(empty, 0)
    state = expanded(
        food_base=2,
        players=[player("Ann", animal(0, "specialization_a", "stomper")), player("Bob", animal(1))],
    )
    state, events = RULES.apply(state, Specialize(0, 0))
    assert of(events, FoodTaken) == [FoodTaken(0, 0, "supply", False, "specialization")]
    assert refusal_code(state, TakeFood(0, 0)) == "took"


def test_not_while_another_animal_in_play_has_the_same_specialization():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "specialization_a")), player("Bob", animal(1, "specialization_a"))],
    )
    assert refusal_code(state, Specialize(0, 0)) == "specialization_shared"
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "specialization_a")), player("Bob", animal(1, "specialization_b"))],
    )
    assert Specialize(0, 0) in RULES.legal_actions(state, 0)


def test_once_a_turn():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "specialization_b:used")), player("Bob", animal(1))],
    )
    assert refusal_code(state, Specialize(0, 0)) == "trait_used"


def test_an_animal_has_one_specialization_at_most():
    state = expanded(
        phase="development",
        players=[player("Ann", animal(0, "specialization_a"), hand=["flight/specialization_b#172"]), player("Bob")],
    )
    assert refusal_code(state, PlayTrait(0, 172, Trait.SPECIALIZATION_B, 0)) == "two_specializations"


def test_its_blue_token_sets_off_cooperation():
    state = expanded(
        food_base=0,
        players=[
            player("Ann", animal(0, "specialization_a"), animal(2), links=[link("cooperation", 0, 2)]),
            player("Bob", animal(1)),
        ],
    )
    _, events = RULES.apply(state, Specialize(0, 0))
    assert [e.cause for e in of(events, FoodTaken)] == ["specialization", "cooperation"]
