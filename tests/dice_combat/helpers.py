"""A compact scenario builder over the dice-combat position format (docs/position-format.md), and small helpers
for the per-rule tests.

    state = scenario(
        phase="hunting", turn=0,
        players=[player("Ann", "wolf_pack", food=4, hand=["claws"]), player("Bob", "elk")],
        dice=[6, 4, 2, 2, 5, 5, 2],
    )

Cards are written by name ("claws", "wolf_pack", "fog") or as "name#id", of the first edition of the cards (the
one the per-rule tests were written with; the rules are the same in every edition) unless ``edition`` says
otherwise; cards not named anywhere form the decks (shuffled with ``seed``). ``dice`` forces the
next die rolls, in order (each a value 1-6).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

import pytest

from rules_core.dice_combat import DiceCombat
from rules_core.dice_combat.actions import Action
from rules_core.dice_combat.cards import EDITIONS, FIRST_EDITION, SpeciesCard, kind_of
from rules_core.dice_combat.state import GameState
from rules_core.errors import Refusal

RULES = DiceCombat()
E = TypeVar("E")


def player(
    name: str,
    species: str,
    *,
    pop: int = 3,
    food: int = 0,
    hand: list[str] | None = None,
    evolutions: list[str] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    return {
        "name": name,
        "species": species,
        "population": pop,
        "food": food,
        "hand": hand or [],
        "evolutions": evolutions or [],
        **fields,
    }


def scenario(
    *, players: list[dict[str, Any]], dice: list[int] | None = None, seed: int = 0, **fields: Any
) -> GameState:
    data: dict[str, Any] = {
        "edition": FIRST_EDITION,
        "players": players,
        "phase": "evolution",
        "turn": 0,
        "starting_player": 0,
        "period": 2,
        "environment": "mild_climate",
        "rng": {"seed": seed, "script": [d - 1 for d in dice or []]},
    }
    data.update(fields)
    return RULES.load_position(data)


def of(events: Iterable[object], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def refusal(state: GameState, action: Action) -> Refusal:
    """Apply ``action``, expect a refusal (and the state unchanged), and return it."""
    before = RULES.dump_state(state)
    with pytest.raises(Refusal) as refused:
        RULES.apply(state, action)
    assert RULES.dump_state(state) == before
    return refused.value


def play(state: GameState, *actions: Action) -> tuple[GameState, list[object]]:
    """Apply ``actions`` in order; the new state and all their events."""
    events: list[object] = []
    for action in actions:
        state, more = RULES.apply(state, action)
        events.extend(more)
    return state, events


def card(state: GameState, seat: int, name: str) -> int:
    """The id of the first card called ``name`` in ``seat``'s hand."""
    return next(c for c in state.players[seat].hand if kind_of(c).value == name)


def species_card(name: str, edition: int = FIRST_EDITION) -> SpeciesCard:
    """A species card by name, in ``edition``."""
    return next(card for card in EDITIONS[edition].species if card.name == name)


def species_id(name: str, edition: int = FIRST_EDITION) -> int:
    return species_card(name, edition).id


def energy(name: str, edition: int = FIRST_EDITION) -> int:
    """A species card's printed Energy."""
    return species_card(name, edition).energy


def strength(name: str, edition: int = FIRST_EDITION) -> int:
    """A species card's printed Strength."""
    return species_card(name, edition).strength
