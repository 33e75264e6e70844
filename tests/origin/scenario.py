"""A compact scenario builder for the original "Evolution", over its position format (docs/position-format.md).

    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", food=1)),
            player("Bob", animal(1, "swimming"), animal(2), links=[link("cooperation", 1, 2)], hand=["swimming"]),
        ],
    )

Traits are written by name (``"carnivore"``: any free card with that trait) or as ``"carnivore#40"``, with
``":used"`` when turned sideways; hand cards by kind (``"poisonous/carnivore"``) or trait. Cards not named anywhere
form the deck (shuffled with ``seed``) unless ``deck`` is given. By default it is Ann's feeding turn. ``expanded``
builds the same with both of seed 001's expansions (and two decks of each box, so that every card is to hand).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest

from rules_core.errors import Refusal
from rules_core.origin import Origin
from rules_core.origin.actions import Action
from rules_core.origin.state import GameState
from tests import playing

RULES = Origin()
E = TypeVar("E")


def animal(
    id: int, *traits: str, food: int = 0, fat: int = 0, card: str | None = None, **flags: bool
) -> dict[str, Any]:
    data: dict[str, Any] = {"id": id, "traits": list(traits), "food": food, "fat": fat, **flags}
    if card is not None:
        data["card"] = card
    return data


def link(trait: str, first: int, second: int, *, used: bool = False, card: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"trait": trait, "animals": [first, second], "used": used}
    if card is not None:
        data["card"] = card
    return data


def player(
    name: str,
    *animals: dict[str, Any],
    hand: list[str] | None = None,
    links: list[dict[str, Any]] | None = None,
    passed: bool = False,
) -> dict[str, Any]:
    return {"name": name, "animals": list(animals), "hand": hand or [], "links": links or [], "passed": passed}


def scenario(*, players: list[dict[str, Any]], seed: int = 0, **fields: Any) -> GameState:
    data: dict[str, Any] = {"players": players, "phase": "feeding", "active": 0, "rng": {"seed": seed}}
    data.update(fields)
    return RULES.load_position(data)


#: Both expansions, with two decks of each box.
EXPANSIONS = {"two_decks": True, "time_to_fly": True, "darwins_day": True}


def expanded(*, players: list[dict[str, Any]], seed: int = 0, **fields: Any) -> GameState:
    return scenario(players=players, seed=seed, options=EXPANSIONS, **fields)


def of(events: Iterable[object], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def refused(state: GameState, action: Action) -> Refusal:
    """Apply ``action`` and expect a refusal (the state is immutable: nothing changes)."""
    with pytest.raises(Refusal) as refusal:
        RULES.apply(state, action)
    return refusal.value


def refusal_code(state: GameState, action: Action) -> str:
    return refused(state, action).code


def play(state: GameState, *actions: Action) -> tuple[GameState, list[object]]:
    """Apply actions in turn; returns the last state and every event."""
    events: list[object] = []
    for action in actions:
        state, more = RULES.apply(state, action)
        events.extend(more)
    return state, events


def play_until(
    state: GameState, stop: Callable[[GameState], bool], *, limit: int = 2000
) -> tuple[GameState, list[object]]:
    """Let every deadline pass (the timeout move of the seat that must decide) until ``stop`` holds."""
    return playing.play_until(RULES, state, stop, limit=limit)
