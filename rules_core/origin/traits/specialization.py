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
from rules_core.origin.cards import SPECIALIZATION_A, SPECIALIZATION_B, Trait
from rules_core.origin.events import Event
from rules_core.origin.food import can_receive
from rules_core.origin.state import Animal, GameState, mark_used
from rules_core.origin.traits import using

SPECIALIZATIONS = (SPECIALIZATION_A, SPECIALIZATION_B)


def excludes(trait: Trait, other: Trait) -> bool:
    """Two different Specializations may not lie on one animal."""
    return trait in SPECIALIZATIONS and other in SPECIALIZATIONS and trait is not other


def _specialization(animal: Animal) -> Trait | None:
    for t in animal.traits:
        if t.trait in SPECIALIZATIONS:
            return t.trait
    return None


def candidates(state: GameState, seat: int) -> Iterator[Specialize]:
    for animal in state.players[seat].animals:
        # The refusal's first question asked without building a refusal for every animal without the trait.
        if _specialization(animal) is not None:
            action = Specialize(seat, animal.id)
            if refusal(state, action) is None:
                yield action


def refusal(state: GameState, action: Specialize) -> Refusal | None:
    owned = state.players[action.seat].animal(action.animal)
    trait = None if owned is None else _specialization(owned)
    animal = using.own_ready(state, action.seat, action.animal, trait or SPECIALIZATIONS[0])
    if isinstance(animal, Refusal):
        return animal
    assert trait is not None  # own_ready found the trait on the animal
    if any(a.id != animal.id and a.has(trait) for _, a in state.all_animals()):
        return IllegalAction(
            "another animal in play has the same Specialization", code="specialization_shared", trait=trait.value
        )
    if not can_receive(state.players[action.seat], animal):
        return IllegalAction("that animal may take no food now", code="cannot_eat", animal=action.animal)
    return None


def specialize(state: GameState, action: Specialize) -> tuple[GameState, list[Event]]:
    animal = state.animal(action.animal)
    trait = _specialization(animal)
    assert trait is not None
    state = state.with_animal(mark_used(animal, trait))
    state, events, pending = pairs.feed(state, action.seat, action.animal, source="supply", cause="specialization")
    return pairs.queue(state, action.seat, pending), events
