"""What happened in a dice-combat game, in the past tense. Public events may reach the channel; private ones only
their seat. A private event always has a public twin that says what the table saw (``CardsDealt`` beside
``CardsReceived``), so a channel summary never needs the private one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from rules_core.copying import quick_init
from rules_core.dice_combat.dice import HuntResult
from rules_core.events import Private, Public

DiceRole = Literal["hunter", "prey", "attacker", "defender"]
LossCause = Literal["hunt", "attack", "energy", "final_age"]
Deck = Literal["species", "evolution"]


@dataclass(frozen=True, slots=True)
class StartingDiceRolled(Public):
    """Seed 004, rule 2: each of ``(seat, die)`` rolled for the first turn (a tie re-rolls among the tied)."""

    rolls: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class SpeciesDealt(Public):
    seat: int
    species: int


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
    """A deck ran out and its discard pile was shuffled to make it anew."""

    deck: Deck
    cards: int


@dataclass(frozen=True, slots=True)
class PeriodStarted(Public):
    period: int
    starting_player: int


@dataclass(frozen=True, slots=True)
class EnvironmentRevealed(Public):
    card: int


@dataclass(frozen=True, slots=True)
class FinalAgePeriod(Public):
    """The environment deck has run out: in the ``age``-th period of the final age each species loses ``loss``
    population points and none is recovered (docs/rulings.md, "The end of the game")."""

    age: int
    loss: int


@dataclass(frozen=True, slots=True)
class PopulationRecovered(Public):
    seat: int
    amount: int
    population: int
    #: The player neither hunted, attacked nor was attacked in the previous period (rule 6.b).
    quiet: bool


@dataclass(frozen=True, slots=True)
class PopulationLost(Public):
    seat: int
    amount: int
    population: int
    #: "energy": the species' Energy fell below its population (rule 6.d).
    cause: LossCause


@dataclass(frozen=True, slots=True)
class SpeciesWentExtinct(Public):
    seat: int
    species: int
    cause: LossCause


@dataclass(frozen=True, slots=True)
class PopulationBought(Public):
    seat: int
    population: int
    food: int


@dataclass(frozen=True, slots=True)
class CardsExchanged(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class CardsExchangedPrivately(Private):
    seat: int
    given: tuple[int, int]
    received: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EvolutionPlayed(Public):
    seat: int
    card: int
    species: int
    #: Food paid (0 for a free card).
    cost: int


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Public):
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsDiscardedPrivately(Private):
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Passed(Public):
    seat: int


@dataclass(frozen=True, slots=True)
class HuntBegan(Public):
    seat: int
    prey: int
    #: The player's first or second hunt of the period.
    number: int


@dataclass(frozen=True, slots=True)
class DiceRolled(Public):
    """``seat`` rolled ``dice`` for ``species`` as the ``role`` of a fight."""

    seat: int
    species: int
    role: DiceRole
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HuntResolved(Public):
    seat: int
    prey: int
    won: int
    lost: int
    tied: int
    result: HuntResult
    #: Food gained (the prey's Energy when the hunt was won) and the hunter's food after it.
    gained: int
    food: int


@dataclass(frozen=True, slots=True)
class AttackDeclared(Public):
    seat: int
    defender: int
    species: int
    cost: int


@dataclass(frozen=True, slots=True)
class AttackResolved(Public):
    seat: int
    defender: int
    won: int
    lost: int
    tied: int
    damage: int


@dataclass(frozen=True, slots=True)
class GameEnded(Public):
    winner: int


Event = (
    StartingDiceRolled
    | SpeciesDealt
    | CardsDealt
    | CardsReceived
    | DeckReshuffled
    | PeriodStarted
    | EnvironmentRevealed
    | FinalAgePeriod
    | PopulationRecovered
    | PopulationLost
    | SpeciesWentExtinct
    | PopulationBought
    | CardsExchanged
    | CardsExchangedPrivately
    | EvolutionPlayed
    | CardsDiscarded
    | CardsDiscardedPrivately
    | Passed
    | HuntBegan
    | DiceRolled
    | HuntResolved
    | AttackDeclared
    | AttackResolved
    | GameEnded
)

# Every action tells events: a faster constructor pays (see ``quick_init``).
for _cls in get_args(Event):
    quick_init(_cls)
