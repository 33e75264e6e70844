"""Phase 2, food cards (seed 000, "2. FÁZIS: ÉLELEMVÁLASZTÁS"): each player secretly puts one card from the hand
face down on the watering hole. The number in its corner is plant food, counted when feeding starts."""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.north_star.actions import SelectFoodCard
from rules_core.north_star.cards import DECK_SIZE
from rules_core.north_star.events import Event, FoodCardChosen, FoodCardPicked
from rules_core.north_star.setup import MAX_PLAYERS
from rules_core.north_star.state import GameState


def waiting(state: GameState) -> list[int]:
    """Seats that still owe a food card (a player with an empty hand owes none)."""
    return [p.seat for p in state.players if p.food_card is None and p.hand]


def candidates(state: GameState, seat: int) -> list[SelectFoodCard]:
    picks = _PICKS[seat]
    return [picks[card] for card in sorted(set(state.players[seat].hand))]


# Every pick there can be, made once (each seat, each card): they are offered again at every pick.
_PICKS = tuple(tuple(SelectFoodCard(seat, card) for card in range(DECK_SIZE)) for seat in range(MAX_PLAYERS))


def refusal(state: GameState, action: SelectFoodCard) -> Refusal | None:
    if action.card not in state.players[action.seat].hand:
        return IllegalAction("you do not hold that card", code="card_not_in_hand", card=action.card)
    return None


def select(state: GameState, action: SelectFoodCard) -> tuple[GameState, list[Event]]:
    player = state.players[action.seat]
    hand = list(player.hand)
    hand.remove(action.card)
    state = state.with_player(evolve(player, hand=tuple(hand), food_card=action.card))
    return state, [FoodCardChosen(action.seat), FoodCardPicked(action.seat, action.card)]
