"""A full state consistent with one seat's view: what that seat cannot see, dealt out at random.

A computer player sees only its seat's view. To play a position forward it needs a whole state: the other players'
hands, the cards under their animals (face down), the deck's order and future chance are drawn at random from the
cards the seat cannot account for (every card of the game less its own hand, the cards under its own animals, the
trait cards in play and the discard pile, which is public). Everything the seat sees is kept exactly, so the seat's
view of the result is its view. A face-down animal of another player may be dealt an Anglerfish (seed 001): the seat
cannot know; a revealed one lies face up. The others' standing orders are unknown: they get the defaults.
"""

from __future__ import annotations

from rules_core.origin.setup import cards_of_game
from rules_core.origin.state import Animal, GameState, Orders, Player
from rules_core.origin.traits import anglerfish
from rules_core.origin.view import AnimalView, SeatView
from rules_core.rng import Rng


def determinize(view: SeatView, *, seed: int) -> GameState:
    table = view.table
    me = view.seat
    own_cards = dict(view.animal_cards)
    known = set(view.hand) | set(own_cards.values()) | set(table.discard) | set(table.shells)
    for row in table.players:
        known.update(t.card for a in row.animals for t in a.traits)
        known.update(link.card for link in row.links)
    rng = Rng(seed)
    pool = sorted(set(cards_of_game(table.options, len(table.players))) - known)
    unseen, rng = rng.shuffled(pool)
    rest = list(unseen)

    def take(count: int) -> tuple[int, ...]:
        if count > len(rest):
            raise ValueError("the view accounts for more cards than the game has")
        taken = tuple(rest[:count])
        del rest[:count]
        return taken

    players = []
    for row in table.players:
        if row.seat == me:
            animals = tuple(_animal(a, own_cards[a.id]) for a in row.animals)
            hand, orders = view.hand, view.orders
        else:
            dealt = []
            for seen in row.animals:
                card = _face_up(seen)
                dealt.append(_animal(seen, take(1)[0] if card is None else card))
            animals = tuple(dealt)
            hand, orders = take(row.hand_size), Orders()
        players.append(
            Player(
                row.seat,
                row.name,
                hand,
                animals,
                row.links,
                row.passed,
                orders,
                row.discarded,
                row.tie_rolls,
                row.animals_made,
            )
        )
    deck = take(table.deck_size)
    return GameState(
        options=table.options,
        players=tuple(players),
        deck=deck,
        discard=table.discard,
        turn=table.round,
        phase=table.phase,
        first_player=table.first_player,
        active=table.active,
        food_base=table.food_base,
        last_turn=table.last_turn,
        took=table.took,
        acted=table.acted,
        interrupts=table.interrupts,
        next_animal_id=table.next_animal_id,
        rng=rng,
        version=table.version,
        shells=table.shells,
    )


def _face_up(seen: AnimalView) -> int | None:
    """A revealed Anglerfish's own card: it lies face up among its traits."""
    for t in seen.traits:
        if anglerfish.is_anglerfish(t.card):
            return t.card
    return None


def _animal(seen: AnimalView, card: int) -> Animal:
    return Animal(
        seen.id,
        card,
        seen.traits,
        seen.food,
        seen.fat,
        seen.hibernating,
        seen.hibernated_last_turn,
        seen.attacked,
        seen.poisoned,
        seen.in_shell,
        seen.fasting,
        seen.trematodes,
    )
