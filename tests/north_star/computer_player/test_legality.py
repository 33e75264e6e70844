"""The computer player always chooses one of the legal actions, in games of every size played to the end, and
decides the same way every time."""

from __future__ import annotations

import random

import pytest

from computer_players import NoComputerPlayer, choose_action, has_policy
from rules_core.north_star.actions import Action
from rules_core.north_star.state import GameState
from tests.computer_players.helpers import COMPUTER, computer, play, uniform_random
from tests.north_star.scenario import RULES
from tests.north_star.test_properties import reshuffle_hidden


def _legal(state: GameState, seat: int, action: Action) -> None:
    assert action in RULES.legal_actions(state, seat), (state.phase, action)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_computers_play_legal_moves_to_the_end(players: int, seed: int) -> None:
    play([COMPUTER] * players, seed=seed, check=_legal, rules=RULES)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seed", [11, 12])
def test_legal_moves_beside_random_players(players: int, seed: int) -> None:
    # Random players reach positions computers never would (attacks on their own species, odd card plays).
    policies = [COMPUTER if seat % 2 == 0 else uniform_random(seed * 10 + seat) for seat in range(players)]
    play(policies, seed=seed, check=_legal, rules=RULES)


@pytest.mark.parametrize("seed", [21, 22])
def test_legal_moves_in_the_quick_game(seed: int) -> None:
    play([COMPUTER] * 4, seed=seed, options={"quick_game": True}, check=_legal, rules=RULES)


def test_the_same_state_gives_the_same_move() -> None:
    moves: list[tuple[GameState, int, Action]] = []

    def record(state: GameState, seat: int, action: Action) -> None:
        moves.append((state, seat, action))

    play([COMPUTER] * 3, seed=5, check=record, rules=RULES)
    for state, seat, action in moves[::7]:
        copy = RULES.load_state(RULES.dump_state(state))
        assert computer(copy, seat, RULES) == action


def test_a_choice_does_not_change_when_what_the_seat_cannot_see_is_reshuffled() -> None:
    moves: list[tuple[GameState, int, Action]] = []

    def record(state: GameState, seat: int, action: Action) -> None:
        moves.append((state, seat, action))

    play([COMPUTER] * 4, seed=6, options={"quick_game": True}, check=record, rules=RULES)
    rng = random.Random(6)
    for state, seat, action in moves[::5]:
        shuffled = reshuffle_hidden(state, seat, rng)
        assert RULES.seat_view(shuffled, seat) == RULES.seat_view(state, seat)
        assert computer(shuffled, seat, RULES) == action


def test_two_games_from_the_same_seed_are_identical() -> None:
    first = play([COMPUTER] * 4, seed=8, rules=RULES)
    second = play([COMPUTER] * 4, seed=8, rules=RULES)
    assert RULES.dump_state(first) == RULES.dump_state(second)


def test_a_seat_without_a_decision_is_refused() -> None:
    state = RULES.new_game(players=["A", "B"], options={}, seed=1)[0]
    play_state = state
    waiting = RULES.to_decide(play_state)
    idle = next(seat for seat in range(2) if seat not in waiting) if len(waiting) < 2 else None
    if idle is None:  # both pick food cards at once: let one of them pick
        play_state, _ = RULES.apply(state, computer(state, 0, RULES))
        idle = 0
    with pytest.raises(ValueError):
        choose_action(RULES, RULES.seat_view(play_state, idle), RULES.legal_actions(play_state, idle))


def test_the_registry_knows_north_star_only() -> None:
    assert has_policy(RULES)

    class Other:
        name = "time_to_fly"

    with pytest.raises(NoComputerPlayer):
        choose_action(Other(), None, ())  # type: ignore[arg-type]
