"""Specialization A and B (SPECJALIZACJA), seed 001: "Gracz nie bierze czerwonego znacznika z banku żywności, lecz
może położyć niebieski znacznik żywności na karcie zwierzęcia mającego cechę specjalizacja. Nie wolno użyć tej cechy,
jeśli na stole znajduje się już zwierzę, które ją posiada". Instead of the turn's take, the animal gets a blue token;
not while another animal in play, anybody's, has the same Specialization (two with A: neither uses it; A and B do not
hinder each other). "Zwierzę nie może posiadać dwóch różnych specjalizacji jednocześnie"; "Specjalizację można
wykorzystać tylko raz na rundę" (once a turn, its card turned sideways). The token sets off Cooperation as any blue
one does.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.errors import IllegalAction, Refusal
from rules_core.origin import pairs
from rules_core.origin.actions import Specialize
from rules_core.origin.cards import Trait
from rules_core.origin.events import Event
from rules_core.origin.food import can_receive
from rules_core.origin.state import Animal, GameState, mark_used, ready

SPECIALIZATIONS = (Trait.SPECIALIZATION_A, Trait.SPECIALIZATION_B)


def excludes(trait: Trait, other: Trait) -> bool:
    """Two different Specializations may not lie on one animal."""
    return trait in SPECIALIZATIONS and other in SPECIALIZATIONS and trait is not other


def _specialization(animal: Animal) -> Trait | None:
    for t in animal.traits:
        if t.trait in SPECIALIZATIONS:
            return t.trait
    return None


def why_not(state: GameState, seat: int, animal: Animal) -> str | None:
    trait = _specialization(animal)
    if trait is None:
        return "lacks_trait"
    if not ready(animal, trait):
        return "trait_used"
    if any(a.id != animal.id and a.has(trait) for _, a in state.all_animals()):
        return "specialization_shared"
    if not can_receive(state.players[seat], animal):
        return "cannot_eat"
    return None


def candidates(state: GameState, seat: int) -> Iterator[Specialize]:
    for animal in state.players[seat].animals:
        if _specialization(animal) is not None and why_not(state, seat, animal) is None:
            yield Specialize(seat, animal.id)


_MESSAGES = {
    "lacks_trait": "that animal has no Specialization",
    "trait_used": "that Specialization has been used this turn",
    "specialization_shared": "another animal in play has the same Specialization",
    "cannot_eat": "that animal may take no food now",
}


def refusal(state: GameState, action: Specialize) -> Refusal | None:
    animal = state.players[action.seat].animal(action.animal)
    if animal is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.animal)
    code = why_not(state, action.seat, animal)
    return None if code is None else IllegalAction(_MESSAGES[code], code=code, animal=action.animal)


def specialize(state: GameState, action: Specialize) -> tuple[GameState, list[Event]]:
    animal = state.animal(action.animal)
    trait = _specialization(animal)
    assert trait is not None
    state = state.with_animal(mark_used(animal, trait))
    state, events, pending = pairs.feed(state, action.seat, action.animal, source="supply", cause="specialization")
    return pairs.queue(state, action.seat, pending), events
