"""Seeded random dice-combat games for the presentation's tests: every state on the way, with what each move said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from rules_core.dice_combat.actions import Pass
from rules_core.dice_combat.state import GameState, Phase
from tests.dice_combat.helpers import RULES, player, scenario

__all__ = ["NAMES", "RULES", "Step", "discarding", "player_count", "steps"]

NAMES = ["Anna Kovács", "Bartosz Łukasiewicz", "Олександра Шевченко", "Ödön Hősök", "María José", "Tom"]


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a game: the state before it, the seat that moved, and the state and events after it."""

    before: GameState
    seat: int
    after: GameState
    events: tuple[Any, ...]


def steps(players: int, seed: int) -> Iterator[Step]:
    """A game of uniformly random legal moves by a random seat owing or offered a choice, to its end."""
    chooser = random.Random(seed)
    state, events = RULES.new_game(players=NAMES[:players], options={}, seed=seed)
    yield Step(state, 0, state, tuple(events))
    while state.phase is not Phase.GAME_OVER:
        seat = chooser.choice(RULES.decisions(state)).seat
        after, events = RULES.apply(state, chooser.choice(RULES.legal_actions(state, seat)))
        yield Step(state, seat, after, tuple(events))
        state = after


#: A table of two to six players.
player_count = st.integers(2, 6)


def discarding() -> list[Step]:
    """Discarding down to five (rare in random games): Ann and Bob hold six cards when the evolution round ends."""
    six = ["claws", "horns", "disease", "venom", "fangs", "ambush"]
    state = scenario(
        players=[player("Ann", "elk", hand=six), player("Bob", "bison_herd", hand=six), player("Cy", "viper")],
        phase="evolution",
        turn=1,
        starting_player=0,
        free_card=True,
    )
    found: list[Step] = []
    for seat in (1, 0):
        action = RULES.timeout_action(state, seat) if found else Pass(seat)
        after, events = RULES.apply(state, action)
        found.append(Step(state, seat, after, tuple(events)))
        state = after
    return found
