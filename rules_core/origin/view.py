"""What a seat may see, and what the channel may see.

``table_view`` is the public view, the same for every onlooker and the only thing the board renderer gets. It leaves
out every hand, the deck's order, the RNG, and the card under each animal: an animal lies face down, its trait side
hidden (seed 003, "Фаза розвитку"), and a later expansion (Anglerfish, seed 001) depends on that. The trait cards
under the animals, the paired traits, the tokens, the cards turned sideways, the discard pile ("Гравці можуть
передивлятися карти у відбої": players may look through it) and the attack waiting for its defender are public.
``seat_view`` adds one seat's hand and the cards under its own animals.

Seed 001: an Anglerfish stays hidden until it acts, because its card is an animal's face-down card; once revealed its
card lies face up among its traits. The Shells on the table are public; each player's standing orders (Ambush,
Anglerfish) are private to the player.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine import Decision, Outcome, PublicView, number_in
from rules_core.engine import SeatView as SeatViewBase
from rules_core.interrupts import Interrupts
from rules_core.origin.state import Animal, Frame, GameState, Link, Options, Orders, Phase, Player, TraitCard


@dataclass(frozen=True, slots=True)
class AnimalView:
    """An animal as the table sees it: everything but its face-down card."""

    id: int
    traits: tuple[TraitCard, ...]
    food: int
    fat: int
    hibernating: bool
    hibernated_last_turn: bool
    attacked: bool
    poisoned: bool
    in_shell: bool
    fasting: bool
    trematodes: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    name: str
    hand_size: int
    animals: tuple[AnimalView, ...]
    links: tuple[Link, ...]
    passed: bool
    #: Cards the player put into the discard pile over the game, and their tie-break rolls (public).
    discarded: int
    tie_rolls: tuple[int, ...]
    #: Every animal the player has had, by id, in the order they came (names: ``number``).
    animals_made: tuple[int, ...]

    def number(self, animal_id: int) -> int | None:
        return number_in(self.animals_made, animal_id)


@dataclass(frozen=True, slots=True)
class TableView(PublicView):
    """The public view of a game of the original "Evolution"."""

    options: Options
    #: The game's turn (хід), from 1.
    round: int
    phase: Phase
    first_player: int
    active: int | None
    food_base: int
    last_turn: bool
    took: bool
    acted: bool
    deck_size: int
    discard: tuple[int, ...]
    #: The attack waiting for its defender, the paired traits waiting for their owner's order.
    interrupts: Interrupts[Frame]
    next_animal_id: int
    #: Shell cards in the middle of the table.
    shells: tuple[int, ...]
    players: tuple[PlayerView, ...]
    decisions: tuple[Decision, ...]
    outcome: Outcome | None
    version: int


@dataclass(frozen=True, slots=True)
class SeatView(SeatViewBase):
    """One seat's view: the public table plus the seat's hand and the cards under its own animals."""

    seat: int
    table: TableView
    hand: tuple[int, ...]
    #: (animal id, card) for each of the seat's animals, in table order.
    animal_cards: tuple[tuple[int, int], ...]
    #: The seat's standing orders.
    orders: Orders


def animal_view(animal: Animal) -> AnimalView:
    return AnimalView(
        animal.id,
        animal.traits,
        animal.food,
        animal.fat,
        animal.hibernating,
        animal.hibernated_last_turn,
        animal.attacked,
        animal.poisoned,
        animal.in_shell,
        animal.fasting,
        animal.trematodes,
    )


def _player_view(player: Player) -> PlayerView:
    return PlayerView(
        player.seat,
        player.name,
        len(player.hand),
        tuple(animal_view(a) for a in player.animals),
        player.links,
        player.passed,
        player.discarded,
        player.tie_rolls,
        player.animals_made,
    )


def table_view(state: GameState, *, decisions: tuple[Decision, ...], outcome: Outcome | None) -> TableView:
    return TableView(
        options=state.options,
        round=state.turn,
        phase=state.phase,
        first_player=state.first_player,
        active=state.active,
        food_base=state.food_base,
        last_turn=state.last_turn,
        took=state.took,
        acted=state.acted,
        deck_size=len(state.deck),
        discard=state.discard,
        interrupts=state.interrupts,
        next_animal_id=state.next_animal_id,
        shells=state.shells,
        players=tuple(_player_view(p) for p in state.players),
        decisions=decisions,
        outcome=outcome,
        version=state.version,
    )


def seat_view(state: GameState, seat: int, table: TableView) -> SeatView:
    player = state.players[seat]
    cards = tuple((a.id, a.card) for a in player.animals)
    return SeatView(seat, table, tuple(sorted(player.hand)), cards, player.orders)
