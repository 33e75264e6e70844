"""Hibernation (СПЛЯЧКА), seed 003: in its owner's feeding turn the animal falls asleep and counts as fed; not two
turns running, nor in the last turn; special cases: asleep, it takes no token from the food base or from any trait,
even with an empty Fat Tissue card. It comes with the turn's take or instead of it."""

from rules_core.origin.actions import Hibernate, TakeFood
from rules_core.origin.events import AnimalHibernated
from rules_core.origin.food import can_receive, is_fed
from tests.origin.scenario import RULES, animal, link, of, player, refusal_code, scenario


def test_a_sleeping_animal_counts_as_fed_and_survives_the_extinction():
    state = scenario(
        food_base=1, players=[player("Ann", animal(0, "hibernation"), animal(2, food=1)), player("Bob", animal(1))]
    )
    state, events = RULES.apply(state, Hibernate(0, 0))
    assert of(events, AnimalHibernated) == [AnimalHibernated(0, 0)]
    assert is_fed(state.animal(0))
    state, _ = RULES.apply(state, TakeFood(1, 1))
    assert state.turn == 2 and state.find(0) is not None
    assert state.animal(0).hibernated_last_turn and not state.animal(0).hibernating


def test_not_two_turns_running():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "hibernation", hibernated_last_turn=True)), player("Bob", animal(1))],
    )
    assert refusal_code(state, Hibernate(0, 0)) == "hibernated_last_turn"


def test_not_in_the_last_turn():
    state = scenario(
        food_base=3, last_turn=True, players=[player("Ann", animal(0, "hibernation")), player("Bob", animal(1))]
    )
    assert refusal_code(state, Hibernate(0, 0)) == "last_turn"


def test_a_sleeping_animal_takes_no_token_even_with_room_for_fat():
    state = scenario(
        food_base=3,
        players=[
            player(
                "Ann",
                animal(0, "hibernation", "fat_tissue", hibernating=True),
                animal(2),
                links=[link("communication", 0, 2)],
            ),
            player("Bob", animal(1)),
        ],
    )
    assert not can_receive(state.players[0], state.animal(0))
    assert refusal_code(state, TakeFood(0, 0)) == "cannot_eat"
    state, _ = RULES.apply(state, TakeFood(0, 2))
    assert state.animal(0).food == 0 and state.animal(0).fat == 0 and state.food_base == 2


def test_hibernation_comes_with_the_take():
    state = scenario(
        food_base=3, players=[player("Ann", animal(0, "hibernation", "big"), animal(2)), player("Bob", animal(1))]
    )
    state, _ = RULES.apply(state, Hibernate(0, 0))
    assert state.active == 0 and TakeFood(0, 2) in RULES.legal_actions(state, 0)
    state, _ = RULES.apply(state, TakeFood(0, 2))
    assert state.active == 1


def test_a_fed_animal_does_not_fall_asleep():
    state = scenario(
        food_base=3, players=[player("Ann", animal(0, "hibernation", food=1), animal(2)), player("Bob", animal(1))]
    )
    assert refusal_code(state, Hibernate(0, 0)) == "already_fed"
