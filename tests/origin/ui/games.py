"""Seeded games of the original "Evolution" for the presentation's tests: states met along random games, and a
game played until a chosen moment (an attack whose defender must choose), through the engine interface only."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from rules_core.origin import Origin
from rules_core.origin.actions import Action, OrderAction
from rules_core.origin.events import Event
from rules_core.origin.state import GameState
from tests.playing import forced_moves_made

RULES = Origin()
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
#: The original game alone and with each of seed 001's expansions, and both.
OPTION_SETS: dict[str, dict[str, Any]] = {
    "none": {},
    "time_to_fly": {"time_to_fly": True},
    "darwins_day": {"darwins_day": True},
    "both": {"time_to_fly": True, "darwins_day": True},
}


def seats(options: Mapping[str, Any], wanted: int) -> int:
    """``wanted`` players, or as many as the options allow (Darwin's Day alone takes four at most)."""
    low, high = RULES.player_range(RULES.read_options(dict(options)))
    return min(max(wanted, low), high)


def random_game(
    players: int, seed: int, *, options: Mapping[str, Any] | None = None
) -> Iterator[tuple[GameState, int, tuple[Event, ...]]]:
    """Every decision of a game of uniformly random legal moves: (state, deciding seat, events that led there)."""
    rng = random.Random(seed)
    state, events = RULES.new_game(players=NAMES[:players], options=dict(options or {}), seed=seed)
    while RULES.outcome(state) is None:
        seat = rng.choice(RULES.decisions(state)).seat
        yield state, seat, events
        state, events = RULES.apply(state, rng.choice(RULES.legal_actions(state, seat)))
    yield state, -1, events


def played_until(
    players: int,
    stop: Callable[[GameState], bool],
    *,
    seeds: range = range(300),
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] = NAMES,
    keen: Callable[[GameState, Action], bool] | None = None,
) -> tuple[int, list[Action], GameState]:
    """The first seeded random game that reaches a state where ``stop`` holds: its seed, the moves made (to replay
    them through a front end, the same seed dealing the same cards) and that state. Only duties are played (no
    standing order), each move once, and forced moves are made as the service makes them (and left out of the
    moves); a ``keen`` move is chosen whenever one is legal, to reach a rare moment sooner."""
    for seed in seeds:
        rng = random.Random(seed)
        state, _ = RULES.new_game(players=names[:players], options=dict(options or {}), seed=seed)
        moves: list[Action] = []
        while (state := forced_moves_made(RULES, state)) and RULES.outcome(state) is None:
            if stop(state):
                return seed, moves, state
            seat = rng.choice(RULES.duties(state)).seat
            # As a front end offers them: each move once (two identical cards in hand are one choice).
            duties = [
                a for a in RULES.distinct_moves(RULES.legal_actions(state, seat)) if not isinstance(a, OrderAction)
            ]
            wanted = [a for a in duties if keen is not None and keen(state, a)]
            action = rng.choice(wanted or duties)
            moves.append(action)
            state, _ = RULES.apply(state, action)
    raise AssertionError("no seeded game reached the moment asked for")


def defender_must_choose(state: GameState) -> bool:
    """An attack waits for its defender, who has several answers."""
    decisions = RULES.decisions(state)
    return bool(decisions) and decisions[0].kind == "defend" and len(RULES.legal_actions(state, decisions[0].seat)) > 1
