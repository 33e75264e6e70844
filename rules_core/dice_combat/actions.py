"""One small frozen dataclass per verb of the dice-combat game (seed 004), each carrying the acting seat.

Species are named by their species card's id (``species``); evolution cards by their card id (``card``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.copying import quick_init


@dataclass(frozen=True, slots=True)
class ExchangeCards:
    """Step 5.d: give two evolution cards from the hand for one new card from the deck (once a period)."""

    seat: int
    cards: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PlayEvolution:
    """Rule 7: put an evolution card from the hand on a species in play; free once where the rules allow, else
    paid with food equal to the player's own Energy."""

    seat: int
    card: int
    species: int


@dataclass(frozen=True, slots=True)
class DiscardCards:
    """Step 5.f: keep five evolution cards, discarding these."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Hunt:
    """Step 5.h: hunt a species drawn from the species deck."""

    seat: int


@dataclass(frozen=True, slots=True)
class RollDice:
    """Step 5.h.vii: the player to the hunter's left rolls the prey's dice."""

    seat: int


@dataclass(frozen=True, slots=True)
class Attack:
    """Step 5.k-l: pay food equal to your Energy to attack another player's species."""

    seat: int
    species: int


@dataclass(frozen=True, slots=True)
class BuyPopulation:
    """Rule 6.c: at any moment, pay food equal to your Energy for one population point."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing more now: end your evolution, hunting or extinction turn, or play no (more) cards on the prey or
    in an attack."""

    seat: int


Action = ExchangeCards | PlayEvolution | DiscardCards | Hunt | RollDice | Attack | BuyPopulation | Pass

ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (ExchangeCards, PlayEvolution, DiscardCards, Hunt, RollDice, Attack, BuyPopulation, Pass)
}

# Move generation builds every action offered: a faster constructor pays (see ``quick_init``).
for _cls in ACTION_TYPES.values():
    quick_init(_cls)
