"""The computer player with seed 001's expansions: legal moves to the end of games of every size, standing orders
set when it owes a decision (Anglerfish armed; Ambush armed while hungry, not against Poisonous prey), and the new
traits used when they pay."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.origin.actions import (
    Action,
    Attack,
    Hide,
    IgnoreTrait,
    JoinPack,
    Run,
    SetAmbush,
    SetAnglerfish,
    Specialize,
    TakeFood,
)
from rules_core.origin.cards import Trait
from rules_core.origin.state import GameState
from tests.computer_players.helpers import COMPUTER, computer, play, scores, uniform_random
from tests.origin.scenario import RULES, animal, expanded, player

BOTH = {"time_to_fly": True, "darwins_day": True}


def choice(state: GameState, seat: int = 0) -> Any:
    action = computer(state, seat, RULES)
    assert action in RULES.legal_actions(state, seat)
    return action


def _legal(state: GameState, seat: int, action: Action) -> None:
    assert action in RULES.legal_actions(state, seat), (state.phase, action)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_computers_play_legal_moves_to_the_end_with_both_expansions(players: int) -> None:
    play([COMPUTER] * players, seed=players, options=BOTH, check=_legal, rules=RULES)


def test_beside_random_players_too() -> None:
    policies = [COMPUTER if seat % 2 == 0 else uniform_random(seat) for seat in range(4)]
    play(policies, seed=3, options=BOTH, check=_legal, rules=RULES)


def test_it_arms_its_anglerfish_before_its_move():
    state = expanded(food_base=3, players=[player("Ann", animal(0)), player("Bob", animal(1))])
    state, _ = RULES.apply(state, SetAnglerfish(0, False))
    assert choice(state) == SetAnglerfish(0, True)
    state, _ = RULES.apply(state, SetAnglerfish(0, True))
    assert choice(state) == TakeFood(0, 0)


def test_it_arms_a_hungry_ambusher_but_not_against_poisonous_prey():
    state = expanded(food_base=3, players=[player("Ann", animal(0, "carnivore", "ambush")), player("Bob", animal(1))])
    assert choice(state) == SetAmbush(0, 0, True)
    poisonous = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "ambush")), player("Bob", animal(1), animal(2, "poisonous"))],
    )
    assert not isinstance(choice(poisonous), SetAmbush)


def test_it_specializes_when_the_food_base_is_empty():
    state = expanded(
        food_base=0, players=[player("Ann", animal(0, "specialization_a")), player("Bob", animal(1, food=1))]
    )
    assert choice(state) == Specialize(0, 0)


def test_it_hides_a_fed_animal_in_its_shell():
    # Running fails (a scripted 1): hiding costs the fed animal nothing.
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "shell", "running", food=1))],
        rng={"seed": 0, "script": [0]},
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    state, _ = RULES.apply(state, Run(1))
    assert choice(state, 1) == Hide(1)


def test_it_joins_a_rivals_pack_when_its_carnivore_gains():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack")),
            player("Bob", animal(2, "carnivore", "pack", "big")),
            player("Cid", animal(1, "big")),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1, (), 2))
    assert choice(state, 1) == JoinPack(1, True)


def test_its_anglerfish_ignores_the_poison_of_a_carnivore_that_could_also_run():
    # Ignoring Running would feed the Anglerfish a Poisonous meal; ignoring the poison leaves it a safe one, or none.
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "running", "poisonous")),
            player("Bob", animal(1), animal(2, card="anglerfish")),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert choice(state, 1) == IgnoreTrait(1, Trait.POISONOUS)


def test_computers_outscore_random_players_with_the_expansions() -> None:
    computers: list[int] = []
    randoms: list[int] = []
    for game in range(4):
        seed, flip = divmod(game, 2)
        is_computer = [(seat + flip) % 2 == 0 for seat in range(4)]
        policies = [COMPUTER if c else uniform_random(seed * 4 + seat) for seat, c in enumerate(is_computer)]
        result = scores(play(policies, seed=200 + seed, options=BOTH, rules=RULES), RULES)
        for seat, score in result.items():
            (computers if is_computer[seat] else randoms).append(score)
    assert sum(computers) > 1.5 * sum(randoms), (computers, randoms)
