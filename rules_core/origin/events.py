"""What happened, in the past tense. Public events may reach the channel; private ones only their seat.

A private event has a public twin that says what the table saw (``CardsDealt`` beside ``CardsReceived``). An
animal's card stays secret while it lives: it is told (``card``) only when the animal dies and its card goes to the
discard pile, which everybody may look through (seed 003, "Фаза вимирання").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules_core.events import Private, Public
from rules_core.origin.cards import Trait

#: Why an animal got a token: the take from the food base, a paired trait, a meal, Tail Loss, Scavenger, Piracy.
Source = Literal["food_base", "supply", "animal"]
Cause = Literal["food_base", "communication", "cooperation", "attack", "tail_loss", "scavenger", "piracy"]


@dataclass(frozen=True, slots=True)
class TurnStarted(Public):
    turn: int
    first_player: int
    last_turn: bool


@dataclass(frozen=True, slots=True)
class CardsDealt(Public):
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsReceived(Private):
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Public):
    """The deck ran out: the discard pile was shuffled into a new deck, and the next turn is the last."""

    cards: int


@dataclass(frozen=True, slots=True)
class AnimalPlayed(Public):
    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class TraitPlayed(Public):
    seat: int
    card: int
    trait: Trait
    animal: int
    #: The animal's owner: another player for Parasite.
    owner: int


@dataclass(frozen=True, slots=True)
class PairedTraitPlayed(Public):
    seat: int
    card: int
    trait: Trait
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class Passed(Public):
    seat: int
    phase: Literal["development", "feeding"]


@dataclass(frozen=True, slots=True)
class FoodBaseRolled(Public):
    seat: int
    dice: tuple[int, ...]
    bonus: int
    food_base: int


@dataclass(frozen=True, slots=True)
class FoodTaken(Public):
    """One token reached an animal: a red one from the food base, a blue one from the supply, or (Piracy) one taken
    from another animal."""

    seat: int
    animal: int
    source: Source
    #: It went onto a Fat Tissue card as a yellow token (the animal was fed already).
    stored: bool
    cause: Cause


@dataclass(frozen=True, slots=True)
class FoodStomped(Public):
    seat: int
    animal: int
    food_base: int


@dataclass(frozen=True, slots=True)
class FoodStolen(Public):
    seat: int
    pirate: int
    victim_seat: int
    victim: int


@dataclass(frozen=True, slots=True)
class FatConverted(Public):
    seat: int
    animal: int
    tokens: int


@dataclass(frozen=True, slots=True)
class AnimalHibernated(Public):
    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class FeedingTurnEnded(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class AnimalAttacked(Public):
    seat: int
    carnivore: int
    target_seat: int
    target: int


@dataclass(frozen=True, slots=True)
class RunningRolled(Public):
    seat: int
    animal: int
    roll: int
    escaped: bool


@dataclass(frozen=True, slots=True)
class AttackRedirected(Public):
    """Mimicry: the attack moved from ``animal`` to ``to``."""

    seat: int
    animal: int
    to: int


@dataclass(frozen=True, slots=True)
class TraitDropped(Public):
    """Tail Loss: the attacked animal lost a trait card and lives."""

    seat: int
    animal: int
    card: int
    trait: Trait
    #: A yellow token that lay on a discarded Fat Tissue card, gone with it.
    fat: int


@dataclass(frozen=True, slots=True)
class AnimalEaten(Public):
    seat: int
    carnivore: int
    prey_seat: int
    prey: int
    #: The prey's own card, then its trait cards and the paired traits that joined it, now in the discard pile.
    discarded: tuple[int, ...]
    #: Food tokens that were on the prey, and yellow tokens on its Fat Tissue: gone with it.
    food: int
    fat: int


@dataclass(frozen=True, slots=True)
class CarnivorePoisoned(Public):
    seat: int
    carnivore: int


@dataclass(frozen=True, slots=True)
class AnimalDied(Public):
    seat: int
    animal: int
    cause: Literal["starvation", "poison"]
    discarded: tuple[int, ...]
    food: int
    fat: int


@dataclass(frozen=True, slots=True)
class FeedingEnded(Public):
    #: Red tokens left in the food base, discarded.
    food_base: int


@dataclass(frozen=True, slots=True)
class FoodCleared(Public):
    """The turn is over: the red and blue tokens came off the animals (yellow ones stay on Fat Tissue)."""

    tokens: int


@dataclass(frozen=True, slots=True)
class FirstPlayerPassed(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Public):
    winners: tuple[int, ...]


Event = (
    TurnStarted
    | CardsDealt
    | CardsReceived
    | DeckReshuffled
    | AnimalPlayed
    | TraitPlayed
    | PairedTraitPlayed
    | Passed
    | FoodBaseRolled
    | FoodTaken
    | FoodStomped
    | FoodStolen
    | FatConverted
    | AnimalHibernated
    | FeedingTurnEnded
    | AnimalAttacked
    | RunningRolled
    | AttackRedirected
    | TraitDropped
    | AnimalEaten
    | CarnivorePoisoned
    | AnimalDied
    | FeedingEnded
    | FoodCleared
    | FirstPlayerPassed
    | GameEnded
)
