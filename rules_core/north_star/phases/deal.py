"""Phase 1, dealing (seed 000, "1. FÁZIS: KÁRTYAOSZTÁS"): each player gets three cards plus one for every species
in front of them, starting with the first player. A reshuffle while dealing makes this round the last. The table as
dealt is kept for the card plays made while the food cards are chosen (``QuickStart``)."""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.north_star.deck import Piles
from rules_core.north_star.events import Event, RoundStarted
from rules_core.north_star.state import FOOD_CARDS, GameState, QuickStart

BASE_CARDS = 3


def start_round(state: GameState) -> tuple[GameState, list[Event]]:
    piles = Piles.of(state)
    piles.last_round = state.last_round or state.next_round_last
    piles.next_round_last = False
    events: list[Event] = []
    players = list(state.players)  # every player's deal in one copy of the state
    for seat in state.seats_from(state.first_player):
        player = players[seat]
        drawn = piles.draw(seat, BASE_CARDS + len(player.species), "deal", events)
        players[seat] = evolve(player, done=False, food_card=None, hand=player.hand + drawn)
    state = evolve(state, round=state.round + 1, phase=FOOD_CARDS, turn=None, players=tuple(players), **piles.fields())
    state = evolve(state, quick_start=QuickStart(state.players, len(state.discard)))
    # Announced after dealing, so that it says whether this round turned out to be the last.
    return state, [RoundStarted(state.round, state.first_player, state.last_round), *events]
