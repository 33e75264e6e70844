"""The state of a game of the original "Evolution": plain immutable data with the seeded RNG inside.

Seed 003, "Фази ходу": the game is played in turns (хід); each turn has four phases, development, food base,
feeding, and extinction with the new cards. Development and feeding go round the table in rounds (раунд) from the
first player, clockwise. Only development and feeding wait for players: the food base is rolled and the extinction
carried out inside ``apply``.

Animals carry stable ids, so a button or a log line still names the right animal after others die. An animal's card
lies face down (its trait side hidden: ``Animal.card`` is secret); trait cards lie face up under it. A paired trait is
one card between two animals (:class:`Link`). A trait card turned sideways after use (seed 003, "ЗДІБНОСТІ ТВАРИН":
"повернути відповідну карту на 90 градусів") has ``used`` set until the turn, or for paired traits and Stomper the
round, is over.

Seed 001's expansions add: an animal hidden in its Shell, an Anglerfish's fast after it acted, Trematodes (paired
cards played on a rival's two animals, each raising both animals' need), Shell cards left in the middle of the table
by dead animals, each player's standing orders (Ambush, Anglerfish: set in advance, private), and the questions of a
pack hunt, of a take that an ambush interrupts and of the trait a revealed Anglerfish ignores.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules_core.copying import copier_of, evolve, quick_init
from rules_core.interrupts import Interrupts
from rules_core.origin.cards import Trait
from rules_core.rng import Rng


class Phase(enum.StrEnum):
    DEVELOPMENT = "development"
    FEEDING = "feeding"
    GAME_OVER = "game_over"


# The phases as module constants, as the traits in ``cards``: a global is found far faster than ``Phase.FEEDING``.
DEVELOPMENT = Phase.DEVELOPMENT
FEEDING = Phase.FEEDING
GAME_OVER = Phase.GAME_OVER


@dataclass(frozen=True, slots=True)
class TraitCard:
    """A card played face up as ``trait`` under one animal; ``used``: turned sideways (used this turn or round)."""

    card: int
    trait: Trait
    used: bool = False


@dataclass(frozen=True, slots=True)
class Animal:
    id: int
    #: The card played face down as this animal: secret to everybody but its owner.
    card: int
    traits: tuple[TraitCard, ...] = ()
    #: Red and blue food tokens on the animal (seed 003: "колір у цьому разі несуттєвий", the colour does not matter).
    food: int = 0
    #: Yellow tokens on its Fat Tissue cards, one per card at most.
    fat: int = 0
    #: Hibernation used this turn: the animal counts as fed and takes no food.
    hibernating: bool = False
    #: Hibernation was used in the previous turn: not two turns in a row.
    hibernated_last_turn: bool = False
    #: Attacked this turn already (Mimicry works on the first attack of a turn only).
    attacked: bool = False
    #: Ate a Poisonous animal this turn: dies in this turn's extinction.
    poisoned: bool = False
    #: Hidden in its Shell for the rest of the turn: no carnivore reaches it, no token either (seed 001, MUSZLA).
    in_shell: bool = False
    #: A revealed Anglerfish that acted: it takes no red token in this round of feeding (seed 001, DIABEŁ MORSKI).
    fasting: bool = False
    #: Trematode cards joining it (each raises its need by 1): kept with its owner's links, read on the engine's
    #: hottest path (the food need).
    trematodes: int = 0

    def has(self, trait: Trait) -> bool:
        # A plain loop: any() with a generator is measurably slower on the engine's most frequent call.
        for t in self.traits:  # noqa: SIM110
            if t.trait is trait:
                return True
        return False

    def count(self, trait: Trait) -> int:
        # A plain loop too: ``sum`` over a generator took twice the instructions (the food need asks it of every
        # animal for its Fat Tissue).
        found = 0
        for t in self.traits:
            if t.trait is trait:
                found += 1
        return found

    def trait_card(self, trait: Trait) -> TraitCard | None:
        for t in self.traits:
            if t.trait is trait:
                return t
        return None


@dataclass(frozen=True, slots=True)
class Link:
    """A paired trait: one card lying between two animals of the same player.

    For Symbiosis ``first`` is the symbiont (seed 003, "СИМБІОЗ": "Одна з тварин вказується як «симбіонт»") and
    ``second`` the animal it shelters; the other paired traits work both ways and keep ``first < second``.
    """

    card: int
    trait: Trait
    first: int
    second: int
    #: Used this round of feeding.
    used: bool = False

    def joins(self, animal: int) -> bool:
        return self.first == animal or self.second == animal

    def other(self, animal: int) -> int:
        return self.second if animal == self.first else self.first


@dataclass(frozen=True, slots=True)
class Orders:
    """A player's standing orders, set in advance and carried out by the rules when the moment comes (seed 001;
    docs/engine.md, "Decisions"). Private to the player."""

    #: The carnivores whose Ambush is armed: each attacks, from ambush, an animal another player takes food for.
    ambush: tuple[int, ...] = ()
    #: An Anglerfish of the player's, still hidden, is revealed when one of the player's animals is attacked.
    anglerfish: bool = True


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    hand: tuple[int, ...] = ()
    animals: tuple[Animal, ...] = ()
    links: tuple[Link, ...] = ()
    #: Passed in this phase: plays no more cards (development) or takes no more turns (feeding).
    passed: bool = False
    orders: Orders = Orders()
    #: Cards that left this player's part of the table for the discard pile over the whole game (public, like the
    #: pile): read by the tie-break ``discards`` (docs/rulings.md, "Tie-break: discards").
    discarded: int = 0
    #: The player's die rolls that broke a tie at the end (tie-break ``discards``), one per roll-off, in order.
    tie_rolls: tuple[int, ...] = ()
    #: The id of every animal this player has had, in the order they came: an animal is named by its owner and its
    #: place here from 1 for its whole life, gone or not (docs/rulings.md, "Stable names").
    animals_made: tuple[int, ...] = ()

    def animal(self, animal_id: int) -> Animal | None:
        for a in self.animals:
            if a.id == animal_id:
                return a
        return None

    def place(self, animal_id: int) -> int:
        """The index of an animal in this player's row; ValueError when it is not theirs."""
        for index, a in enumerate(self.animals):
            if a.id == animal_id:
                return index
        raise ValueError(f"animal {animal_id} is not player {self.seat}'s")

    def with_new_animal(self, animal: Animal, **changes: Any) -> Player:
        """This player with an animal just come into play at the right of their row (and any other ``changes``)."""
        return evolve(self, animals=(*self.animals, animal), animals_made=(*self.animals_made, animal.id), **changes)


class TieBreak(enum.StrEnum):
    """How players equal on points are ranked."""

    #: As seed 003 prints it: more surviving animals, then the animal with the most traits; a tie left is shared.
    PRINTED = "printed"
    #: The first edition's ranking (a house rule, not in a seed): more cards discarded, then a die roll.
    DISCARDS = "discards"


@dataclass(frozen=True, slots=True)
class Options:
    #: Mix two base decks (seed 003, "Гра з двома наборами"): always so with five to eight players (seven and
    #: eight with "Time to Fly"); with "Time to Fly", two of its decks too.
    two_decks: bool = False
    #: The expansion "Time to Fly" (seed 001, "PRZESTWORZA").
    time_to_fly: bool = False
    #: The mini-expansion "Darwin's Day" (seed 001, "DZIEŃ DARWINA").
    darwins_day: bool = False
    #: The tie-break (a house rule: docs/rulings.md, "Tie-break: discards").
    tie_break: TieBreak = TieBreak.PRINTED


# The questions that stop play until a seat answers them (rules_core.interrupts).


@dataclass(frozen=True, slots=True)
class AttackFrame:
    """A carnivore's attack waiting for the defender: Running, Mimicry or Tail Loss, in the order they choose."""

    attacker: int
    carnivore: int
    #: The animal attacked now (Mimicry moves the attack to another).
    target: int
    #: The target had not been attacked before this turn: its Mimicry works.
    first: bool
    #: The animal the attack was announced on, whose traits ``ignore`` names.
    announced: int
    #: Running has been tried, and failed, against this target.
    ran: bool = False
    #: The traits of the announced animal the hunters ignore (Intellect, an Anglerfish): "którą z cech
    #: zaatakowanego zwierzęcia" (seed 001), that animal's only, not those of an animal Mimicry moves the attack to.
    ignore: tuple[Trait, ...] = ()
    #: The second carnivore of a pack hunt (Pack).
    helper: int | None = None
    #: An attack from ambush, during another player's take: the prey may not hide in its Shell.
    ambush: bool = False

    @property
    def ignored(self) -> tuple[Trait, ...]:
        """The traits of the animal attacked now that the hunters ignore."""
        return self.ignored_on(self.target)

    def ignored_on(self, animal: int) -> tuple[Trait, ...]:
        """The traits of ``animal`` the hunters ignore: the announced ones on the announced animal, else none."""
        return self.ignore if animal == self.announced else ()


@dataclass(frozen=True, slots=True)
class TakeFrame:
    """A red token taken for ``animal`` of ``seat``, held back while an ambush on the animal is fought out: it
    reaches the animal if the animal lives (seed 001, ZASADZKA: "czerwony znacznik żywności pozostaje w banku
    żywności" if it is eaten)."""

    seat: int
    animal: int


@dataclass(frozen=True, slots=True)
class PackFrame:
    """A pack hunt waiting for the consent of the helper's owner (seed 001, WATAHA: "musimy uzyskać jego
    zgodę")."""

    hunt: AttackFrame


@dataclass(frozen=True, slots=True)
class Trigger:
    """A paired trait set off by a food token: ``animal`` gets one through ``card`` unless the card is used up."""

    card: int
    animal: int


@dataclass(frozen=True, slots=True)
class PairFrame:
    """Paired traits set off at once, waiting for their owner to say which acts next (seed 003, "Парні здібності":
    "Гравець сам вирішує, в якій послідовності парні здібності будуть використані")."""

    triggers: tuple[Trigger, ...]


@dataclass(frozen=True, slots=True)
class AnglerfishFrame:
    """A revealed Anglerfish about to strike ``carnivore``, waiting for its owner to say which of the carnivore's
    traits it ignores (seed 001, DIABEŁ MORSKI: "Osoba posiadająca diabła morskiego decyduje, którą cechę drapieżnika
    chce zignorować"). Asked once the Anglerfish lies face up, so the question tells the table nothing new."""

    anglerfish: int
    carnivore: int


Frame = AttackFrame | PairFrame | TakeFrame | PackFrame | AnglerfishFrame


@dataclass(frozen=True, slots=True)
class GameState:
    options: Options
    players: tuple[Player, ...]
    deck: tuple[int, ...]
    #: Seed 003: players may look through the discard pile, so it is public.
    discard: tuple[int, ...]
    #: The game's turn (хід), from 1.
    turn: int
    phase: Phase
    first_player: int
    #: Whose go it is in development or feeding; None between phases and at the end.
    active: int | None
    #: Red tokens left in the food base.
    food_base: int
    #: The deck ran out at the end of the previous turn: this turn is the last.
    last_turn: bool
    #: Feeding: the active player has had this turn's take (a red token, an attack, or fat turned into food).
    took: bool
    #: Feeding: the active player has done something this turn (a take or a trait), so may end the turn.
    acted: bool
    interrupts: Interrupts[Frame]
    next_animal_id: int
    rng: Rng
    version: int = 0
    #: Shell cards left in the middle of the table by dead animals, for any player to take (seed 001, MUSZLA).
    shells: tuple[int, ...] = ()

    def seats_from(self, seat: int) -> Iterator[int]:
        """Every seat once, clockwise starting at ``seat``."""
        n = len(self.players)
        return ((seat + i) % n for i in range(n))

    def locate(self, animal_id: int) -> tuple[int, int]:
        """The (seat, table index) of an animal; KeyError when it is not in play."""
        for player in self.players:
            for index, a in enumerate(player.animals):
                if a.id == animal_id:
                    return player.seat, index
        raise KeyError(animal_id)

    def animal(self, animal_id: int) -> Animal:
        seat, index = self.locate(animal_id)
        return self.players[seat].animals[index]

    def find(self, animal_id: int) -> Animal | None:
        for player in self.players:
            for a in player.animals:
                if a.id == animal_id:
                    return a
        return None

    def all_animals(self) -> Iterator[tuple[int, Animal]]:
        for player in self.players:
            for a in player.animals:
                yield player.seat, a

    # Small structural updates, shared by every rule module.
    def players_with(self, player: Player) -> tuple[Player, ...]:
        """The players, with ``player`` in its seat: for a copy of the state that changes more than the player."""
        players = list(self.players)
        players[player.seat] = player
        return tuple(players)

    def with_player(self, player: Player) -> GameState:
        return _copy_state(self, {"players": self.players_with(player)})

    def with_animal(self, animal: Animal, *, seat: int | None = None) -> GameState:
        """This state with ``animal`` in place of the animal of its id; ``seat``: its owner, when the caller knows it
        (else every seat is looked at, from the first)."""
        if seat is None:
            seat, index = self.locate(animal.id)
        else:
            index = self.players[seat].place(animal.id)
        player = self.players[seat]
        table = list(player.animals)
        table[index] = animal
        return self.with_player(_copy_player(player, {"animals": tuple(table)}))


# The copiers ``evolve`` calls, called directly by the updates every move makes (``copying.copier_of``).
_copy_state = copier_of(GameState)
_copy_player = copier_of(Player)

# Animals, trait cards, paired traits and the questions of an attack are made during play: a faster constructor
# pays (see ``quick_init``).
for _cls in (TraitCard, Animal, Link, AttackFrame, TakeFrame, PackFrame, Trigger, PairFrame, AnglerfishFrame):
    quick_init(_cls)


# The slots' own setters, for the fields a move writes into a state it made (``with_turn``, ``with_food_base``).
_WRITE_TOOK = GameState.__dict__["took"].__set__
_WRITE_ACTED = GameState.__dict__["acted"].__set__
_WRITE_ACTIVE = GameState.__dict__["active"].__set__
_WRITE_FOOD_BASE = GameState.__dict__["food_base"].__set__


def with_turn(state: GameState, owned: bool, took: bool, acted: bool, active: int | None) -> GameState:
    """``state`` with the feeding turn's flags and whose turn it is: written into it when ``owned`` (made in this very
    move, so that nothing else holds it yet: as ``Ruleset.count_move`` writes the version), else into a copy. A
    token taken made four copies of the whole state (the take, the food base, the animal, the next turn) where one
    does; a slot's own setter costs a tenth of a copy. Once returned from ``apply``, a state is frozen like any
    other."""
    if not owned:
        return evolve(state, took=took, acted=acted, active=active)
    _WRITE_TOOK(state, took)
    _WRITE_ACTED(state, acted)
    _WRITE_ACTIVE(state, active)
    return state


def with_food_base(state: GameState, owned: bool, food_base: int) -> GameState:
    """``state`` with ``food_base`` red tokens in the food base: written into it when ``owned`` (``with_turn``)."""
    if not owned:
        return evolve(state, food_base=food_base)
    _WRITE_FOOD_BASE(state, food_base)
    return state


def mark_used(animal: Animal, trait: Trait) -> Animal:
    """The animal with its first unused card of ``trait`` turned sideways."""
    traits = list(animal.traits)
    for index, t in enumerate(traits):
        if t.trait is trait and not t.used:
            traits[index] = evolve(t, used=True)
            return evolve(animal, traits=tuple(traits))
    raise ValueError(f"animal {animal.id} has no unused {trait.value}")


def ready(animal: Animal, trait: Trait) -> bool:
    """The animal has a card of ``trait`` not turned sideways yet."""
    for t in animal.traits:  # noqa: SIM110
        if t.trait is trait and not t.used:
            return True
    return False


def _turned(card: TraitCard, traits: frozenset[Trait] | None) -> bool:
    """The card lies sideways, and is of ``traits`` (or any trait when None)."""
    return card.used and (traits is None or card.trait in traits)


def sideways(animal: Animal, traits: frozenset[Trait] | None = None) -> bool:
    """The animal has a used card (of ``traits``, or any) lying sideways."""
    # A plain loop, not ``any`` over a nested function: at each new round of feeding every animal is asked, and few
    # have a card to turn.
    for t in animal.traits:  # noqa: SIM110
        if _turned(t, traits):
            return True
    return False


def upright(animal: Animal, traits: frozenset[Trait] | None = None) -> Animal:
    """The animal with its used cards (of ``traits``, or all) turned upright again."""
    if not sideways(animal, traits):
        return animal
    return evolve(animal, traits=tuple(evolve(c, used=False) if _turned(c, traits) else c for c in animal.traits))
