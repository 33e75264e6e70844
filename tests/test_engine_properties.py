"""Properties every rule system must have, checked on every registered ruleset (and the tests' toy game) over seeded
random games: what the engine interface promises, whatever the game.

States and actions round-trip through JSON exactly (the codec decodes everything it encodes); every legal action
survives ``exact_action`` unchanged; replaying the log gives the same state; a seat's view of a determinized state
is the view it was dealt from; the public view is a ``PublicView`` and a seat view a ``SeatView``; opportunities
never hold the game (some duty is always owed until the game is over); ``apply_unchecked`` of a legal action does
exactly what ``apply`` does, and leaves the state it was given as it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.engine import AnyRuleset, PublicView, SeatView
from rules_core.registry import RULESETS
from tests.toy.rules import RULES as TOY

SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL = {**RULESETS, TOY.name: TOY}
STEPS = 400


def random_game(rules: AnyRuleset, seed: int, players: int) -> Iterator[tuple[Any, Any]]:
    """(state, the action taken from it) along a random game, to the end or for ``STEPS`` actions."""
    rng = random.Random(seed)
    state, _ = rules.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=seed)
    for _ in range(STEPS):
        duties = rules.duties(state)
        if not duties:
            assert rules.outcome(state) is not None, "no duty is owed, yet the game is not over"
            return
        seat = rng.choice(duties).seat
        action = rng.choice(rules.legal_actions(state, seat))
        yield state, action
        state, _ = rules.apply(state, action)


def games(name: str) -> Callable[[Callable[[int, int], None]], Callable[[], None]]:
    rules = ALL[name]
    chosen: Callable[[Callable[[int, int], None]], Callable[[], None]] = given(
        seed=st.integers(0, 2**31), players=st.integers(rules.min_players, min(rules.max_players, 6))
    )
    return chosen


@pytest.mark.parametrize("name", sorted(ALL))
def test_states_and_actions_round_trip_through_json_and_the_log_replays(name: str) -> None:
    rules = ALL[name]

    @SETTINGS
    @games(name)
    def check(seed: int, players: int) -> None:
        log = []
        state = None
        for index, (state, action) in enumerate(random_game(rules, seed, players)):
            if index % 5 == 0:
                assert rules.load_state(json.loads(json.dumps(rules.dump_state(state)))) == state
            assert rules.exact_action(action) == action
            assert rules.exact_action(json.loads(json.dumps(rules.dump_action(action)))) == action
            log.append(action)
        if state is None:
            return
        final, _ = rules.apply(state, log[-1])
        names = [f"P{i}" for i in range(players)]
        assert rules.replay(players=names, options={}, seed=seed, actions=log) == final

    check()


@pytest.mark.parametrize("name", sorted(ALL))
def test_an_unchecked_legal_action_does_what_the_checked_one_does(name: str) -> None:
    rules = ALL[name]

    @SETTINGS
    @games(name)
    def check(seed: int, players: int) -> None:
        for state, action in random_game(rules, seed, players):
            before, version = rules.dump_state(state), rules.version(state)
            unchecked, unchecked_events = rules.apply_unchecked(state, action)
            assert rules.dump_state(state) == before and rules.version(state) == version
            checked, checked_events = rules.apply(state, action)
            assert unchecked == checked and unchecked_events == checked_events
            assert rules.version(unchecked) == version + 1

    check()


@pytest.mark.parametrize("name", sorted(ALL))
def test_a_determinized_state_shows_its_seat_what_the_seat_saw(name: str) -> None:
    rules = ALL[name]

    @SETTINGS
    @games(name)
    def check(seed: int, players: int) -> None:
        for index, (state, _) in enumerate(random_game(rules, seed, players)):
            if index % 7:
                continue
            assert isinstance(rules.public_view(state), PublicView)
            for seat in range(players):
                view = rules.seat_view(state, seat)
                assert isinstance(view, SeatView) and not isinstance(view, PublicView)
                assert view.table == rules.public_view(state)
                assert rules.seat_view(rules.determinize(view, seed=index), seat) == view

    check()


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_duty_is_of_a_known_kind_and_a_forced_move_is_the_only_move_of_a_duty_without_secrets(name: str) -> None:
    rules = ALL[name]

    @SETTINGS
    @games(name)
    def check(seed: int, players: int) -> None:
        for state, _ in random_game(rules, seed, players):
            for duty in rules.duties(state):
                assert duty.kind in rules.decision_kinds, duty
                forced = rules.forced_action(state, duty.seat)
                moves = rules.distinct_moves(rules.duty_actions(state, duty.seat))
                if forced is None:
                    # (A rule system may keep a move naming a card of the hand from making itself: North Star's
                    # Intelligence.)
                    assert duty.uses_secrets or len(moves) != 1 or rules.move_key(moves[0]) != moves[0]
                    continue
                assert not duty.uses_secrets and len(moves) == 1
                assert rules.move_key(forced) == rules.move_key(moves[0])
                rules.apply(state, forced)  # legal

    check()
