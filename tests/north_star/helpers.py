"""Small helpers shared by the per-rule tests of tests/north_star/ (scenarios: tests/north_star/scenario.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest

from rules_core.errors import Refusal
from rules_core.north_star.actions import Action, FinishCardPlay
from rules_core.north_star.events import FoodTaken
from rules_core.north_star.state import GameState
from tests import playing
from tests.north_star.scenario import RULES, player, scenario, species

E = TypeVar("E")


def of(events: Iterable[object], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def refusal_code(state: GameState, action: Action) -> str:
    """Apply ``action``, expect a refusal, and return its code."""
    with pytest.raises(Refusal) as refused:
        RULES.apply(state, action)
    return refused.value.code


def refusal(state: GameState, action: Action) -> Refusal:
    with pytest.raises(Refusal) as refused:
        RULES.apply(state, action)
    return refused.value


def food_to(events: Iterable[object], species_id: int) -> list[FoodTaken]:
    """The FoodTaken events of one species."""
    return [e for e in of(events, FoodTaken) if e.species == species_id]


def bystander(name: str = "Cy", species_id: int = 99, **kwargs: Any) -> dict[str, Any]:
    """A player whose hungry population-6 herbivore keeps the feeding phase alive."""
    return player(name, species(species_id, pop=6), **kwargs)


def reveal(players: list[dict[str, Any]], **fields: Any) -> tuple[GameState, list[object]]:
    """Start phase 4 from the end of card play: seat 0 finishes playing cards (every other seat already has), so the
    traits are turned face up, the food cards revealed and the reveal-time effects begin."""
    for p in players[1:]:
        p["done"] = True
    state = scenario(phase="play_cards", turn=0, players=players, **fields)
    state, events = RULES.apply(state, FinishCardPlay(0))
    return state, list(events)


def play_until(
    state: GameState, stop: Callable[[GameState], bool], *, limit: int = 2000
) -> tuple[GameState, list[object]]:
    """Let every deadline pass (the timeout move of the first seat that must decide) until ``stop`` holds."""
    return playing.play_until(RULES, state, stop, limit=limit)
