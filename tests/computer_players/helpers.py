"""Playing whole games between policies, for the computer players' tests (North Star's by default, any rule
system's with ``rules``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from computer_players import choose_action
from rules_core.engine import AnyRuleset
from tests.north_star.scenario import RULES

#: ``(ruleset, state, seat) -> action``.
Policy = Callable[[Any, Any, int], Any]


def uniform_random(seed: int) -> Policy:
    """A player that picks uniformly among the legal actions (its own seeded generator, no global state)."""

    def policy(ruleset: AnyRuleset, state: Any, seat: int) -> Any:
        legal = ruleset.legal_actions(state, seat)
        return legal[random.Random(f"{seed}:{ruleset.version(state)}:{seat}").randrange(len(legal))]

    return policy


def play(
    policies: Sequence[Policy],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    check: Callable[[Any, int, Any], None] | None = None,
    limit: int = 5000,
    rules: AnyRuleset = RULES,
) -> Any:
    """Play a game of ``rules`` to the end; the first seat that must decide moves each time. ``check`` sees every
    move."""
    state = rules.new_game(players=[f"P{i}" for i in range(len(policies))], options=options or {}, seed=seed)[0]
    for _ in range(limit):
        if rules.outcome(state) is not None:
            return state
        seat = rules.decisions(state)[0].seat
        action = policies[seat](rules, state, seat)
        if check is not None:
            check(state, seat, action)
        state, _ = rules.apply(state, action)
    raise AssertionError("the game did not end")


def scores(state: Any, rules: AnyRuleset = RULES) -> dict[int, int]:
    outcome = rules.outcome(state)
    assert outcome is not None
    return {s.seat: s.score for s in outcome.standings}


def computer(state: Any, seat: int, rules: AnyRuleset = RULES) -> Any:
    """The computer player's move, given what the seat sees (its view and legal actions), as the service asks."""
    return choose_action(rules, rules.seat_view(state, seat), rules.legal_actions(state, seat))


def COMPUTER(ruleset: AnyRuleset, state: Any, seat: int) -> Any:
    return computer(state, seat, ruleset)
