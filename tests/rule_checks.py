"""Checks every rule system's tests make the same way: offered actions apply and others are refused, and the
golden trace of legal-action counts along a fixed game."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from rules_core.engine import AnyRuleset
from rules_core.errors import Refusal


def offered_apply_and_others_are_refused(
    ruleset: AnyRuleset, before: Any, offered: set[Any], junk: Iterable[Any], rng: random.Random, *, sample: int
) -> None:
    """Up to ``sample`` of the ``offered`` actions apply to ``before``; every ``junk`` action not offered is refused
    and leaves the state as it was."""
    for action in offered if len(offered) < sample else rng.sample(sorted(offered, key=repr), sample):
        ruleset.apply(before, action)  # must not raise
    for action in junk:
        if action in offered:
            continue
        snapshot = ruleset.dump_state(before)
        try:
            ruleset.apply(before, action)
        except Refusal:
            pass
        else:
            raise AssertionError(f"{action} was not offered but applied")
        assert ruleset.dump_state(before) == snapshot


def legal_action_trace(ruleset: AnyRuleset, state: Any) -> tuple[int, int, Any]:
    """Play ``state`` to the end choosing, at each step, the legal action at index (step mod count) of the first
    seat the game waits for. Returns (actions played, sum of legal-action counts, the final state)."""
    steps = total = 0
    while ruleset.outcome(state) is None:
        seat = ruleset.duties(state)[0].seat
        legal = ruleset.legal_actions(state, seat)
        total += len(legal)
        state, _ = ruleset.apply(state, legal[steps % len(legal)])
        steps += 1
    return steps, total, state
