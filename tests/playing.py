"""Playing any rule system's games in tests, through the engine interface only: to the end by timeouts, along a
golden trace, and checking that offered actions apply while others are refused."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules_core.engine import AnyRuleset
from rules_core.errors import Refusal


def play_until(
    rules: AnyRuleset, state: Any, stop: Callable[[Any], bool], *, limit: int = 2000
) -> tuple[Any, list[object]]:
    """Let every deadline pass (the timeout move of the first seat that must decide) until ``stop`` holds or the
    game is over."""
    events: list[object] = []
    for _ in range(limit):
        if stop(state) or rules.outcome(state) is not None:
            return state, events
        seat = rules.decisions(state)[0].seat
        state, more = rules.apply(state, rules.timeout_action(state, seat))
        events.extend(more)
    raise AssertionError("the game did not reach the expected point")


def forced_moves_made(rules: AnyRuleset, state: Any) -> Any:
    """``state`` after the forced moves the service makes at once (``Ruleset.forced_action``), as a front end sees
    it: a script of people's moves replayed through a front end leaves those out."""
    while rules.outcome(state) is None:
        forced = next(
            (action for d in rules.duties(state) if (action := rules.forced_action(state, d.seat)) is not None), None
        )
        if forced is None:
            return state
        state, _ = rules.apply(state, forced)
    return state


def trace(
    rules: AnyRuleset, players: int, seed: int, *, options: Mapping[str, Any] | None = None
) -> tuple[int, int, int, tuple[int, ...]]:
    """A golden trace: play the game (with ``options``) choosing, at each step, the legal action at index (step mod
    count) of the first seat the game waits for. Returns (actions played, sum of legal-action counts, rounds, final
    scores by seat)."""
    state = rules.new_game(players=[f"P{i}" for i in range(players)], options=options or {}, seed=seed)[0]
    steps = total = 0
    while rules.outcome(state) is None:
        seat = rules.duties(state)[0].seat
        legal = rules.legal_actions(state, seat)
        total += len(legal)
        state, _ = rules.apply(state, legal[steps % len(legal)])
        steps += 1
    outcome = rules.outcome(state)
    assert outcome is not None
    scores = tuple(s.score for s in sorted(outcome.standings, key=lambda s: s.seat))
    return steps, total, rules.public_view(state).round, scores


def check_offered_and_others(
    rules: AnyRuleset, state: Any, junk: Iterable[Any], rng: random.Random, *, sample: int = 5
) -> None:
    """Some offered actions apply, by ``apply`` and by ``apply_unchecked``, each counting one version and leaving the
    state it was applied to unchanged (``count_move`` may write only a state the move made); every ``junk`` action
    that is not offered to any seat (duties and opportunities) is refused with the state unchanged."""
    seats = [player.seat for player in rules.public_view(state).players]
    offered = {a for seat in seats for a in rules.legal_actions(state, seat)}
    snapshot = rules.dump_state(state)
    for action in offered if len(offered) < sample else rng.sample(sorted(offered, key=repr), sample):
        for apply in (rules.apply, rules.apply_unchecked):
            after, _ = apply(state, action)  # must not raise
            assert rules.version(after) == rules.version(state) + 1
            assert rules.dump_state(state) == snapshot, f"applying {action} changed the state it was applied to"
    for action in junk:
        if action in offered:
            continue
        try:
            rules.apply(state, action)
        except Refusal:
            pass
        else:
            raise AssertionError(f"{action} was not offered but applied")
    assert rules.dump_state(state) == snapshot, "a refused action changed the state"
