"""Running (ШВИДКА), seed 003: when attacked, roll a die: 4 to 6, the animal is not eaten and the carnivore attacks
no more this turn; special cases: the roll may not be refused, not even against one's own carnivore. When the roll is
the defender's only answer it is made at once."""

from typing import Any

import pytest

from rules_core.origin.actions import Attack, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnimalEaten, RunningRolled
from rules_core.origin.state import GameState
from tests.origin.scenario import RULES, animal, of, player, refusal_code, scenario


def hunt(die: int, *prey: dict[str, Any]) -> GameState:
    return scenario(
        food_base=3,
        rng={"seed": 0, "script": [die - 1]},
        players=[player("Ann", animal(0, "carnivore")), player("Bob", *prey)],
    )


@pytest.mark.parametrize("die", [4, 5, 6])
def test_four_to_six_escapes(die):
    state, events = RULES.apply(hunt(die, animal(1, "running", food=1)), Attack(0, 0, 1))
    assert of(events, RunningRolled) == [RunningRolled(1, 1, die, True)]
    assert of(events, AnimalEaten) == []
    assert state.find(1) is not None and state.animal(0).food == 0


@pytest.mark.parametrize("die", [1, 2, 3])
def test_one_to_three_is_eaten(die):
    _, events = RULES.apply(hunt(die, animal(1, "running")), Attack(0, 0, 1))
    assert of(events, RunningRolled) == [RunningRolled(1, 1, die, False)]
    assert [e.prey for e in of(events, AnimalEaten)] == [1]


def test_the_carnivore_attacks_no_more_this_turn_after_an_escape():
    state, _ = RULES.apply(hunt(6, animal(1, "running"), animal(2)), Attack(0, 0, 1))
    card = state.animal(0).trait_card(Trait.CARNIVORE)
    assert card is not None and card.used
    state, _ = RULES.apply(state, RULES.timeout_action(state, 1))  # Bob feeds
    assert state.active == 0
    assert not [a for a in RULES.legal_actions(state, 0) if isinstance(a, Attack)]


def test_running_may_not_be_refused_even_against_ones_own_carnivore():
    state = scenario(
        food_base=0,
        rng={"seed": 0, "script": [5]},
        players=[player("Ann", animal(0, "carnivore"), animal(1, "running", "tail_loss")), player("Bob", animal(2))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(0, "defend")]
    assert Yield(0) not in RULES.legal_actions(state, 0)
    assert refusal_code(state, Yield(0)) == "must_defend"
