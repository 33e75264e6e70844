"""What happened, in the past tense. Public events may reach the channel; private ones only their seat.

A private event always has a public twin that says what the table saw (``CardsDealt`` beside ``CardsReceived``),
so a channel summary never needs the private one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules_core.copying import quick_init
from rules_core.events import Private, Public

Source = Literal["watering_hole", "food_bank"]
FoodKind = Literal["plant", "meat", "fat"]


@dataclass(frozen=True, slots=True)
class RoundStarted(Public):
    round: int
    first_player: int
    last_round: bool


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Public):
    cards: int
    #: "this" when it happened while dealing (this round is the last), "next" otherwise.
    last_round: Literal["this", "next"]


@dataclass(frozen=True, slots=True)
class CardsDealt(Public):
    seat: int
    count: int
    reason: Literal["deal", "extinction"]


@dataclass(frozen=True, slots=True)
class CardsReceived(Private):
    seat: int
    cards: tuple[int, ...]
    reason: Literal["deal", "extinction"]


@dataclass(frozen=True, slots=True)
class FoodCardChosen(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class FoodCardPicked(Private):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TraitPlayedFaceDown(Public):
    seat: int
    species: int
    #: The trait card discarded to make room, when it was face up; a face-down one stays unseen.
    replaced: int | None
    replaced_face_down: bool


@dataclass(frozen=True, slots=True)
class TraitPlayedPrivately(Private):
    seat: int
    species: int
    card: int
    replaced: int | None


@dataclass(frozen=True, slots=True)
class SpeciesCreated(Public):
    seat: int
    species: int
    side: Literal["left", "right"]
    card: int


@dataclass(frozen=True, slots=True)
class BodySizeIncreased(Public):
    seat: int
    species: int
    card: int
    body_size: int


@dataclass(frozen=True, slots=True)
class PopulationIncreased(Public):
    seat: int
    species: int
    card: int
    population: int


@dataclass(frozen=True, slots=True)
class CardPlayFinished(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class PlaysShown(Private):
    """The card plays made before ``seat``'s own, told to that seat as its card play begins while others still
    choose their food cards (the table hears of them once every food card is chosen: docs/rulings.md, "The card
    play begins at the food card")."""

    seat: int
    plays: tuple[CardPlayEvent, ...]


@dataclass(frozen=True, slots=True)
class TraitsRevealed(Public):
    seat: int
    species: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FoodCardsRevealed(Public):
    cards: tuple[int, ...]
    total: int
    #: Plant food actually added to (positive) or removed from (negative) the watering hole.
    change: int
    watering_hole: int


@dataclass(frozen=True, slots=True)
class PopulationGrew(Public):
    """Fertile."""

    seat: int
    species: int
    population: int


@dataclass(frozen=True, slots=True)
class FatMoved(Public):
    """Fat Tissue at reveal: fat moved onto the species board."""

    seat: int
    species: int
    amount: int


@dataclass(frozen=True, slots=True)
class FoodTaken(Public):
    seat: int
    species: int
    source: Source
    kind: FoodKind
    #: Food placed on the species board, and food stored on its Fat Tissue.
    eaten: int
    stored_as_fat: int
    #: Why: "feeding", "attack", or the trait that gave it ("long_neck", "cooperation", ...).
    cause: str


@dataclass(frozen=True, slots=True)
class IntelligenceUsed(Public):
    seat: int
    species: int
    discards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpeciesAttacked(Public):
    seat: int
    carnivore: int
    target_seat: int
    target: int
    negated: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PopulationLost(Public):
    seat: int
    species: int
    population: int
    cause: Literal["attack", "horns", "starvation"]


@dataclass(frozen=True, slots=True)
class SpeciesWentExtinct(Public):
    seat: int
    species: int
    cause: Literal["attack", "horns", "starvation"]
    discarded: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FoodBagged(Private):
    """Food went into the seat's food bag: the bag is opaque, so only its owner learns the amount."""

    seat: int
    amount: int
    bag: int


@dataclass(frozen=True, slots=True)
class FeedingStopped(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class FeedingEnded(Public):
    watering_hole: int


@dataclass(frozen=True, slots=True)
class NewSpeciesGiven(Public):
    seat: int
    species: int


@dataclass(frozen=True, slots=True)
class FirstPlayerPassed(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Public):
    winners: tuple[int, ...]


Event = (
    RoundStarted
    | DeckReshuffled
    | CardsDealt
    | CardsReceived
    | FoodCardChosen
    | FoodCardPicked
    | TraitPlayedFaceDown
    | TraitPlayedPrivately
    | SpeciesCreated
    | BodySizeIncreased
    | PopulationIncreased
    | CardPlayFinished
    | PlaysShown
    | TraitsRevealed
    | FoodCardsRevealed
    | PopulationGrew
    | FatMoved
    | FoodTaken
    | IntelligenceUsed
    | SpeciesAttacked
    | PopulationLost
    | SpeciesWentExtinct
    | FoodBagged
    | FeedingStopped
    | FeedingEnded
    | NewSpeciesGiven
    | FirstPlayerPassed
    | GameEnded
)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        RoundStarted,
        DeckReshuffled,
        CardsDealt,
        CardsReceived,
        FoodCardChosen,
        FoodCardPicked,
        TraitPlayedFaceDown,
        TraitPlayedPrivately,
        SpeciesCreated,
        BodySizeIncreased,
        PopulationIncreased,
        CardPlayFinished,
        PlaysShown,
        TraitsRevealed,
        FoodCardsRevealed,
        PopulationGrew,
        FatMoved,
        FoodTaken,
        IntelligenceUsed,
        SpeciesAttacked,
        PopulationLost,
        SpeciesWentExtinct,
        FoodBagged,
        FeedingStopped,
        FeedingEnded,
        NewSpeciesGiven,
        FirstPlayerPassed,
        GameEnded,
    )
}

# Every action tells several events: a faster constructor pays (see ``quick_init``).
for _cls in EVENT_TYPES.values():
    quick_init(_cls)

#: The public side of one player's card play: in the quick game nobody hears of it until the phase is over.
CardPlayEvent = TraitPlayedFaceDown | SpeciesCreated | BodySizeIncreased | PopulationIncreased
CARD_PLAY_EVENTS = (TraitPlayedFaceDown, SpeciesCreated, BodySizeIncreased, PopulationIncreased)
