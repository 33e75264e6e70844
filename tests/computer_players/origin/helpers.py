"""Playing whole games of the original "Evolution" between policies, for its computer player's tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from computer_players import choose_action
from rules_core.origin.actions import Action
from rules_core.origin.state import GameState, Phase
from tests.origin.scenario import RULES

Policy = Callable[[GameState, int], Action]


def computer(state: GameState, seat: int) -> Action:
    """The computer player's move, given what the seat sees (its view and legal actions), as the service asks."""
    action: Action = choose_action(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat))
    return action


def uniform_random(seed: int) -> Policy:
    """A player that picks uniformly among the legal actions (its own seeded generator, no global state)."""

    def policy(state: GameState, seat: int) -> Action:
        legal = RULES.legal_actions(state, seat)
        return legal[random.Random(f"{seed}:{state.version}:{seat}").randrange(len(legal))]

    return policy


def play(
    policies: Sequence[Policy],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    check: Callable[[GameState, int, Action], None] | None = None,
    limit: int = 5000,
) -> GameState:
    """Play a game to the end; ``check`` sees every move."""
    state = RULES.new_game(players=[f"P{i}" for i in range(len(policies))], options=options or {}, seed=seed)[0]
    for _ in range(limit):
        if state.phase is Phase.GAME_OVER:
            return state
        seat = RULES.decisions(state)[0].seat
        action = policies[seat](state, seat)
        if check is not None:
            check(state, seat, action)
        state, _ = RULES.apply(state, action)
    raise AssertionError("the game did not end")


def scores(state: GameState) -> dict[int, int]:
    outcome = RULES.outcome(state)
    assert outcome is not None
    return {s.seat: s.score for s in outcome.standings}
