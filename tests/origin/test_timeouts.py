"""The move made for a silent seat (rules_core/origin/timeouts.py; docs/rulings.md): development: pass; feeding: the
take the rules demand (a red token for the first hungry animal, else the first with room for fat), otherwise end the
turn or pass, never an attack or a trait; defending: Running, then Tail Loss dropping the trait worth fewest points,
then Mimicry onto the animal worth fewest points, else give the animal up; paired traits: the first that may act.
Seed 001: the Ink Cloud first after Running, hiding a fed animal in its Shell before Tail Loss, a hungry one after
Mimicry; a pack's invitation declined (test_pack.py)."""

from typing import Any

import pytest

from rules_core.errors import NotYourDecision
from rules_core.origin.actions import (
    Attack,
    DropTrait,
    EndTurn,
    Hide,
    Mimic,
    Pass,
    ReleaseInk,
    Run,
    Stomp,
    TakeFood,
    UsePairedTrait,
)
from rules_core.origin.state import GameState
from tests.origin.scenario import RULES, animal, expanded, link, play_until, player, scenario


def test_development_passes():
    state = scenario(phase="development", players=[player("Ann", hand=["swimming"]), player("Bob", hand=["running"])])
    assert RULES.timeout_action(state, 0) == Pass(0)


def test_feeding_takes_for_the_first_hungry_animal_when_the_rules_demand_it():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(1, "fat_tissue", food=1), animal(2, "big")),
            player("Bob", animal(3)),
        ],
    )
    assert RULES.timeout_action(state, 0) == TakeFood(0, 0)


def test_feeding_fills_fat_when_no_animal_is_hungry():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, food=1), animal(1, "fat_tissue", food=1)), player("Bob", animal(3))],
    )
    assert RULES.timeout_action(state, 0) == TakeFood(0, 1)


def test_feeding_never_attacks_and_passes_when_nothing_is_demanded():
    state = scenario(food_base=0, players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(3))])
    assert Attack(0, 0, 3) in RULES.legal_actions(state, 0)
    assert RULES.timeout_action(state, 0) == Pass(0)


def test_feeding_ends_the_turn_after_doing_something():
    state = scenario(food_base=3, players=[player("Ann", animal(0, "stomper")), player("Bob", animal(3))])
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert Stomp(0, 0) in RULES.legal_actions(state, 0)
    assert RULES.timeout_action(state, 0) == EndTurn(0)


def defend(*prey: dict[str, Any], links: list[dict[str, Any]] | None = None) -> GameState:
    state = scenario(
        food_base=3, players=[player("Ann", animal(0, "carnivore")), player("Bob", *prey, links=links or [])]
    )
    return RULES.apply(state, Attack(0, 0, 1))[0]


def test_a_silent_defender_runs_first():
    assert RULES.timeout_action(defend(animal(1, "running", "tail_loss")), 1) == Run(1)


def test_then_drops_the_trait_worth_fewest_points():
    state = defend(animal(1, "tail_loss#24", "parasite#44", "mimicry#12", "piracy#8"), animal(2))
    assert RULES.timeout_action(state, 1) == DropTrait(1, 8)


def test_then_moves_the_attack_onto_the_animal_worth_fewest_points():
    state = defend(animal(1, "mimicry"), animal(2, "piracy", "fat_tissue"), animal(3, "fat_tissue"))
    assert RULES.timeout_action(state, 1) == Mimic(1, 3)


def test_the_first_paired_trait_that_may_act():
    state = scenario(
        food_base=5,
        players=[
            player(
                "Ann",
                animal(0),
                animal(1),
                animal(2),
                links=[
                    link("communication", 0, 2, card="communication/carnivore#48"),
                    link("communication", 0, 1, card="communication/carnivore#49"),
                ],
            ),
            player("Bob", animal(3)),
        ],
    )
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert RULES.timeout_action(state, 0) == UsePairedTrait(0, 48, 2)


def test_a_seat_that_owes_nothing_has_no_timeout_move():
    state = scenario(food_base=3, players=[player("Ann", animal(0)), player("Bob", animal(3))])
    with pytest.raises(NotYourDecision):
        RULES.timeout_action(state, 1)


def test_a_game_left_to_its_timeouts_ends():
    state = RULES.new_game(players=["A", "B", "C"], options={}, seed=4)[0]
    state, _ = play_until(state, lambda s: False)
    assert RULES.outcome(state) is not None


# Seed 001's expansions.


def test_defending_uses_the_ink_cloud_before_tail_loss_and_hides_a_fed_animal():
    def attacked(*traits: str, food: int = 0) -> GameState:
        state = expanded(
            food_base=3,
            players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, *traits, food=food))],
        )
        return RULES.apply(state, Attack(0, 0, 1))[0]

    assert RULES.timeout_action(attacked("ink_cloud", "tail_loss", "shell"), 1) == ReleaseInk(1)
    assert RULES.timeout_action(attacked("shell", "tail_loss", food=1), 1) == Hide(1)
    assert isinstance(RULES.timeout_action(attacked("shell", "tail_loss"), 1), DropTrait)
    assert RULES.timeout_action(attacked("shell"), 1) == Hide(1)


def test_feeding_skips_an_anglerfish_that_may_take_no_red_token():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore#182:used", fasting=True), animal(1)), player("Bob", animal(3))],
    )
    assert RULES.timeout_action(state, 0) == TakeFood(0, 1)
