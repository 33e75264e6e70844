"""The dice-combat game state: plain immutable data with the seeded RNG inside.

Seats are numbered clockwise, so the player to a seat's left is the next seat up (as in every rule system of this
project). Seed 004 turns counterclockwise (step 5.a, "se rotará en sentido antihorario"; step 5.s, the next period
starts "con el de la derecha"), and this project plays every round in that same direction: the next player in
play order is the one to the right (docs/rulings.md, "Play order").

A species is named by its species card's id, which stays the same for the whole game (a player's species) or the
whole hunt (a prey).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Literal

from rules_core.copying import copier_of, quick_init
from rules_core.dice_combat.dice import Comparison
from rules_core.interrupts import Interrupts
from rules_core.rng import Rng

#: Seed 004, rule 4: five evolution cards each at the start; step 5.f: at most five kept after each evolution round.
HAND_LIMIT = 5
#: Seed 004, step 5.h: each player may hunt up to two species a period.
HUNTS_PER_PERIOD = 2
#: Every species starts with this population (docs/rulings.md, "Starting values").
STARTING_POPULATION = 3

# The decisions' kinds. A turn: "evolve", "hunt", "attack" (by phase); the discard step; the opportunity to buy
# population (rule 6.c).
DISCARD = "discard"
BUY_POPULATION = "buy_population"
# The out-of-turn questions (interrupt kinds): a card on the prey (5.h.iii-iv), the prey's dice (5.h.vii), the
# attacker's and the defender's cards when an attack begins (5.n).
PREY_CARD = "prey_card"
ROLL_PREY = "roll_prey"
ATTACK_CARD = "attack_card"
DEFENCE_CARD = "defence_card"


class Phase(enum.StrEnum):
    EVOLUTION = "evolution"  # steps 5.d-e: each player in turn may exchange cards and play evolution cards
    DISCARD = "discard"  # step 5.f: players holding more than five cards discard down to five
    HUNTING = "hunting"  # steps 5.g-i
    EXTINCTION = "extinction"  # steps 5.j-r
    GAME_OVER = "game_over"


# The phases as module constants: Python 3.11 finds ``Phase.EVOLUTION`` through the enum class's ``__getattr__`` hook,
# some 1,000 instructions each time, and every move asks the phase several times (as in the other rule systems).
EVOLUTION = Phase.EVOLUTION
DISCARD_STEP = Phase.DISCARD
HUNTING = Phase.HUNTING
EXTINCTION = Phase.EXTINCTION
GAME_OVER = Phase.GAME_OVER


@dataclass(frozen=True, slots=True)
class Species:
    """A species in play: its species card and the evolution cards lying on it."""

    card: int
    evolutions: tuple[int, ...] = ()

    @property
    def id(self) -> int:
        return self.card


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    species: Species
    population: int
    food: int = 0
    #: Evolution cards in hand, in the order received.
    hand: tuple[int, ...] = ()
    extinct: bool = False
    #: Hunts made this period (step 5.h: up to two).
    hunts: int = 0
    #: Hunted, attacked or was attacked this period (rule 6.b: a quiet period earns an extra population point).
    active: bool = False
    #: Exchanged two cards for one this period (step 5.d).
    exchanged: bool = False
    #: Played its free card on a prey in this period's hunting round (rule 7.b: one at most in the round).
    prey_card_played: bool = False


@dataclass(frozen=True, slots=True)
class HuntInProgress:
    """A hunt under way (step 5.h)."""

    hunter: int
    prey: Species
    #: The seats still to be asked for a card on the prey, in play order (step 5.h.iii).
    to_ask: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AttackInProgress:
    """An attack of the extinction round under way (step 5.k-p)."""

    attacker: int
    defender: int


@dataclass(frozen=True, slots=True)
class Question:
    """What an interrupt is about: the hunt or the attack whose player's turn goes on once it is answered."""

    kind: Literal["hunt", "attack"]
    by: int


@dataclass(frozen=True, slots=True)
class LastFight:
    """The most recent fight's dice, kept for the board (issue 17: "the dice of the last combat"): the hunter or the
    attacker first, the prey's roller or the defender second, each roll as rolled, and the pairs compared (seed
    004, "Comparación de dados")."""

    kind: Literal["hunt", "attack"]
    first_seat: int
    second_seat: int
    first_roll: tuple[int, ...]
    second_roll: tuple[int, ...]
    comparison: Comparison


@dataclass(frozen=True, slots=True)
class GameState:
    #: The edition of the species and evolution cards the game was dealt (cards.EDITIONS), for good.
    edition: int
    players: tuple[Player, ...]
    species_deck: tuple[int, ...]
    species_discard: tuple[int, ...]
    evolution_deck: tuple[int, ...]
    evolution_discard: tuple[int, ...]
    environment_deck: tuple[int, ...]
    environment_discard: tuple[int, ...]
    #: The environment card in force (None before the first period and in the final age).
    environment: int | None
    #: Periods played since the environment deck ran out (docs/rulings.md, "The end of the game"); 0 before.
    final_age: int
    period: int
    starting_player: int
    phase: Phase
    #: Whose turn it is in the evolution, hunting and extinction rounds; None in the discard step and at the end.
    turn: int | None
    #: The seat deciding now may still play its one free card (its evolution turn, or its card on the prey).
    free_card: bool
    hunt: HuntInProgress | None
    attack: AttackInProgress | None
    #: Out-of-turn questions: a card on the prey, the prey's dice, a card in an attack.
    interrupts: Interrupts[Question]
    #: Seats whose species went extinct, in the order it happened.
    eliminated: tuple[int, ...]
    rng: Rng
    #: Until the next fight: what the board shows of the last one.
    last_fight: LastFight | None = None
    version: int = 0

    @property
    def seats(self) -> range:
        return range(len(self.players))

    def living(self) -> list[int]:
        return [p.seat for p in self.players if not p.extinct]

    def play_order(self, first: int) -> list[int]:
        """Every living seat once in play order (to the right, counterclockwise), from ``first`` (or the next living
        seat to its right when ``first`` is out)."""
        n = len(self.players)
        return [(first - i) % n for i in range(n) if not self.players[(first - i) % n].extinct]

    def next_in_round(self, seat: int) -> int | None:
        """The living seat that follows ``seat`` in this period's rounds, which go to the right from the starting
        player; None when ``seat`` is the last (``seat`` itself may have gone extinct meanwhile)."""
        n = len(self.players)
        position = (self.starting_player - seat) % n
        for step in range(position + 1, n):
            other = (self.starting_player - step) % n
            if not self.players[other].extinct:
                return other
        return None

    def first_in_round(self) -> int | None:
        """The first living seat of this period's rounds: the starting player (or the next living to its right)."""
        order = self.play_order(self.starting_player)
        return order[0] if order else None

    def next_to_right(self, seat: int) -> int | None:
        """The next living seat after ``seat`` in play order (to its right), other than ``seat``."""
        n = len(self.players)
        for step in range(1, n):
            other = (seat - step) % n
            if not self.players[other].extinct:
                return other
        return None

    def next_to_left(self, seat: int) -> int | None:
        """The nearest living seat to the left of ``seat`` (clockwise), other than ``seat``."""
        n = len(self.players)
        for step in range(1, n):
            other = (seat + step) % n
            if not self.players[other].extinct:
                return other
        return None

    def species_in_play(self) -> tuple[Species, ...]:
        """Every species in play: the living players' and the prey of a hunt under way."""
        found = [player.species for player in self.players if not player.extinct]
        if self.hunt is not None:
            found.append(self.hunt.prey)
        return tuple(found)

    def owner(self, species_id: int) -> int | None:
        """The seat whose species this is (None for the prey or a species not in play)."""
        for player in self.players:
            if not player.extinct and player.species.card == species_id:
                return player.seat
        return None

    # The structural update shared by every rule module: the state copied once, with any other ``changes`` of its
    # fields made in the same copy (a copy of the state is some 8,000 instructions: a move made three or four).
    def with_players(self, *changed: Player, owned: bool = False, **changes: Any) -> GameState:
        """The state with each of the ``changed`` players in its seat (a later one of a seat wins), and ``changes``:
        written into this very state when ``owned`` (see ``changed``)."""
        players = list(self.players)
        for player in changed:
            players[player.seat] = player
        changes["players"] = tuple(players)
        return _write(self, changes) if owned else _copy_state(self, changes)


# The copier of the state, called directly by ``with_players`` with the dict of changes it was given.
_copy_state = copier_of(GameState)
# The slots' own setters (a tenth of a copy each), by field name.
_SETTERS = {name: GameState.__dict__[name].__set__ for name in GameState.__slots__}


def changed(state: GameState, owned: bool, **changes: Any) -> GameState:
    """``state`` with ``changes``: written into it when ``owned``, else into a copy. A step owns the state it was
    given when a step of this very move made it: nothing else holds it yet (as ``Ruleset.count_move`` writes the
    version; the ruleset's ``fresh_states``). A move's automatic steps wrote a copy of the whole state each, where
    most change two or three fields. Once returned from ``apply``, a state is frozen like any other."""
    return _write(state, changes) if owned else _copy_state(state, changes)


def _write(state: GameState, changes: dict[str, Any]) -> GameState:
    for name, value in changes.items():
        _SETTERS[name](state, value)
    return state


# Species grow during play and each hunt and attack makes its own records: a faster constructor pays (see
# ``quick_init``).
for _cls in (Species, HuntInProgress, AttackInProgress, Question, LastFight):
    quick_init(_cls)
