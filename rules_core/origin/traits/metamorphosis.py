"""Metamorphosis (METAMORFOZA), seed 001: "Za pomocą tej karty gracz może pozbyć się jednej cechy, również cechy
zagrywanej na pary zwierząt i w zamian uzyskać pożywienie w postaci niebieskiego znacznika. Nie można pozbyć się
jedynie cech zwiększających wymagania żywieniowe (np. cechy drapieżnika i pasożyta). Cechy można użyć raz na rundę."
Once a turn, in its owner's feeding turn (with the take or instead of it, like the base game's Piracy), the animal
discards one of its trait cards or a paired trait joining it (the card leaves both animals) and gets a blue token;
never a trait that raises the need (Carnivore, Big, Parasite, Trematode, an Anglerfish's own card). Metamorphosis
may shed itself. It is used only when the animal may take the token (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.errors import IllegalAction, Refusal
from rules_core.origin import pairs
from rules_core.origin.actions import Metamorphose
from rules_core.origin.cards import METAMORPHOSIS, TREMATODE
from rules_core.origin.events import Event
from rules_core.origin.food import EXTRA_FOOD, can_receive
from rules_core.origin.state import Animal, GameState, Player, mark_used, ready
from rules_core.origin.traits import tail_loss, using

TRAIT = METAMORPHOSIS


def sheddable(owner: Player, animal: Animal) -> tuple[int, ...]:
    """The cards Metamorphosis may discard: trait cards, then paired traits, that do not raise the need."""
    own = tuple(t.card for t in animal.traits if t.trait not in EXTRA_FOOD and t.card != animal.card)
    paired = tuple(link.card for link in owner.links if link.joins(animal.id) and link.trait is not TREMATODE)
    return own + paired


def _able(player: Player, animal: Animal) -> bool:
    return ready(animal, TRAIT) and can_receive(player, animal)


def candidates(state: GameState, seat: int) -> Iterator[Metamorphose]:
    player = state.players[seat]
    for animal in player.animals:
        if _able(player, animal):
            for card in sheddable(player, animal):
                yield Metamorphose(seat, animal.id, card)


def refusal(state: GameState, action: Metamorphose) -> Refusal | None:
    player = state.players[action.seat]
    animal = using.own_ready(state, action.seat, action.animal, TRAIT)
    if isinstance(animal, Refusal):
        return animal
    if not can_receive(player, animal):
        return IllegalAction("that animal may take no food now", code="cannot_eat", animal=action.animal)
    if action.card not in sheddable(player, animal):
        return IllegalAction("Metamorphosis cannot shed that card", code="not_sheddable", card=action.card)
    return None


def metamorphose(state: GameState, action: Metamorphose) -> tuple[GameState, list[Event]]:
    state = state.with_animal(mark_used(state.animal(action.animal), TRAIT))
    state, dropped = tail_loss.drop(state, action.seat, action.animal, action.card, cause="metamorphosis")
    state, fed, pending = pairs.feed(state, action.seat, action.animal, source="supply", cause="metamorphosis")
    return pairs.queue(state, action.seat, pending), dropped + fed
