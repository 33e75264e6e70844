"""Stomper (ТОПОТУН), seed 003: once each round, in its owner's feeding turn, it destroys one red token of the food
base; special cases: several Stompers may all be used in the same turn. It comes with the take or instead of it."""

from rules_core.origin.actions import EndTurn, Stomp, TakeFood
from rules_core.origin.events import FoodStomped
from tests.origin.scenario import RULES, animal, of, player, refusal_code, scenario


def test_a_stomper_destroys_one_red_token_with_the_take():
    state = scenario(food_base=5, players=[player("Ann", animal(0, "stomper")), player("Bob", animal(1))])
    state, events = RULES.apply(state, Stomp(0, 0))
    assert of(events, FoodStomped) == [FoodStomped(0, 0, 4)]
    assert state.active == 0 and TakeFood(0, 0) in RULES.legal_actions(state, 0)
    assert refusal_code(state, Stomp(0, 0)) == "trait_used"
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert state.food_base == 3 and state.active == 1


def test_several_stompers_all_act_in_one_turn():
    state = scenario(
        food_base=5, players=[player("Ann", animal(0, "stomper"), animal(2, "stomper")), player("Bob", animal(1))]
    )
    state, _ = RULES.apply(state, Stomp(0, 0))
    state, _ = RULES.apply(state, Stomp(0, 2))
    assert state.food_base == 3


def test_a_stomper_acts_again_next_round():
    state = scenario(food_base=6, players=[player("Ann", animal(0, "stomper", "big")), player("Bob", animal(1, "big"))])
    state, _ = RULES.apply(state, Stomp(0, 0))
    state, _ = RULES.apply(state, EndTurn(0))
    state, _ = RULES.apply(state, TakeFood(1, 1))
    assert Stomp(0, 0) in RULES.legal_actions(state, 0)


def test_a_stomp_alone_is_the_turn():
    state = scenario(food_base=5, players=[player("Ann", animal(0, "stomper")), player("Bob", animal(1))])
    state, _ = RULES.apply(state, Stomp(0, 0))
    assert EndTurn(0) in RULES.legal_actions(state, 0)
