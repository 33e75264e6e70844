"""Fat Tissue (ЖИРОВИЙ ЗАПАС), seed 003, "Жировий запас".

An animal may have several Fat Tissue cards (the one trait that may lie twice on an animal). Once fed, every token
the animal may get goes onto one of them as a yellow token, one per card (``food.give``); with every card covered it
takes no more. In its owner's feeding turn, "замість того, щоб отримати червону фішку з кормової бази", instead of
the take, the owner may turn any number of the yellow tokens of ONE animal into blue food; that is not getting food
and sets off no other trait. Yellow tokens stay from turn to turn. Only an animal still hungry turns fat into food,
and no more tokens than it lacks (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.origin.actions import ConvertFat
from rules_core.origin.events import Event, FatConverted
from rules_core.origin.food import need
from rules_core.origin.state import Animal, GameState


def convertible(animal: Animal) -> int:
    """How many yellow tokens the animal may turn into food now."""
    if animal.hibernating or not animal.fat:
        return 0
    return max(0, min(animal.fat, need(animal) - animal.food))


def candidates(state: GameState, seat: int) -> Iterator[ConvertFat]:
    for animal in state.players[seat].animals:
        if animal.fat:  # asked at every feeding listing, where few animals hold yellow tokens: no call for the rest
            for tokens in range(1, convertible(animal) + 1):
                yield ConvertFat(seat, animal.id, tokens)


def refusal(state: GameState, action: ConvertFat) -> Refusal | None:
    animal = state.players[action.seat].animal(action.animal)
    if animal is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.animal)
    if not 1 <= action.tokens <= convertible(animal):
        return IllegalAction(
            "that animal cannot turn that many yellow tokens into food",
            code="fat_tokens",
            tokens=action.tokens,
            most=convertible(animal),
        )
    return None


def convert(state: GameState, action: ConvertFat) -> tuple[GameState, list[Event]]:
    animal = state.animal(action.animal)
    animal = evolve(animal, fat=animal.fat - action.tokens, food=animal.food + action.tokens)
    return state.with_animal(animal), [FatConverted(action.seat, action.animal, action.tokens)]
