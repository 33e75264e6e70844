"""Piracy (ПІРАТСТВО), seed 003: once a turn, in its owner's feeding turn, the animal takes one red or blue token from
another animal that is not fed; special cases: with the take of the food base or with an attack; an animal already
fed may not use it. The stolen token sets off the pirate's Cooperation."""

from rules_core.origin.actions import Attack, Pirate, TakeFood
from rules_core.origin.events import FoodStolen, FoodTaken
from tests.origin.scenario import RULES, animal, link, of, player, refusal_code, scenario


def test_a_pirate_takes_a_token_from_an_animal_that_is_not_fed():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "piracy", "big")), player("Bob", animal(1, "big", food=1), animal(2, food=1))],
    )
    assert [a for a in RULES.legal_actions(state, 0) if isinstance(a, Pirate)] == [Pirate(0, 0, 1)]
    assert refusal_code(state, Pirate(0, 0, 2)) == "no_victim"
    state, events = RULES.apply(state, Pirate(0, 0, 1))
    assert of(events, FoodStolen) == [FoodStolen(0, 0, 1, 1)]
    assert of(events, FoodTaken) == [FoodTaken(0, 0, "animal", False, "piracy")]
    assert state.animal(0).food == 1 and state.animal(1).food == 0


def test_piracy_comes_with_the_take_and_once_a_turn():
    state = scenario(
        food_base=3, players=[player("Ann", animal(0, "piracy", "parasite")), player("Bob", animal(1, "big", food=1))]
    )
    state, _ = RULES.apply(state, TakeFood(0, 0))
    state, _ = RULES.apply(state, Pirate(0, 0, 1))
    assert state.animal(0).food == 2 and state.active == 1
    state, _ = RULES.apply(state, TakeFood(1, 1))
    assert refusal_code(state, Pirate(0, 0, 1)) == "trait_used"


def test_piracy_comes_with_an_attack():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(2, "piracy", "big")),
            player("Bob", animal(1), animal(3, "big", food=1)),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert Pirate(0, 2, 3) in RULES.legal_actions(state, 0)


def test_a_fed_pirate_takes_nothing():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "piracy", food=1), animal(2)), player("Bob", animal(1, "big", food=1))],
    )
    assert refusal_code(state, Pirate(0, 0, 1)) == "pirate_fed"


def test_the_stolen_token_sets_off_cooperation():
    state = scenario(
        food_base=0,
        players=[
            player("Ann", animal(0, "piracy"), animal(2), links=[link("cooperation", 0, 2)]),
            player("Bob", animal(1, "big", food=1)),
        ],
    )
    _, events = RULES.apply(state, Pirate(0, 0, 1))
    assert [(e.animal, e.cause) for e in of(events, FoodTaken)] == [(0, "piracy"), (2, "cooperation")]
