"""Steps 5.d-f: the evolution round.

d. Every player receives one evolution card. Having received it, a player may exchange two cards of their hand for
   one new card from the deck (once a period, in their turn, before playing a card: docs/rulings.md, "The
   exchange").
e. Each player in turn, from the starting player, may put one card on their own species or on an opponent's, free
   (rule 7.a), and more cards paid with food (rule 7.c; card_play.py), then passes.
f. At the end of the round every player keeps at most five cards and discards the rest, choosing which. Those who
   must discard choose at the same time; the discards lie face down.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from rules_core.copying import evolve
from rules_core.dice_combat.actions import DiscardCards, ExchangeCards
from rules_core.dice_combat.decks import deal_evolutions, take_evolutions
from rules_core.dice_combat.events import (
    CardsDiscarded,
    CardsDiscardedPrivately,
    CardsExchanged,
    CardsExchangedPrivately,
    Event,
)
from rules_core.dice_combat.state import EVOLUTION, HAND_LIMIT, GameState, changed
from rules_core.errors import IllegalAction, Refusal


def deal(state: GameState, *, owned: bool) -> tuple[GameState, list[Event]]:
    """Step 5.d: one card to every living player, in play order."""
    return deal_evolutions(state, state.play_order(state.starting_player), 1, owned=owned)


def begin(state: GameState, *, owned: bool) -> GameState:
    return changed(state, owned, phase=EVOLUTION, turn=state.first_in_round(), free_card=True)


# The exchange.


def exchanges(state: GameState, seat: int) -> Iterator[ExchangeCards]:
    if why_not_exchange(state, seat) is None:
        for pair in combinations(sorted(state.players[seat].hand), 2):
            yield ExchangeCards(seat, (pair[0], pair[1]))


def why_not_exchange(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may not exchange now (a refusal code), or None: asked at every evolution turn's listing, where
    building the refusal cost more than the question (as ``population.why_not_buy``)."""
    player = state.players[seat]
    if player.exchanged:
        return "already_exchanged"
    if not state.free_card:
        return "exchange_after_play"
    if len(player.hand) < 2:
        return "too_few_cards"
    return None


_WHY_NOT = {
    "already_exchanged": "you have exchanged cards this period already",
    "exchange_after_play": "cards are exchanged before playing one",
    "too_few_cards": "you need two cards to exchange",
}


def exchange_refusal(state: GameState, seat: int, cards: tuple[int, ...]) -> Refusal | None:
    code = why_not_exchange(state, seat)
    if code is not None:
        return IllegalAction(_WHY_NOT[code], code=code)
    if len(cards) != 2 or not cards[0] < cards[1]:
        return IllegalAction("exchange two different cards, lowest id first", code="exchange_two")
    missing = [c for c in cards if c not in state.players[seat].hand]
    if missing:
        return IllegalAction("you do not hold that card", code="card_not_in_hand", card=missing[0])
    return None


def exchange(state: GameState, action: ExchangeCards) -> tuple[GameState, list[Event]]:
    """The two cards go face down to the discard pile first, so a reshuffle may bring one back."""
    player = state.players[action.seat]
    hand = tuple(c for c in player.hand if c not in action.cards)
    state = evolve(state, evolution_discard=(*state.evolution_discard, *action.cards))
    state, drawn, events = take_evolutions(state, 1, owned=True)
    state = state.with_players(evolve(player, hand=hand + drawn, exchanged=True), owned=True)
    return state, [*events, CardsExchanged(action.seat), CardsExchangedPrivately(action.seat, action.cards, drawn)]


# The discard step.


def must_discard(state: GameState) -> list[int]:
    """The seats holding more than five cards, in play order."""
    return [s for s in state.play_order(state.starting_player) if len(state.players[s].hand) > HAND_LIMIT]


def discards(state: GameState, seat: int) -> Iterator[DiscardCards]:
    hand = state.players[seat].hand
    for cards in combinations(sorted(hand), len(hand) - HAND_LIMIT):
        yield DiscardCards(seat, cards)


def discard_refusal(state: GameState, action: DiscardCards) -> Refusal | None:
    hand = state.players[action.seat].hand
    excess = len(hand) - HAND_LIMIT
    if len(action.cards) != excess or list(action.cards) != sorted(set(action.cards)):
        return IllegalAction(
            f"discard exactly {excess} different cards, lowest id first", code="discard_to_five", count=excess
        )
    missing = [c for c in action.cards if c not in hand]
    if missing:
        return IllegalAction("you do not hold that card", code="card_not_in_hand", card=missing[0])
    return None


def discard(state: GameState, action: DiscardCards) -> tuple[GameState, list[Event]]:
    player = state.players[action.seat]
    hand = tuple(c for c in player.hand if c not in action.cards)
    discarded = (*state.evolution_discard, *action.cards)
    state = state.with_players(evolve(player, hand=hand), evolution_discard=discarded)
    return state, [CardsDiscarded(action.seat, len(action.cards)), CardsDiscardedPrivately(action.seat, action.cards)]
