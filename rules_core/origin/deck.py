"""Drawing cards, and the reshuffle that makes the next turn the last.

Seed 003, "Завершення гри та визначення переможця": "Коли карти в колоді закінчуються, перемішайте відбій та
сформуєте нову колоду. Наступний хід буде останнім." When the deck runs out, the discard pile is shuffled into a new
deck, and the next turn is the last. Cards are only drawn at the setup and at the end of a turn ("Фаза вимирання та
отримання нових карт"), so "the next turn" is the one after the dealing. The deck runs out when its last card is
drawn; a player still owed cards then draws them from the new deck.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.origin.events import CardsDealt, CardsReceived, DeckReshuffled, Event
from rules_core.origin.state import GameState


def draw(state: GameState, seat: int, count: int) -> tuple[GameState, list[Event], bool]:
    """``seat`` draws ``count`` cards; also says whether the deck ran out (the next turn is then the last)."""
    events: list[Event] = []
    drawn: list[int] = []
    deck, discard, rng = state.deck, state.discard, state.rng
    ran_out = False
    while len(drawn) < count and deck:
        take = min(count - len(drawn), len(deck))
        drawn.extend(deck[:take])
        deck = deck[take:]
        if not deck:
            ran_out = True
            deck, rng = rng.shuffled(discard)
            discard = ()
            events.append(DeckReshuffled(len(deck)))
    # The deck and the hand in one copy of the state (every player draws at every turn's end).
    player = state.players[seat]
    player = evolve(player, hand=player.hand + tuple(drawn))
    state = evolve(state, deck=deck, discard=discard, rng=rng, players=state.players_with(player))
    if drawn:
        events[:0] = [CardsDealt(seat, len(drawn)), CardsReceived(seat, tuple(drawn))]
    return state, events, ran_out
