"""The computer player always chooses one of the legal actions, in games of every size played to the end; it
decides from what its seat sees only (a choice does not change when the hidden rest is reshuffled), and the same way
every time."""

from __future__ import annotations

import random

import pytest

from computer_players import has_policy
from rules_core.origin.actions import Action
from rules_core.origin.state import GameState
from tests.computer_players.helpers import COMPUTER, computer, play, uniform_random
from tests.origin.scenario import RULES
from tests.origin.test_properties import reshuffle_hidden


def _legal(state: GameState, seat: int, action: Action) -> None:
    assert action in RULES.legal_actions(state, seat), (state.phase, action)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_computers_play_legal_moves_to_the_end(players: int) -> None:
    play([COMPUTER] * players, seed=players, check=_legal, rules=RULES)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_legal_moves_beside_random_players(players: int) -> None:
    # Random players reach positions computers never would (odd card plays, attacks on their own animals).
    policies = [COMPUTER if seat % 2 == 0 else uniform_random(players * 10 + seat) for seat in range(players)]
    play(policies, seed=11 + players, check=_legal, rules=RULES)


def test_a_choice_does_not_change_when_what_the_seat_cannot_see_is_reshuffled() -> None:
    moves: list[tuple[GameState, int, Action]] = []

    def record(state: GameState, seat: int, action: Action) -> None:
        moves.append((state, seat, action))

    play([COMPUTER] * 4, seed=6, check=record, rules=RULES)
    rng = random.Random(6)
    for state, seat, action in moves[::4]:
        shuffled = reshuffle_hidden(state, seat, rng)
        assert shuffled != state or len(state.deck) == 0
        assert RULES.seat_view(shuffled, seat) == RULES.seat_view(state, seat)
        assert computer(shuffled, seat, RULES) == action


def test_two_games_from_the_same_seed_are_identical() -> None:
    first, second = (play([COMPUTER] * 3, seed=8, rules=RULES) for _ in range(2))
    assert RULES.dump_state(first) == RULES.dump_state(second)


def test_the_registry_knows_the_original_game() -> None:
    assert has_policy(RULES)
