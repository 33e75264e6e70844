"""The toy game's own rules where the service's tests lean on them: the call makes itself without challenges, and a
move out of turn is refused as such (every seat may resign at any moment, which is no turn of theirs)."""

from __future__ import annotations

from typing import Any

from tests.toy.rules import RULES, Call, Pick, State


def called(options: dict[str, Any]) -> State:
    """A two-player game at its first call (each player picked their lowest stone)."""
    state, _ = RULES.new_game(players=["A", "B"], options=options, seed=1)
    for seat in (0, 1):
        state, _ = RULES.apply(state, Pick(seat, min(state.hands[seat])))
    return state


def test_without_challenges_the_call_is_the_callers_only_move_and_makes_itself() -> None:
    plain = called({})
    assert RULES.forced_action(plain, 0) is None
    state = called({"challenges": False})
    assert RULES.forced_action(state, 0) == Call(0, False)
    assert (refusal := RULES.check(state, Call(0, True))) is not None and refusal.code == "illegal"
    # A seat's guess at the table keeps the variant: the search never considers a challenge there.
    guess = RULES.determinize(RULES.seat_view(state, 1), seed=3)
    assert RULES.legal_actions(guess, 0) == RULES.legal_actions(state, 0)


def test_a_move_out_of_turn_is_refused_as_not_the_players_turn() -> None:
    state = called({})
    refusal = RULES.check(state, Call(1, False))
    assert refusal is not None and refusal.code == "not_your_turn"
