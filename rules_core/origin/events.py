"""What happened, in the past tense. Public events may reach the channel; private ones only their seat.

A private event has a public twin that says what the table saw (``CardsDealt`` beside ``CardsReceived``). An
animal's card stays secret while it lives: it is told (``card``) only when the animal dies and its card goes to the
discard pile, which everybody may look through (seed 003, "Фаза вимирання").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from rules_core.copying import quick_init
from rules_core.events import Private, Public
from rules_core.origin.cards import Trait

#: Why an animal got a token: the take from the food base, a paired trait, a meal, Tail Loss, Scavenger, Piracy.
Source = Literal["food_base", "supply", "animal"]
Cause = Literal[
    "food_base",
    "communication",
    "cooperation",
    "attack",
    "tail_loss",
    "scavenger",
    "piracy",
    "specialization",
    "metamorphosis",
    "birth",
    "kleptoplasty",
]


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
    #: The animals' owner: a rival for Trematode.
    owner: int


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
    #: The prey's traits the hunters ignore (Intellect, an Anglerfish).
    ignored: tuple[Trait, ...] = ()
    #: The second carnivore of a pack hunt.
    helper: int | None = None
    #: From ambush, during another player's take.
    ambush: bool = False


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
    """Tail Loss: the attacked animal lost a trait card and lives; or Metamorphosis: the animal shed a trait."""

    seat: int
    animal: int
    card: int
    trait: Trait
    #: A yellow token that lay on a discarded Fat Tissue card, gone with it.
    fat: int
    cause: Literal["tail_loss", "metamorphosis"] = "tail_loss"


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
class AnimalHid(Public):
    """Shell: the attacked animal hid in its shell; the attack failed."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class InkReleased(Public):
    """Ink Cloud: the attacked animal escaped; the attack failed."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class ShellLeft(Public):
    """A dead animal's Shell card stays in the middle of the table."""

    seat: int
    animal: int
    card: int


@dataclass(frozen=True, slots=True)
class ShellTaken(Public):
    seat: int
    animal: int
    card: int


@dataclass(frozen=True, slots=True)
class AnglerfishRevealed(Public):
    """A face-down animal was an Anglerfish: it turns face up and attacks ``carnivore`` (of ``carnivore_seat``)."""

    seat: int
    animal: int
    card: int
    carnivore_seat: int
    carnivore: int


@dataclass(frozen=True, slots=True)
class PackAnswered(Public):
    """The owner of ``helper`` joined the pack hunt of ``leader`` (of ``leader_seat``), or did not."""

    seat: int
    helper: int
    leader_seat: int
    leader: int
    joined: bool


@dataclass(frozen=True, slots=True)
class AnimalBorn(Public):
    """Viviparous: the deck's top card became a new animal of ``seat``."""

    seat: int
    parent: int
    animal: int


@dataclass(frozen=True, slots=True)
class DeckEmptied(Public):
    """The deck's last card became a newborn: this turn is the last, and the animals ``woken`` from Hibernation
    count as not fed."""

    woken: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AmbushSet(Private):
    """A standing order, told only to its owner."""

    seat: int
    carnivore: int
    armed: bool


@dataclass(frozen=True, slots=True)
class AnglerfishOrderSet(Private):
    seat: int
    armed: bool


@dataclass(frozen=True, slots=True)
class TieDiceRolled(Public):
    """Players equal on points and on cards discarded each rolled a die for their place (the tie-break
    ``discards``); those equal again roll once more."""

    score: int
    discarded: int
    #: (seat, the die) for each player who rolled.
    rolls: tuple[tuple[int, int], ...]


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
    | AnimalHid
    | InkReleased
    | ShellLeft
    | ShellTaken
    | AnglerfishRevealed
    | PackAnswered
    | AnimalBorn
    | DeckEmptied
    | AmbushSet
    | AnglerfishOrderSet
    | TieDiceRolled
    | GameEnded
)

# Every action tells events: a faster constructor pays (see ``quick_init``).
for _cls in get_args(Event):
    quick_init(_cls)
