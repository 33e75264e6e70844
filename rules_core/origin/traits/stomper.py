"""Stomper (ТОПОТУН), seed 003: "Можна використати у кожному раунді своєї фази харчування аби знищити одну червону
фішку з кормової бази." In each round, in its owner's feeding turn, an animal with Stomper may destroy one red token
of the food base; special cases: a player with several such animals may use them all in the same turn. It comes with
the turn's take or instead of it (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.origin.actions import Stomp
from rules_core.origin.cards import STOMPER
from rules_core.origin.events import Event, FoodStomped
from rules_core.origin.state import GameState, mark_used, ready


def candidates(state: GameState, seat: int) -> Iterator[Stomp]:
    if state.food_base > 0:
        for animal in state.players[seat].animals:
            if ready(animal, STOMPER):
                yield Stomp(seat, animal.id)


def refusal(state: GameState, action: Stomp) -> Refusal | None:
    animal = state.players[action.seat].animal(action.animal)
    if animal is None:
        return IllegalAction("that is not one of your animals", code="not_your_animal", animal=action.animal)
    if not animal.has(STOMPER):
        return IllegalAction("that animal has no Stomper", code="lacks_trait", trait=STOMPER.value)
    if not ready(animal, STOMPER):
        return IllegalAction("that Stomper has been used this round", code="trait_used", trait=STOMPER.value)
    if state.food_base <= 0:
        return IllegalAction("the food base is empty", code="food_base_empty")
    return None


def stomp(state: GameState, action: Stomp) -> tuple[GameState, list[Event]]:
    animal = mark_used(state.animal(action.animal), STOMPER)
    state = evolve(state.with_animal(animal), food_base=state.food_base - 1)
    return state, [FoodStomped(action.seat, action.animal, state.food_base)]
