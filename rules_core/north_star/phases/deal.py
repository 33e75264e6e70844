"""Phase 1, dealing (seed 000, "1. FÁZIS: KÁRTYAOSZTÁS"): each player gets three cards plus one for every species
in front of them, starting with the first player. A reshuffle while dealing makes this round the last."""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.north_star.deck import draw
from rules_core.north_star.events import Event, RoundStarted
from rules_core.north_star.state import FOOD_CARDS, GameState

BASE_CARDS = 3


def start_round(state: GameState) -> tuple[GameState, list[Event]]:
    state = evolve(
        state,
        round=state.round + 1,
        phase=FOOD_CARDS,
        turn=None,
        last_round=state.last_round or state.next_round_last,
        next_round_last=False,
        players=tuple(evolve(p, done=False, food_card=None) for p in state.players),
    )
    events: list[Event] = []
    for seat in state.seats_from(state.first_player):
        state, dealt = draw(state, seat, BASE_CARDS + len(state.players[seat].species), reason="deal")
        events.extend(dealt)
    # Announced after dealing, so that it says whether this round turned out to be the last.
    return state, [RoundStarted(state.round, state.first_player, state.last_round), *events]
