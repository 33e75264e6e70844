"""The computer player's choices make sense: it feeds the animal that would starve, attacks when it pays and not
when it does not, protects its animals against a carnivore in sight, plays animals while food is plentiful, and
gives up the cheapest trait to Tail Loss."""

from __future__ import annotations

from typing import Any

from rules_core.origin.actions import Attack, DropTrait, Pass, PlayAnimal, PlayTrait, Run, TakeFood
from rules_core.origin.cards import Trait
from rules_core.origin.state import GameState
from tests.computer_players.helpers import computer
from tests.origin.scenario import RULES, animal, player, scenario


def choice(state: GameState, seat: int = 0) -> Any:
    action = computer(state, seat, RULES)
    assert action in RULES.legal_actions(state, seat)
    return action


# Feeding.


def test_feeds_the_animal_that_would_starve():
    state = scenario(
        food_base=2,
        players=[
            player("Ann", animal(0, "swimming", food=1), animal(1, "big", "swimming", food=1), animal(2, "camouflage")),
            player("Bob", animal(10, "big"), animal(11)),
        ],
    )
    assert choice(state) in (TakeFood(0, 1), TakeFood(0, 2))


def test_feeds_the_animal_worth_most_when_both_would_starve():
    state = scenario(
        food_base=1,
        players=[
            player("Ann", animal(0), animal(1, "swimming", "camouflage", "running")),
            player("Bob", animal(10), animal(11)),
        ],
    )
    assert choice(state) == TakeFood(0, 1)


def test_attacks_a_rivals_animal_when_it_pays():
    state = scenario(
        food_base=1,
        players=[
            player("Ann", animal(0, "carnivore"), animal(1, food=1)),
            player("Bob", animal(10, "piracy", "stomper"), animal(11, "big")),
        ],
    )
    assert choice(state) == Attack(0, 0, 10)


def test_does_not_eat_a_poisonous_animal_when_food_is_there():
    state = scenario(
        food_base=6,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(10, "poisonous"), animal(11, "big"))],
    )
    assert not isinstance(choice(state), Attack)


def test_eats_a_rivals_animal_rather_than_its_own():
    state = scenario(
        food_base=0,
        players=[player("Ann", animal(0, "carnivore"), animal(1, food=1)), player("Bob", animal(10))],
    )
    assert Attack(0, 0, 1) in RULES.legal_actions(state, 0)
    assert choice(state) == Attack(0, 0, 10)


def test_eats_its_own_animal_that_would_starve_anyway_to_save_its_carnivore():
    state = scenario(
        food_base=0,
        players=[player("Ann", animal(0, "carnivore"), animal(1)), player("Bob", animal(10, "swimming"))],
    )
    assert choice(state) == Attack(0, 0, 1)


# Defending.


def test_runs_first():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "running", "tail_loss"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert choice(state, 1) == Run(1)


def test_gives_up_its_cheapest_trait_to_tail_loss():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1, "tail_loss#24", "parasite#44", food=3)),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert choice(state, 1) == DropTrait(1, 24)


# Development.


def develop(ann: dict[str, Any], *others: dict[str, Any], **fields: Any) -> GameState:
    return scenario(phase="development", players=[ann, *others], **fields)


def test_plays_animals_while_food_is_plentiful():
    state = develop(
        player("Ann", hand=["swimming", "running", "mimicry"]), player("Bob", animal(10), hand=["swimming"])
    )
    assert isinstance(choice(state), PlayAnimal)


def test_protects_its_animal_against_a_carnivore_in_sight():
    state = develop(
        player("Ann", animal(0), animal(1, "big"), hand=["camouflage/fat_tissue", "piracy"]),
        player("Bob", animal(10, "carnivore"), hand=["swimming"]),
        turn=3,
    )
    action = choice(state)
    assert isinstance(action, PlayTrait) and action.animal == 0 and action.trait is Trait.CAMOUFLAGE


def test_in_the_last_turn_plays_points_on_an_animal_that_will_live():
    state = develop(
        player("Ann", animal(0, "swimming", "camouflage"), hand=["running"]),
        player("Bob", animal(10), hand=[]),
        last_turn=True,
    )
    assert choice(state) != Pass(0)
