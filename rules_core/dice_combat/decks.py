"""Drawing from the species and evolution decks.

Seed 004 does not say what happens when a deck runs out; this project shuffles its discard pile into a new deck
(docs/rulings.md, "Decks that run out"). The environment deck is never reshuffled: when it runs out the final age
begins (phases/environment.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_core.copying import evolve
from rules_core.dice_combat.events import CardsDealt, CardsReceived, DeckReshuffled, Event
from rules_core.dice_combat.state import GameState, changed
from rules_core.rng import Rng


def take_evolutions(
    state: GameState, count: int, *, owned: bool = False
) -> tuple[GameState, tuple[int, ...], list[Event]]:
    """Up to ``count`` evolution cards from the top of the deck (fewer only when deck and discard are both empty).
    ``owned``: ``state`` may be written into (``state.changed``)."""
    deck, discard, rng, drawn, events = _draw(state.evolution_deck, state.evolution_discard, state.rng, count)
    return changed(state, owned, evolution_deck=deck, evolution_discard=discard, rng=rng), drawn, events


def deal_evolutions(
    state: GameState, seats: Iterable[int], count: int, *, owned: bool = False
) -> tuple[GameState, list[Event]]:
    """Each of ``seats`` in turn receives ``count`` evolution cards (the table sees how many, the seat which): the
    deck and the hands written in one copy of the state (in ``state`` itself when ``owned``: ``state.changed``)."""
    events: list[Event] = []
    deck, discard, rng = state.evolution_deck, state.evolution_discard, state.rng
    players = list(state.players)
    for seat in seats:
        deck, discard, rng, drawn, more = _draw(deck, discard, rng, count)
        events += more
        if drawn:
            players[seat] = evolve(players[seat], hand=players[seat].hand + drawn)
            events += [CardsDealt(seat, len(drawn)), CardsReceived(seat, drawn)]
    state = changed(state, owned, players=tuple(players), evolution_deck=deck, evolution_discard=discard, rng=rng)
    return state, events


def _draw(
    deck: tuple[int, ...], discard: tuple[int, ...], rng: Rng, count: int
) -> tuple[tuple[int, ...], tuple[int, ...], Rng, tuple[int, ...], list[Event]]:
    """Up to ``count`` cards from the top of the evolution ``deck``, its ``discard`` pile shuffled into a new deck
    when it runs out: the deck, the discard pile and the generator after, the cards drawn and the events."""
    events: list[Event] = []
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
    return deck, discard, rng, tuple(drawn), events


def take_species(state: GameState) -> tuple[GameState, int, list[Event]]:
    """The top species card. The deck always holds one: there are more species cards than players plus one prey."""
    events: list[Event] = []
    deck, discard, rng = state.species_deck, state.species_discard, state.rng
    if not deck:
        deck, rng = rng.shuffled(discard)
        discard = ()
        events.append(DeckReshuffled("species", len(deck)))
    return evolve(state, species_deck=deck[1:], species_discard=discard, rng=rng), deck[0], events
