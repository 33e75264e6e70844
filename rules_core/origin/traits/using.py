"""What refuses every use of a trait in one's feeding turn alike: the animal is not one's own, lacks the trait, or
has used it (its card turned sideways: seed 003, "повернути відповідну карту на 90 градусів")."""

from __future__ import annotations

from rules_core.errors import IllegalAction, Refusal
from rules_core.origin.cards import Trait
from rules_core.origin.state import Animal, GameState, ready


def own_ready(state: GameState, seat: int, animal_id: int, trait: Trait) -> Animal | Refusal:
    """The seat's animal with ``trait`` not used yet, or the refusal that says why not."""
    animal = state.players[seat].animal(animal_id)
    if animal is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=animal_id)
    if not animal.has(trait):
        return IllegalAction(f"that animal has no {_title(trait)}", code="lacks_trait", trait=trait.value)
    if not ready(animal, trait):
        return IllegalAction(f"{_title(trait)} has been used this turn", code="trait_used", trait=trait.value)
    return animal


def _title(trait: Trait) -> str:
    return trait.value.replace("_", " ").title()
