"""Tail Loss (ВІДКИДАННЯ ХВОСТА), seed 003: "Коли тварина атакована хижаком, скиньте у відбій карту цієї або будь-якої
іншої здібності тварини – тварина залишиться живою. Хижак отримає лише одну синю фішку." When attacked, discard the
card of this or any other trait of the animal: it lives, and the carnivore gets a single blue token. Special cases:
any trait may go, paired traits (the card leaves both animals) and Parasite included. A yellow token on a Fat
Tissue card that goes is lost with it (docs/rulings.md: an empty Fat Tissue card goes first).

Seed 001: "Karty przywra nie można się pozbyć za pomocą innych kart, np. odrzucenie ogona": a Trematode stays; nor
may a revealed Anglerfish drop its own card (its Carnivore is the animal itself). ``drop`` also serves
Metamorphosis, which sheds a trait the same way.
"""

from __future__ import annotations

from typing import Literal

from rules_core.copying import evolve
from rules_core.origin.cards import FAT_TISSUE, TAIL_LOSS, TREMATODE, Trait
from rules_core.origin.events import Event, TraitDropped
from rules_core.origin.state import Animal, GameState, Player

TRAIT = TAIL_LOSS
#: Traits that Tail Loss may not discard ("якщо в тексті карти не вказано інше"): Trematode (seed 001).
KEPT: frozenset[Trait] = frozenset({TREMATODE})


def droppable(owner: Player, target: Animal) -> tuple[int, ...]:
    """The cards Tail Loss may discard: the animal's trait cards, then the paired traits joining it."""
    if not target.has(TAIL_LOSS):
        return ()
    own = tuple(t.card for t in target.traits if t.trait not in KEPT and t.card != target.card)
    paired = tuple(link.card for link in owner.links if link.joins(target.id) and link.trait not in KEPT)
    return own + paired


def drop(
    state: GameState,
    seat: int,
    animal_id: int,
    card: int,
    *,
    cause: Literal["tail_loss", "metamorphosis"] = "tail_loss",
) -> tuple[GameState, list[Event]]:
    """The card leaves the animal (a paired one both animals) for the discard pile, with a yellow token it held."""
    player = state.players[seat]
    animal = player.animal(animal_id)
    assert animal is not None
    kept = tuple(t for t in animal.traits if t.card != card)
    fat = animal.fat
    if len(kept) < len(animal.traits):
        trait = next(t.trait for t in animal.traits if t.card == card)
        fat = min(animal.fat, sum(1 for t in kept if t.trait is FAT_TISSUE))
        state = state.with_animal(evolve(animal, traits=kept, fat=fat))
    else:
        link = next(link for link in player.links if link.card == card)
        trait = link.trait
        state = state.with_player(evolve(player, links=tuple(x for x in player.links if x.card != card)))
    # The card counts as the owner's discard (the tie-break ``discards``).
    owner = state.players[seat]
    state = evolve(state, discard=(*state.discard, card)).with_player(evolve(owner, discarded=owner.discarded + 1))
    return state, [TraitDropped(seat, animal_id, card, trait, animal.fat - fat, cause)]
