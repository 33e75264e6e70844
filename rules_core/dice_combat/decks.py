"""Drawing from the species and evolution decks.

Seed 004 does not say what happens when a deck runs out; this project shuffles its discard pile into a new deck
(docs/rulings.md, "Decks that run out"). The environment deck is never reshuffled: when it runs out the final age
begins (phases/environment.py).
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.dice_combat.events import CardsDealt, CardsReceived, DeckReshuffled, Event
from rules_core.dice_combat.state import GameState


def take_evolutions(state: GameState, count: int) -> tuple[GameState, tuple[int, ...], list[Event]]:
    """Up to ``count`` evolution cards from the top of the deck (fewer only when deck and discard are both empty)."""
    events: list[Event] = []
    deck, discard, rng = state.evolution_deck, state.evolution_discard, state.rng
    drawn: list[int] = []
    while len(drawn) < count:
        if not deck:
            if not discard:
                break
            deck, rng = rng.shuffled(discard)
            discard = ()
            events.append(DeckReshuffled("evolution", len(deck)))
        take = min(count - len(drawn), len(deck))
        drawn.extend(deck[:take])
        deck = deck[take:]
    return evolve(state, evolution_deck=deck, evolution_discard=discard, rng=rng), tuple(drawn), events


def deal_evolutions(state: GameState, seat: int, count: int) -> tuple[GameState, list[Event]]:
    """``seat`` receives ``count`` evolution cards (the table sees how many, the seat which)."""
    state, drawn, events = take_evolutions(state, count)
    if drawn:
        player = state.players[seat]
        state = state.with_player(evolve(player, hand=player.hand + drawn))
        events += [CardsDealt(seat, len(drawn)), CardsReceived(seat, drawn)]
    return state, events


def take_species(state: GameState) -> tuple[GameState, int, list[Event]]:
    """The top species card. The deck always holds one: there are more species cards than players plus one prey."""
    events: list[Event] = []
    deck, discard, rng = state.species_deck, state.species_discard, state.rng
    if not deck:
        deck, rng = rng.shuffled(discard)
        discard = ()
        events.append(DeckReshuffled("species", len(deck)))
    return evolve(state, species_deck=deck[1:], species_discard=discard, rng=rng), deck[0], events
