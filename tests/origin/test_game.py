"""The engine interface (rules_core/engine.py) as the original game implements it: decisions and their kinds, the
version counter, refusals that change nothing, setup events, exact actions, the registry."""

import pytest

from rules_core.errors import MalformedInput, NotYourDecision
from rules_core.origin.actions import Attack, Pass, PlayAnimal, TakeFood
from rules_core.origin.events import CardsReceived
from rules_core.registry import find_ruleset
from tests.origin.scenario import RULES, animal, of, player, refusal_code, scenario


def test_the_registry_finds_the_original_game():
    assert find_ruleset("origin") is not None and find_ruleset("origin").name == "origin"
    assert (RULES.min_players, RULES.max_players) == (2, 8)


def test_new_game_tells_the_deal_privately():
    _, events = RULES.new_game(players=["A", "B"], options={}, seed=1)
    assert [e.audience for e in of(events, CardsReceived)] == [frozenset({0}), frozenset({1})]


def test_each_accepted_action_counts_one_version():
    state = scenario(food_base=3, players=[player("Ann", animal(0)), player("Bob", animal(1))])
    after, _ = RULES.apply(state, TakeFood(0, 0))
    assert RULES.version(after) == RULES.version(state) + 1


def test_one_seat_decides_at_a_time_and_the_others_are_refused():
    state = scenario(food_base=3, players=[player("Ann", animal(0)), player("Bob", animal(1))])
    assert RULES.to_decide(state) == frozenset({0})
    assert RULES.legal_actions(state, 1) == ()
    assert refusal_code(state, TakeFood(1, 1)) == "not_your_turn"
    assert refusal_code(state, TakeFood(5, 1)) == "no_such_seat"


def test_an_action_of_another_decision_is_refused():
    state = scenario(food_base=3, players=[player("Ann", animal(0), hand=["swimming"]), player("Bob", animal(1))])
    assert refusal_code(state, PlayAnimal(0, state.players[0].hand[0])) == "wrong_decision"


def test_the_defender_is_the_one_who_decides_during_an_attack():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "running", "tail_loss"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert RULES.to_decide(state) == frozenset({1})
    assert RULES.timeout_action(state, 1) is not None
    with pytest.raises(NotYourDecision):
        RULES.timeout_action(state, 0)


def test_exact_actions_round_trip_and_reject_inexact_ones():
    action = TakeFood(0, 3)
    assert RULES.exact_action(RULES.dump_action(action)) == action
    with pytest.raises(MalformedInput):
        RULES.exact_action({"type": "TakeFood", "seat": 0, "animal": 3.0})
    with pytest.raises(MalformedInput):
        RULES.exact_action({"type": "Lunch", "seat": 0})


def test_an_action_must_write_the_same_json_again_to_be_taken() -> None:
    # Read back, a field left out takes its default and the action would be stored as other text than was sent:
    # refused, so that what is stored is exactly what was asked. With every field it is taken.
    whole = RULES.dump_action(Attack(0, 0, 2))
    assert RULES.exact_action(whole) == Attack(0, 0, 2)
    for field in ("ignore", "helper"):
        shortened = {key: value for key, value in whole.items() if key != field}
        assert RULES.load_action(shortened) == Attack(0, 0, 2)  # it reads; only the text differs
        with pytest.raises(MalformedInput) as refused:
            RULES.exact_action(shortened)
        assert refused.value.code == "not_an_action"


def test_a_finished_game_refuses_every_action():
    state = scenario(phase="game_over", active=None, players=[player("Ann", animal(0)), player("Bob", animal(1))])
    assert RULES.decisions(state) == ()
    assert refusal_code(state, Pass(0)) == "game_over"
