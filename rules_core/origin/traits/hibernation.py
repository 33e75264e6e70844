"""Hibernation (СПЛЯЧКА), seed 003: "Можна використати у свою фазу харчування – тварина вважається нагодованою. Не
можна використовувати два ходи поспіль та в останній хід гри." In its owner's feeding turn the animal falls asleep and
counts as fed for the rest of the turn (it survives the extinction); not in two turns running, nor in the last turn.
Special cases: asleep, it takes no token from the food base nor from any trait, even with an empty Fat Tissue card.
It comes with the turn's take or instead of it; it is used only by an animal not yet fed (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.origin.actions import Hibernate
from rules_core.origin.cards import HIBERNATION
from rules_core.origin.events import AnimalHibernated, Event
from rules_core.origin.food import is_fed
from rules_core.origin.state import Animal, GameState, mark_used


def why_not(state: GameState, animal: Animal) -> str | None:
    """Why the animal may not fall asleep now (a refusal code), or None."""
    if not animal.has(HIBERNATION):
        return "lacks_trait"
    if state.last_turn:
        return "last_turn"
    if animal.hibernated_last_turn:
        return "hibernated_last_turn"
    if is_fed(animal):
        return "already_fed"
    return None


def candidates(state: GameState, seat: int) -> Iterator[Hibernate]:
    for animal in state.players[seat].animals:
        if why_not(state, animal) is None:
            yield Hibernate(seat, animal.id)


_MESSAGES = {
    "lacks_trait": "that animal has no Hibernation",
    "last_turn": "nobody hibernates in the last turn",
    "hibernated_last_turn": "that animal hibernated last turn",
    "already_fed": "that animal is fed already",
}


def refusal(state: GameState, action: Hibernate) -> Refusal | None:
    animal = state.players[action.seat].animal(action.animal)
    if animal is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.animal)
    code = why_not(state, animal)
    if code is None:
        return None
    return IllegalAction(_MESSAGES[code], code=code, trait=HIBERNATION.value)


def hibernate(state: GameState, action: Hibernate) -> tuple[GameState, list[Event]]:
    animal = mark_used(state.animal(action.animal), HIBERNATION)
    state = state.with_animal(evolve(animal, hibernating=True))
    return state, [AnimalHibernated(action.seat, action.animal)]
