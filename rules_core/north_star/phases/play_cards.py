"""Phase 3, playing cards (seed 000, "3. FÁZIS: KÁRTYÁK KIJÁTSZÁSA"; seed 002, "Jogando cartas").

Starting with the first player, each player plays any number of cards, in any order, then the next player to the
left does; in the quick game (and always with six players) everyone plays at once. With each card a player may:

1. play it face down as a trait of one of their species: no species has two equal traits or more than 3 trait
   cards (2 in a two-player game); at the limit, a trait already there must be discarded to make room;
2. discard it face up to create a new species (body size 1, population 1) at the left or right end, never between;
3. discard it face up to add 1 to a species' body size or population (neither above 6).

When everybody has played, the face-down traits are turned face up.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import overload

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.north_star.actions import (
    CreateSpecies,
    FinishCardPlay,
    IncreaseBodySize,
    IncreasePopulation,
    PlayTrait,
    keep,
)
from rules_core.north_star.cards import DECK_SIZE, FAT_TISSUE, TRAIT_OF, Trait, trait_of
from rules_core.north_star.events import (
    BodySizeIncreased,
    CardPlayFinished,
    Event,
    FoodBagged,
    PopulationIncreased,
    SpeciesCreated,
    TraitPlayedFaceDown,
    TraitPlayedPrivately,
    TraitsRevealed,
)
from rules_core.north_star.setup import MAX_PLAYERS
from rules_core.north_star.state import FACE_DOWN, FACE_UP, MAX_SIZE, GameState, Player, Species, TraitCard

CardAction = PlayTrait | CreateSpecies | IncreaseBodySize | IncreasePopulation | FinishCardPlay
CARD_ACTIONS: tuple[
    type[PlayTrait], type[CreateSpecies], type[IncreaseBodySize], type[IncreasePopulation], type[FinishCardPlay]
] = (PlayTrait, CreateSpecies, IncreaseBodySize, IncreasePopulation, FinishCardPlay)


def legal(state: GameState, seat: int) -> CardPlays:
    """Every legal card play of ``seat``, checked with the same rule (``_misfit``) as ``refusal`` but without
    looking the seat, the card and the species up again for each candidate."""
    player = state.players[seat]
    limit = state.trait_limit
    return CardPlays(seat, sorted(set(player.hand)), player.species, [_shape_of(limit, s) for s in player.species])


class CardPlays(Sequence[CardAction]):
    """A seat's legal card plays, in order: each card of the hand (by id) on each of its species (left to right),
    then as a new species at the left and the right end; finishing the card play last.

    The plays are counted when listed and made only when read. A random playout reads one play of about forty, and
    making them all was a quarter of its time; reading them all (a menu, a search's root) makes each once, as a
    list did. ``given`` holds every play handed out, so that ``check`` can find it by identity.
    """

    __slots__ = ("_cards", "_ends", "_listed", "_seat", "_shapes", "_species", "given")

    def __init__(self, seat: int, cards: list[int], species: tuple[Species, ...], shapes: list[_Shape]) -> None:
        self._seat, self._cards, self._species, self._shapes = seat, cards, species, shapes
        # The number of plays of each card on each species, then 2 (a new species at either end), in listing order,
        # summed up: a play's place is found by bisection.
        counts: list[int] = []
        for card in cards:
            number = _TRAIT_NUMBER[card]
            for shape in shapes:
                count = shape.counts[number]
                counts.append(shape.count(number) if count is None else count)
            counts.append(2)
        self._ends = list(accumulate(counts))
        self._listed: tuple[CardAction, ...] | None = None
        self.given: list[CardAction] = []

    def __len__(self) -> int:
        ends = self._ends
        return ends[-1] + 1 if ends else 1

    @overload
    def __getitem__(self, index: int) -> CardAction: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[CardAction, ...]: ...

    def __getitem__(self, index: int | slice) -> CardAction | tuple[CardAction, ...]:
        if isinstance(index, slice) or self._listed is not None:
            return self.listed()[index]
        length = len(self)
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("no such card play")
        play = self._make(index)
        self.given.append(play)
        return play

    def __iter__(self) -> Iterator[CardAction]:
        return iter(self.listed())

    def listed(self) -> tuple[CardAction, ...]:
        """Every play, made now if they were not yet."""
        if self._listed is None:
            self._listed = tuple([self._make(index) for index in range(len(self))])
            self.given[:] = self._listed
        return self._listed

    def _make(self, index: int) -> CardAction:
        """The play at ``index`` (in range)."""
        ends = self._ends
        place = bisect_right(ends, index)
        if place == len(ends):
            return _FINISH[self._seat]
        if place:
            index -= ends[place - 1]
        width = len(self._species) + 1
        card, column = self._cards[place // width], place % width
        if column == width - 1:
            return _NEW_SPECIES[self._seat][card][index]
        return _play(self._seat, card, self._species[column], self._shapes[column], index)


_TRAITS = tuple(Trait)
# Each card's trait by its place in ``_TRAITS``: a shape keeps what each trait may do in a tuple, looked up without
# hashing the trait (an enum member hashes in Python code).
_TRAIT_NUMBER = tuple([_TRAITS.index(trait) for trait in TRAIT_OF])


@dataclass(slots=True)
class _Shape:
    """What the plays of a card on a species depend on, but for the species' id and owner: the trait limit, its
    traits and how many of body size and population may grow. Shared by every species of that shape (every new
    species has the same), it keeps for each trait (by its number), once asked: where a card of it fits as a trait
    (None without a discard, else the places of the traits it may replace), and how many plays such a card has."""

    limit: int
    present: tuple[Trait, ...]
    grows: int
    places: list[tuple[int | None, ...] | None]
    counts: list[int | None]

    def fits(self, number: int) -> tuple[int | None, ...]:
        """Where a card of trait ``number`` fits (kept, with its number of plays)."""
        places = self.places[number]
        if places is None:
            places = self.places[number] = _places(self.limit, self.present, _TRAITS[number])
            self.counts[number] = len(places) + self.grows
        return places

    def count(self, number: int) -> int:
        """The number of plays of a card of trait ``number`` (kept: read ``counts`` first)."""
        return len(self.fits(number)) + self.grows


def _places(limit: int, present: tuple[Trait, ...], trait: Trait) -> tuple[int | None, ...]:
    if len(present) < limit:
        return (None,) if _misfit(limit, present, trait, None) is None else ()
    return tuple([index for index in range(len(present)) if _misfit(limit, present, trait, index) is None])


def _play(seat: int, card: int, species: Species, shape: _Shape, index: int) -> CardAction:
    """The play at ``index`` of ``card`` on ``species`` (of ``shape``), one of ``seat``'s: as a trait where it fits
    (without a discard, else discarding each trait it may replace), then body size and population where they may
    grow."""
    fits = shape.fits(_TRAIT_NUMBER[card])
    if index < len(fits):
        place = fits[index]
        if place is not None:
            return PlayTrait(seat, card, species.id, species.traits[place].card)
        return _made(seat, card, species.id)[0]
    if index == len(fits) and species.body_size < MAX_SIZE:
        return _made(seat, card, species.id)[1]
    return _made(seat, card, species.id)[2]


def _made(seat: int, card: int, species: int) -> tuple[PlayTrait, IncreaseBodySize, IncreasePopulation]:
    """The plays of ``card`` on ``species`` without a discard (kept)."""
    key = (seat, card, species)
    made = _MADE.get(key)
    if made is None:
        made = keep(
            _MADE,
            key,
            (
                PlayTrait(seat, card, species),
                IncreaseBodySize(seat, card, species),
                IncreasePopulation(seat, card, species),
            ),
            held=_MADE_HELD,
        )
    return made


# The plays of a card on a species that need no discard, made once for each seat, card and species id and handed
# out again after the species has changed (it keeps its id) and in later games. Emptied when it holds 8,192.
_MADE: dict[tuple[int, int, int], tuple[PlayTrait, IncreaseBodySize, IncreasePopulation]] = {}
_MADE_HELD = 8192


# Card plays are values, and a turn's legal plays are mostly those of the previous call (one card fewer, one species
# changed): move generation keeps, for each shape of species, the number of plays of each card and where it fits,
# rather than checking thousands of candidate plays a game. A species' shape is found by a key of its trait cards
# (hashed once per listing; emptied at 4,096), made on a miss from a key of its traits by number (emptied at 4,096).
_SHAPE_BY_CARDS: dict[tuple[object, ...], _Shape] = {}
_SHAPE_BY_CARDS_HELD = 4096
_SHAPES: dict[tuple[object, ...], _Shape] = {}
_SHAPES_HELD = 4096


def _shape_of(limit: int, species: Species) -> _Shape:
    """The shape of ``species`` as it stands under the trait ``limit``."""
    cards = tuple([t.card for t in species.traits])
    key = (limit, cards, species.body_size < MAX_SIZE, species.population < MAX_SIZE)
    shape = _SHAPE_BY_CARDS.get(key)
    if shape is None:
        by_traits = (limit, tuple([_TRAIT_NUMBER[card] for card in cards]), *key[2:])
        shape = _SHAPES.get(by_traits)
        if shape is None:
            present = tuple([trait_of(card) for card in cards])
            grows = (species.body_size < MAX_SIZE) + (species.population < MAX_SIZE)
            blank: list[None] = [None] * len(_TRAITS)
            shape = keep(_SHAPES, by_traits, _Shape(limit, present, grows, [*blank], [*blank]), held=_SHAPES_HELD)
        keep(_SHAPE_BY_CARDS, key, shape, held=_SHAPE_BY_CARDS_HELD)
    return shape


# The plays that need no species, made once for every seat and card.
_NEW_SPECIES = tuple(
    tuple((CreateSpecies(seat, card, "left"), CreateSpecies(seat, card, "right")) for card in range(DECK_SIZE))
    for seat in range(MAX_PLAYERS)
)
_FINISH = tuple(FinishCardPlay(seat) for seat in range(MAX_PLAYERS))


def _own_species(player: Player, species_id: int) -> Species | Refusal:
    species = player.species_by_id(species_id)
    if species is None:
        return IllegalAction("that is not one of your species", code="not_your_species", species=species_id)
    return species


def refusal(state: GameState, action: CardAction) -> Refusal | None:
    player = state.players[action.seat]
    if isinstance(action, FinishCardPlay):
        return None
    if action.card not in player.hand:
        return IllegalAction("you do not hold that card", code="card_not_in_hand", card=action.card)
    if isinstance(action, CreateSpecies):
        if action.side not in ("left", "right"):
            return IllegalAction("a new species goes at the left or right end", code="bad_side")
        return None
    species = _own_species(player, action.species)
    if isinstance(species, Refusal):
        return species
    if isinstance(action, IncreaseBodySize):
        if species.body_size >= MAX_SIZE:
            return IllegalAction("body size is already 6", code="max_body_size", species=species.id)
        return None
    if isinstance(action, IncreasePopulation):
        if species.population >= MAX_SIZE:
            return IllegalAction("population is already 6", code="max_population", species=species.id)
        return None
    return _trait_refusal(state, species, action)


def trait_misfit(limit: int, traits: tuple[TraitCard, ...], card: int, replace: int | None) -> str | None:
    """Why ``card`` cannot become a trait of a species holding ``traits`` (discarding ``replace`` first): a refusal
    code, or None when it fits. The one statement of the rule, for checking and for move generation alike."""
    present = tuple(t.trait for t in traits)
    if replace is None:
        return _misfit(limit, present, trait_of(card), None)
    index = next((i for i, t in enumerate(traits) if t.card == replace), None)
    if index is None:
        return "replace_not_on_species"
    return _misfit(limit, present, trait_of(card), index)


def _misfit(limit: int, present: tuple[Trait, ...], trait: Trait, replace: int | None) -> str | None:
    """:func:`trait_misfit` on the species' traits, the one to discard given by its place (``replace``)."""
    if replace is None:
        if len(present) >= limit:
            return "trait_limit"
        return "duplicate_trait" if trait in present else None
    if len(present) < limit:
        return "replace_not_full"
    for index, other in enumerate(present):
        if other is trait and index != replace:
            return "duplicate_trait"
    return None


_MISFIT_MESSAGES = {
    "trait_limit": "this species already has the most traits it may have: choose one to discard",
    "duplicate_trait": "a species may not have the same trait twice",
    "replace_not_on_species": "that trait is not on this species",
    "replace_not_full": "a trait can be discarded to make room only when the species has the most it may have",
}


def _trait_refusal(state: GameState, species: Species, action: PlayTrait) -> Refusal | None:
    code = trait_misfit(state.trait_limit, species.traits, action.card, action.replace)
    if code is None:
        return None
    return IllegalAction(
        _MISFIT_MESSAGES[code],
        code=code,
        limit=state.trait_limit,
        trait=trait_of(action.card).value,
        card=action.replace,
    )


def play(state: GameState, action: CardAction) -> tuple[GameState, list[Event]]:
    seat = action.seat
    player = state.players[seat]
    if type(action) is FinishCardPlay:
        return state.with_player(evolve(player, done=True)), [CardPlayFinished(seat)]
    hand = list(player.hand)
    hand.remove(action.card)
    rest = tuple(hand)  # the hand left, written in the same copy of the player as the card's effect
    if type(action) is CreateSpecies:
        new = Species(new_species_id(state, seat))
        counter = state.next_species_id + (0 if state.quick_start is not None else 1)
        state = state.with_player(
            player.with_new_species(new, left=action.side == "left", hand=rest),
            next_species_id=counter,
            discard=(*state.discard, action.card),
        )
        return state, [SpeciesCreated(seat, new.id, action.side, action.card)]
    index = player.place(action.species)  # checked by refusal
    species = player.species[index]
    if type(action) is IncreaseBodySize:
        grown = evolve(species, body_size=species.body_size + 1)
        event: Event = BodySizeIncreased(seat, grown.id, action.card, grown.body_size)
    elif type(action) is IncreasePopulation:
        grown = evolve(species, population=species.population + 1)
        event = PopulationIncreased(seat, grown.id, action.card, grown.population)
    else:
        return _play_trait(state, player, rest, index, action)
    grown_player = player.with_species_at(index, grown, hand=rest)
    return state.with_player(grown_player, discard=(*state.discard, action.card)), [event]


def _play_trait(
    state: GameState, player: Player, rest: tuple[int, ...], index: int, action: PlayTrait
) -> tuple[GameState, list[Event]]:
    species = player.species[index]
    events: list[Event] = []
    traits = species.traits
    replaced_face_down = False
    fat = species.fat
    bag = player.bag
    discard = state.discard
    if action.replace is not None:
        old = next(t for t in traits if t.card == action.replace)
        replaced_face_down = not old.face_up
        traits = tuple(t for t in traits if t.card != action.replace)
        discard = (*discard, action.replace)
        if fat and trait_of(old.card) is FAT_TISSUE:
            # Fat on a discarded Fat Tissue card was eaten: it goes to the bag (docs/rulings.md).
            bag += fat
            events.append(FoodBagged(action.seat, fat, bag))
            fat = 0
    played = evolve(species, traits=(*traits, FACE_DOWN[action.card]), fat=fat)
    state = state.with_player(player.with_species_at(index, played, hand=rest, bag=bag), discard=discard)
    public_replaced = None if action.replace is None or replaced_face_down else action.replace
    events[:0] = [
        TraitPlayedFaceDown(action.seat, species.id, public_replaced, replaced_face_down),
        TraitPlayedPrivately(action.seat, species.id, action.card, action.replace),
    ]
    return state, events


def new_species_id(state: GameState, seat: int) -> int:
    """The id of the species ``seat`` creates now. In the quick game's card play each seat takes ids from its own
    series (the phase's first id + seat + players x species it already made), so the id a player sees never tells
    how many species the others have made meanwhile; the counter moves on when the phase ends."""
    if state.quick_start is None:
        return state.next_species_id
    made = sum(1 for s in state.players[seat].species if s.id >= state.next_species_id)
    return state.next_species_id + seat + len(state.players) * made


def end_quick_play(state: GameState) -> tuple[GameState, list[Event]]:
    """The card plays withheld are told (the quick game's once its card play is over; those made while the food cards
    were chosen by players whose turn came early, as the card play begins): everybody now hears what each player
    did, seat by seat from the first player, and the species counter moves past every id handed out."""
    if state.quick_start is None:
        return state, []
    order = list(state.seats_from(state.first_player))
    told = sorted(state.withheld, key=lambda event: order.index(event.seat))
    highest = max((s.id for _, s in state.all_species()), default=-1)
    counter = max(state.next_species_id, highest + 1)
    return evolve(state, quick_start=None, withheld=(), next_species_id=counter), list(told)


def reveal_traits(state: GameState) -> tuple[GameState, list[Event]]:
    """Seed 000: once everybody has played, turn every face-down trait face up."""
    events: list[Event] = []
    players = list(state.players)  # every player's table turned over in one copy of the state
    for seat in state.seats_from(state.first_player):
        table = list(players[seat].species)
        turned = False
        for index, species in enumerate(table):
            hidden = tuple([t.card for t in species.traits if not t.face_up])
            if hidden:
                table[index] = evolve(species, traits=tuple([FACE_UP[t.card] for t in species.traits]))
                events.append(TraitsRevealed(seat, species.id, hidden))
                turned = True
        if turned:  # a player who played no trait keeps their table as it is
            players[seat] = evolve(players[seat], species=tuple(table))
    return evolve(state, players=tuple(players)), events
