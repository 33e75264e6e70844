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

from dataclasses import dataclass

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
from rules_core.north_star.cards import DECK_SIZE, FAT_TISSUE, Trait, trait_of
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


def legal(state: GameState, seat: int) -> list[CardAction]:
    """Every legal card play of ``seat``, checked with the same rule (``_misfit``) as ``refusal`` but without
    looking the seat, the card and the species up again for each candidate."""
    player = state.players[seat]
    limit = state.trait_limit
    tables = [_plays_on(seat, limit, s) for s in player.species]
    new_species = _NEW_SPECIES[seat]
    found: list[CardAction] = []
    extend = found.extend
    for card in sorted(set(player.hand)):
        for kept in tables:
            on = kept.plays.get(card)
            if on is None:
                on = kept.plays[card] = kept.plays_of(seat, card, limit)
            extend(on)
        extend(new_species[card])
    found.append(_FINISH[seat])
    return found


@dataclass(slots=True)
class _KeptPlays:
    """A species as it stands, its traits, and the plays of each card on it found so far (card id -> plays)."""

    species: Species
    present: tuple[Trait, ...]
    plays: dict[int, tuple[CardAction, ...]]

    def plays_of(self, seat: int, card: int, limit: int) -> tuple[CardAction, ...]:
        """The plays of ``card`` on this species, one of ``seat``'s."""
        species, present = self.species, self.present
        trait = trait_of(card)
        key = (seat, card, species.id)
        made = _MADE.get(key)
        if made is None:
            made = keep(
                _MADE,
                key,
                (
                    PlayTrait(seat, card, species.id),
                    IncreaseBodySize(seat, card, species.id),
                    IncreasePopulation(seat, card, species.id),
                ),
                held=_MADE_HELD,
            )
        found: list[CardAction] = []
        if len(present) < limit:
            if _misfit(limit, present, trait, None) is None:
                found.append(made[0])
        else:
            for index, held in enumerate(species.traits):
                if _misfit(limit, present, trait, index) is None:
                    found.append(PlayTrait(seat, card, species.id, held.card))
        if species.body_size < MAX_SIZE:
            found.append(made[1])
        if species.population < MAX_SIZE:
            found.append(made[2])
        return tuple(found)


# The plays of a card on a species that need no discard, made once for each seat, card and species id and handed
# out again when the species changes (it keeps its id) and in later games: a changed species has the plays of every
# card worked out again, and making them was half of that. Emptied when it holds 8,192.
_MADE: dict[tuple[int, int, int], tuple[PlayTrait, IncreaseBodySize, IncreasePopulation]] = {}
_MADE_HELD = 8192


# Card plays are values, and a turn's legal plays are mostly those of the previous call (one card fewer, one species
# changed): move generation keeps, for each species as it stands (keyed by all its plays depend on: seat, the trait
# limit, its id, its trait cards and whether it may grow), the plays of each card on it, rather than building and
# checking thousands a game. A species' key is hashed once per call and each card is looked up by its id. Emptied
# when it holds 1,024 species: with ``_MADE``, 3.9 MB after 200 four-player games (4,096 species held 5.7 MB and
# ran no faster).
_SPECIES_PLAYS: dict[tuple[object, ...], _KeptPlays] = {}
_SPECIES_PLAYS_HELD = 1024


def _plays_on(seat: int, limit: int, species: Species) -> _KeptPlays:
    """The plays kept for ``species`` as it stands, one of ``seat``'s."""
    cards = tuple([t.card for t in species.traits])
    key = (seat, limit, species.id, cards, species.body_size < MAX_SIZE, species.population < MAX_SIZE)
    kept = _SPECIES_PLAYS.get(key)
    if kept is None:
        traits = tuple([trait_of(card) for card in cards])
        kept = keep(_SPECIES_PLAYS, key, _KeptPlays(species, traits, {}), held=_SPECIES_PLAYS_HELD)
    return kept


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
        table = (new, *player.species) if action.side == "left" else (*player.species, new)
        counter = state.next_species_id + (0 if state.quick_start is not None else 1)
        state = state.with_player(
            evolve(player, hand=rest, species=table), next_species_id=counter, discard=(*state.discard, action.card)
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
    """The quick game's card play is over: everybody now hears what each player did, seat by seat from the first
    player, and the species counter moves past every id handed out."""
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
