"""The North Star computer player's judgement, in points: one set of weights for every phase."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Weights:
    """The player's judgement, in points. The defaults were chosen by seeded self-play between variants."""

    #: How much less a round further away counts.
    discount: float = 0.9
    #: What a card kept in hand is worth while rounds remain; in the last round a kept card scores nothing.
    card_kept: float = 0.9
    #: A hand bigger than this is worth less per card (the spare cards will never all find a use).
    hand_comfort: float = 4.0
    #: The cost of filling a trait slot while rounds remain (a later, better trait would need a replacement).
    slot: float = 0.5
    #: How much a point of another player's counts against this player's own.
    rivals: float = 0.3
    #: What one more card dealt each further round is worth (each species brings one).
    card_flow: float = 0.3
    #: How much another player's plant demand is expected to grow per card they may still play this round (up to 4).
    growth: float = 0.4
    #: The plant food another player's food card is expected to add (players give up their high cards).
    food_card: float = 4.0
    #: What a plant food eaten by this seat's herbivores is worth when choosing the food card.
    plant: float = 1.5
    #: Feeding: a population kept at the end of the round, now and per later round (up to 4).
    population: float = 1.0
    population_later: float = 0.6
    #: Feeding: a trait kept on a surviving species, now and per later round (up to 4).
    trait: float = 1.0
    trait_later: float = 0.5
    #: Feeding: a card spent through Intelligence, in the last round and before.
    card_last_round: float = 0.1
    card_spent: float = 0.8


DEFAULT_WEIGHTS = Weights()
