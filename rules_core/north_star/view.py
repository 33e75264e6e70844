"""What a seat may see, and what the channel may see.

``table_view`` is the public view: the same for every onlooker and the only input the renderer accepts. It leaves
out every hand, every secret food-card pick before the reveal, every face-down trait, the deck's order, every
food bag's contents (the bag is opaque in the box) and the RNG. While the quick game's cards are played it shows
the table as it stood when the phase began (seed 000, "GYORS JÁTÉK SZABÁLYAI": nobody watches what the others do),
with a version that counts who has finished but no card play.
``seat_view`` adds one seat's own secrets, and its own row as it is now.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine import Decision, Outcome, PublicView, number_in
from rules_core.engine import SeatView as SeatViewBase
from rules_core.north_star.cards import Trait, trait_of
from rules_core.north_star.state import GameState, Phase, Player, RevealEffect, Species, TraitCard


@dataclass(frozen=True, slots=True)
class TraitView:
    """A trait card on a species as the table sees it: ``trait`` is None while it lies face down."""

    trait: Trait | None
    card: int | None

    @property
    def face_up(self) -> bool:
        return self.trait is not None


@dataclass(frozen=True, slots=True)
class SpeciesView:
    id: int
    body_size: int
    population: int
    food: int
    fat: int
    traits: tuple[TraitView, ...]

    @property
    def hungry(self) -> bool:
        return self.food < self.population


@dataclass(frozen=True, slots=True)
class PlayerTableView:
    seat: int
    name: str
    hand_size: int
    species: tuple[SpeciesView, ...]
    #: Has put a food card on the watering hole this round (its identity stays secret until the reveal).
    food_card_chosen: bool
    #: Finished playing cards (phase 3) or stopped feeding (phase 4).
    done: bool
    #: Every species the player has had, by id, in the order they came (names: ``number``).
    species_made: tuple[int, ...]

    def number(self, species_id: int) -> int | None:
        return number_in(self.species_made, species_id)


@dataclass(frozen=True, slots=True)
class TableView(PublicView):
    """The public view of a North Star game."""

    round: int
    phase: Phase
    first_player: int
    turn: int | None
    last_round: bool
    next_round_last: bool
    watering_hole: int
    food_bank: int
    deck_size: int
    discard_size: int
    #: Cards out of the game (the two-player game's 40).
    removed_size: int
    trait_limit: int
    quick_game: bool
    #: Plant food left on the watering hole by the previous round (Fertile checks it).
    plant_food_carried_over: int
    #: The id the next new species gets (in the quick game's card play, the first id of the phase).
    next_species_id: int
    players: tuple[PlayerTableView, ...]
    decisions: tuple[Decision, ...]
    pending_effects: tuple[RevealEffect, ...]
    outcome: Outcome | None
    version: int


@dataclass(frozen=True, slots=True)
class SeatView(SeatViewBase):
    """One seat's view: the public table plus that seat's own hand, food-card pick, bag and face-down traits, and
    its own row as it is now (in the quick game's card play the table still shows it as the phase began)."""

    seat: int
    table: TableView
    own: PlayerTableView
    hand: tuple[int, ...]
    food_card: int | None
    bag: int
    #: The seat's own face-down trait cards, by species id.
    hidden_traits: tuple[tuple[int, tuple[int, ...]], ...]
    #: Every player's row as this seat sees it while it sees card plays the table has not been told yet (its card
    #: play began while others still choose their food cards: docs/rulings.md, "The card play begins at the food
    #: card"); empty otherwise, when the table shows what the seat sees.
    seen: tuple[PlayerTableView, ...] = ()


def _trait_view(t: TraitCard) -> TraitView:
    return TraitView(trait_of(t.card), t.card) if t.face_up else TraitView(None, None)


def _species_view(s: Species) -> SpeciesView:
    return SpeciesView(s.id, s.body_size, s.population, s.food, s.fat, tuple(_trait_view(t) for t in s.traits))


def _player_view(state: GameState, seen: Player, now: Player) -> PlayerTableView:
    """A player's row: ``seen`` is the player as the table may see them, ``now`` as they are (their choices)."""
    return PlayerTableView(
        seat=now.seat,
        name=now.name,
        hand_size=len(seen.hand),
        species=tuple(_species_view(s) for s in seen.species),
        food_card_chosen=now.food_card is not None and state.phase is not Phase.GAME_OVER,
        done=now.done,
        species_made=seen.species_made,
    )


def table_view(state: GameState, *, decisions: tuple[Decision, ...], outcome: Outcome | None) -> TableView:
    seen = state.players if state.quick_start is None else state.quick_start.players
    players = tuple(_player_view(state, was, now) for was, now in zip(seen, state.players, strict=True))
    discard = len(state.discard) if state.quick_start is None else state.quick_start.discard
    return TableView(
        round=state.round,
        phase=state.phase,
        first_player=state.first_player,
        turn=state.turn,
        last_round=state.last_round,
        next_round_last=state.next_round_last,
        watering_hole=state.watering_hole,
        food_bank=state.food_bank,
        deck_size=len(state.deck),
        discard_size=discard,
        removed_size=len(state.removed),
        trait_limit=state.trait_limit,
        quick_game=state.quick_game,
        plant_food_carried_over=state.plant_food_carried_over,
        next_species_id=state.next_species_id,
        players=players,
        decisions=decisions,
        pending_effects=state.pending_effects,
        outcome=outcome,
        version=public_version(state),
    )


def public_version(state: GameState) -> int:
    """The version the table may know: the accepted actions but the quick game's card plays not yet told (seed 000:
    nobody counts what the others play), so it moves, in that phase, only when a player finishes."""
    return state.version if state.quick_start is None else state.version - state.quick_start.hidden


def seat_view(state: GameState, seat: int, table: TableView) -> SeatView:
    player = state.players[seat]
    hidden = tuple(
        (s.id, tuple(t.card for t in s.traits if not t.face_up))
        for s in player.species
        if any(not t.face_up for t in s.traits)
    )
    own = _player_view(state, player, player)
    seen: tuple[PlayerTableView, ...] = ()
    if state.quick_start is not None and state.sees_card_plays(seat):
        seen = tuple(_player_view(state, p, p) for p in state.players)
    return SeatView(seat, table, own, tuple(sorted(player.hand)), player.food_card, player.bag, hidden, seen)
