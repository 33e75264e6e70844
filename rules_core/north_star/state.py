"""The North Star game state: plain immutable data with the seeded RNG inside.

Species carry stable ids (never list positions), so a button or a log entry still names the right species after an
extinction shifts the table. Each player's species tuple is in table order, left to right: adjacency matters for
Cooperation, Warning Call and Symbiosis.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules_core.copying import copier_of, quick_init
from rules_core.north_star.cards import CARNIVORE, DECK_SIZE, FAT_TISSUE, TRAIT_OF, Trait, trait_of
from rules_core.north_star.events import CardPlayEvent
from rules_core.rng import Rng

#: Seed 000, "A DOBOZ TARTALMA": 180 food tokens in the box make the food bank.
FOOD_TOKENS_IN_BOX = 180
#: Seed 000, "3. FÁZIS": neither body size nor population may exceed 6.
MAX_SIZE = 6


class Phase(enum.StrEnum):
    FOOD_CARDS = "food_cards"  # phase 2: each player secretly picks a food card
    PLAY_CARDS = "play_cards"  # phase 3
    REVEAL_EFFECTS = "reveal_effects"  # phase 4, step 1: owners order their reveal-time trait effects
    FEEDING = "feeding"  # phase 4, step 2
    GAME_OVER = "game_over"


# The phases as module constants, as the traits in ``cards``: a global is found far faster than ``Phase.FEEDING``.
FOOD_CARDS = Phase.FOOD_CARDS
PLAY_CARDS = Phase.PLAY_CARDS
REVEAL_EFFECTS = Phase.REVEAL_EFFECTS
FEEDING = Phase.FEEDING
GAME_OVER = Phase.GAME_OVER


@dataclass(frozen=True, slots=True)
class TraitCard:
    """A trait card lying on a species; face down from the moment it is played until all players have played."""

    card: int
    face_up: bool

    @property
    def trait(self) -> Trait:
        return TRAIT_OF[self.card]


@dataclass(frozen=True, slots=True)
class Species:
    id: int
    body_size: int = 1
    population: int = 1
    food: int = 0
    fat: int = 0
    traits: tuple[TraitCard, ...] = ()

    def has(self, trait: Trait) -> bool:
        # A plain loop: any() with a generator is measurably slower on this, the engine's most frequent call.
        for t in self.traits:  # noqa: SIM110
            if TRAIT_OF[t.card] is trait:
                return True
        return False

    @property
    def trait_set(self) -> frozenset[Trait]:
        return frozenset(trait_of(t.card) for t in self.traits)

    @property
    def is_carnivore(self) -> bool:
        return self.has(CARNIVORE)

    @property
    def hungry(self) -> bool:
        """Seed 000, "2. A fajok etetése": hungry means less food than population."""
        return self.food < self.population

    @property
    def room(self) -> int:
        """How much more food this species can take now: its hunger plus free fat (seed 000, Zsírszövet: fat up to
        the body size, stored only by a species with Fat Tissue). Feeding asks this of every species after every
        action: one property, no second call for the fat."""
        hunger = self.population - self.food
        return hunger + self.body_size - self.fat if self.has(FAT_TISSUE) else hunger


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    hand: tuple[int, ...] = ()
    species: tuple[Species, ...] = ()
    bag: int = 0
    food_card: int | None = None
    #: In the play-cards phase: finished playing. In feeding: passed for the rest of the phase.
    done: bool = False
    #: The id of every species this player has had, in the order they came: a species is named by its owner and its
    #: place here from 1 for its whole life, gone or not (docs/rulings.md, "Stable names").
    species_made: tuple[int, ...] = ()

    def species_by_id(self, species_id: int) -> Species | None:
        for s in self.species:
            if s.id == species_id:
                return s
        return None

    def place(self, species_id: int) -> int:
        """The index of one of this player's species in their table; KeyError when it is not theirs."""
        for index, s in enumerate(self.species):
            if s.id == species_id:
                return index
        raise KeyError(species_id)

    def with_new_species(self, species: Species, *, left: bool = False, **changes: Any) -> Player:
        """This player with a species just made at one end of their table (and any other ``changes``)."""
        changes["species"] = (species, *self.species) if left else (*self.species, species)
        changes["species_made"] = (*self.species_made, species.id)
        return _copy_player(self, changes)

    def with_species_at(self, index: int, species: Species, **changes: Any) -> Player:
        """This player with ``species`` at ``index`` of their table (and any other ``changes``), where the caller
        knows the place: no search by id."""
        table = list(self.species)
        table[index] = species
        changes["species"] = tuple(table)
        return _copy_player(self, changes)


@dataclass(frozen=True, slots=True)
class Options:
    #: Seed 000, "GYORS JÁTÉK SZABÁLYAI": everybody plays cards at the same time. Always on with six players.
    quick_game: bool = False


@dataclass(frozen=True, slots=True)
class RevealEffect:
    """A trait effect that happens when the food cards are revealed, waiting for its owner to order it."""

    seat: int
    species: int
    trait: Trait


@dataclass(frozen=True, slots=True)
class QuickStart:
    """The table as it was dealt, with each player's food card chosen since (the table sees that one was chosen, not
    which): all that those still choosing (and the table) may see of the card plays made meanwhile by those whose
    turn came early, or in the quick game by everybody (docs/rulings.md, "The card play begins at the food card"),
    and in the quick game (seed 000, "GYORS JÁTÉK SZABÁLYAI": everybody plays "without watching what the others
    do") all that anybody may see of the others until everybody has played."""

    players: tuple[Player, ...]
    discard: int
    #: The card plays made since, which the table has not been told of: the accepted actions the public view's
    #: version does not count yet (it counts a player's finishing, which the table sees).
    hidden: int = 0


@functools.cache
def _clockwise(seat: int, players: int) -> tuple[int, ...]:
    # Made once for each seat and table size: the rules walk round the table at every step of a round's end.
    return tuple([(seat + i) % players for i in range(players)])


@dataclass(frozen=True, slots=True)
class GameState:
    options: Options
    players: tuple[Player, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    #: Two-player rule: 40 random cards out of the game.
    removed: tuple[int, ...]
    watering_hole: int
    food_bank: int
    round: int
    phase: Phase
    first_player: int
    #: Whose turn it is in the sequential parts (card play without the quick game, feeding); else None.
    turn: int | None
    #: This round is the last one (the deck was reshuffled while dealing, or earlier outside dealing).
    last_round: bool
    #: The deck was reshuffled outside dealing: the next round will be the last.
    next_round_last: bool
    #: Plant food left on the watering hole by the previous round (Fertile checks it).
    plant_food_carried_over: int
    pending_effects: tuple[RevealEffect, ...]
    next_species_id: int
    rng: Rng
    version: int = 0
    #: Set while the quick game's cards are being played (see :class:`QuickStart`).
    quick_start: QuickStart | None = None
    #: The public side of the quick game's card plays, told to everybody only once the phase is over.
    withheld: tuple[CardPlayEvent, ...] = ()

    @property
    def seats(self) -> range:
        return range(len(self.players))

    @property
    def trait_limit(self) -> int:
        """Seed 000: at most 3 trait cards on a species, 2 in a two-player game."""
        return 2 if len(self.players) == 2 else 3

    @property
    def quick_game(self) -> bool:
        """Seed 000, "HATSZEMÉLYES SZABÁLYOK": six players always use the quick-game rules."""
        return self.options.quick_game or len(self.players) >= 6

    def playing_cards(self, seat: int) -> bool:
        """Whether ``seat`` is at its card play: the card-play phase, or, while the others still choose their food
        cards, a seat that has chosen its own and whose card play nothing still to come can change: everybody's in
        the quick game, otherwise a seat whose predecessors from the first player have all finished theirs
        (docs/rulings.md, "The card play begins at the food card")."""
        phase = self.phase
        if phase is PLAY_CARDS:
            return True
        if phase is not FOOD_CARDS or self.quick_start is None or self.players[seat].food_card is None:
            return False
        return self.quick_game or self.card_play_waits_on(seat) is None

    def sees_card_plays(self, seat: int) -> bool:
        """Whether ``seat`` sees the card plays made while others still choose their food cards: without the quick
        game, a seat whose card play has begun (or ended) sees those before and after it, as at the table; those
        still choosing see none, nor does anybody in the quick game."""
        if self.quick_start is None:
            return True
        if self.quick_game or self.phase is not FOOD_CARDS or self.players[seat].food_card is None:
            return False
        return self.card_play_waits_on(seat) is None

    def card_play_waits_on(self, seat: int) -> int | None:
        """The first seat before ``seat`` in the card play's order (from the first player) that has not finished
        its card play, or None."""
        for before in self.seats_from(self.first_player):
            if before == seat:
                return None
            if not self.players[before].done:
                return before
        return None

    def seats_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, clockwise (to the left) starting at ``seat``."""
        return _clockwise(seat, len(self.players))

    def locate(self, species_id: int) -> tuple[int, int]:
        """The (seat, table index) of a species; KeyError when it is not on the table."""
        for player in self.players:
            for index, s in enumerate(player.species):
                if s.id == species_id:
                    return player.seat, index
        raise KeyError(species_id)

    def species(self, species_id: int) -> Species:
        seat, index = self.locate(species_id)
        return self.players[seat].species[index]

    def all_species(self) -> Iterator[tuple[int, Species]]:
        for player in self.players:
            for s in player.species:
                yield player.seat, s

    # The structural update shared by every rule module: the state copied once, with any other ``changes`` of its
    # fields made in the same copy.
    def with_player(self, player: Player, **changes: Any) -> GameState:
        players = list(self.players)
        players[player.seat] = player
        changes["players"] = tuple(players)
        return _copy_state(self, changes)


# The copiers of the two classes copied on every action, called directly by their helpers above (``with_player``,
# ``with_species_at``) with the dict of changes they were given.
_copy_state = copier_of(GameState)
_copy_player = copier_of(Player)

# Cards and species are made during play (a trait card turned face up, a new species): a faster constructor pays.
for _cls in (TraitCard, Species, RevealEffect):
    quick_init(_cls)

#: Every trait card as it can lie on a species, by card id, made once: played face down, and turned face up (they
#: are values, so one of each serves every species and every game).
FACE_DOWN = tuple([TraitCard(card, False) for card in range(DECK_SIZE)])
FACE_UP = tuple([TraitCard(card, True) for card in range(DECK_SIZE)])
