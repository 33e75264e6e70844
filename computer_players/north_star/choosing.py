"""Choosing among scored actions, and how many rounds are left to plan for."""

from __future__ import annotations

from collections.abc import Iterable

from rules_core.north_star.actions import (
    Action,
    FinishCardPlay,
    StopFeeding,
)
from rules_core.north_star.state import GameState


def best(scored: Iterable[tuple[float, Action]]) -> tuple[float, Action]:
    """The highest score; the earliest among equals (within rounding)."""
    chosen: tuple[float, Action] | None = None
    for score, action in scored:
        if chosen is None or score > chosen[0] + 1e-9:
            chosen = (score, action)
    if chosen is None:
        raise ValueError("nothing to choose from")
    return chosen


def or_else(scored: list[tuple[float, Action]], fallback: type[FinishCardPlay | StopFeeding]) -> Action:
    """The best action if it is worth more than nothing, else ``fallback`` (finish, stop) when that is allowed."""
    top = best(scored)
    if top[0] <= 0:
        for _, action in scored:
            if isinstance(action, fallback):
                return action
    return top[1]


def rounds_left(state: GameState) -> int:
    """This round and the rounds expected after it (the deal that needs a reshuffle starts the last round)."""
    if state.last_round:
        return 1
    if state.next_round_last:
        return 2
    per_round = sum(3 + len(p.species) for p in state.players)
    return 2 + len(state.deck) // max(1, per_round)
