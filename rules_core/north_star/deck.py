"""Drawing cards, and the reshuffle that brings the game's end closer.

Seed 000, "1. FÁZIS: KÁRTYAOSZTÁS": when the draw deck runs out while dealing and the discard pile must be
reshuffled, this round is the last. "KIHALÁS" and "JÁTÉK VÉGI PONTOZÁS": when it runs out at any other time (the
cards drawn after an extinction), one more full round is played.
"""

from __future__ import annotations

from typing import Literal

from rules_core.copying import evolve
from rules_core.north_star.events import CardsDealt, CardsReceived, DeckReshuffled, Event
from rules_core.north_star.state import GameState


def draw(
    state: GameState, seat: int, count: int, *, reason: Literal["deal", "extinction"]
) -> tuple[GameState, list[Event]]:
    """``seat`` draws ``count`` cards, reshuffling the discard pile into the deck when it runs out."""
    events: list[Event] = []
    drawn: list[int] = []
    deck, discard, rng = state.deck, state.discard, state.rng
    last_round, next_round_last = state.last_round, state.next_round_last
    while len(drawn) < count:
        if not deck:
            if not discard:
                break  # every card is in a hand or on a species: nothing left to draw
            deck, rng = rng.shuffled(discard)
            discard = ()
            if reason == "deal":
                last_round = True
                events.append(DeckReshuffled(len(deck), "this"))
            else:
                next_round_last = True
                events.append(DeckReshuffled(len(deck), "next"))
        take = min(count - len(drawn), len(deck))
        drawn.extend(deck[:take])
        deck = deck[take:]
    player = state.players[seat]
    state = state.with_player(
        evolve(player, hand=player.hand + tuple(drawn)),
        deck=deck,
        discard=discard,
        rng=rng,
        last_round=last_round,
        next_round_last=next_round_last,
    )
    if drawn:
        events.append(CardsDealt(seat, len(drawn), reason))
        events.append(CardsReceived(seat, tuple(drawn), reason))
    return state, events
