"""Drawing cards, and the reshuffle that brings the game's end closer.

Seed 000, "1. FÁZIS: KÁRTYAOSZTÁS": when the draw deck runs out while dealing and the discard pile must be
reshuffled, this round is the last. "KIHALÁS" and "JÁTÉK VÉGI PONTOZÁS": when it runs out at any other time (the
cards drawn after an extinction), one more full round is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rules_core.north_star.events import CardsDealt, CardsReceived, DeckReshuffled, Event
from rules_core.north_star.state import GameState
from rules_core.rng import Rng


@dataclass(slots=True)
class Piles:
    """The draw deck, the discard pile, the generator that shuffles and the last-round flags, while a rule that
    deals to several players (or ends several species) changes them: written into the state once, at its end,
    instead of a copy of the state for each draw."""

    deck: tuple[int, ...]
    discard: tuple[int, ...]
    rng: Rng
    last_round: bool
    next_round_last: bool

    @classmethod
    def of(cls, state: GameState) -> Piles:
        return cls(state.deck, state.discard, state.rng, state.last_round, state.next_round_last)

    def fields(self) -> dict[str, Any]:
        """The state's fields these piles stand for, for ``evolve``."""
        return {
            "deck": self.deck,
            "discard": self.discard,
            "rng": self.rng,
            "last_round": self.last_round,
            "next_round_last": self.next_round_last,
        }

    def draw(
        self, seat: int, count: int, reason: Literal["deal", "extinction"], events: list[Event]
    ) -> tuple[int, ...]:
        """The ``count`` cards ``seat`` draws (fewer when no card is left anywhere), reshuffling the discard pile
        into the deck when it runs out; what happened is appended to ``events``."""
        drawn: list[int] = []
        deck = self.deck
        while len(drawn) < count:
            if not deck:
                if not self.discard:
                    break  # every card is in a hand or on a species: nothing left to draw
                deck, self.rng = self.rng.shuffled(self.discard)
                self.discard = ()
                if reason == "deal":
                    self.last_round = True
                    events.append(DeckReshuffled(len(deck), "this"))
                else:
                    self.next_round_last = True
                    events.append(DeckReshuffled(len(deck), "next"))
            take = min(count - len(drawn), len(deck))
            drawn.extend(deck[:take])
            deck = deck[take:]
        self.deck = deck
        if drawn:
            events.append(CardsDealt(seat, len(drawn), reason))
            events.append(CardsReceived(seat, tuple(drawn), reason))
        return tuple(drawn)
