"""Viviparous (ŻYWORODNOŚĆ), seed 001: "Aby zaznaczyć, że młode jest nakarmione, umieszcza się na nim niebieski
znacznik żywności. ... jeśli w talii została tylko jedna karta i wykorzysta się ją do stworzenia noworodka, aktualna
runda będzie ostatnią w grze. W takim przypadku zwierzęta, które są w stanie hibernacji, uznaje się za
nienakarmione. ... Gdy w talii nie ma karty potrzebnej do stworzenia nowego zwierzęcia, nie można skorzystać z tej
cechy." The deck's top card becomes a new animal of the owner (face down, seen by its owner only: it may be an
Anglerfish), fed with a blue token. The seed does not say when: the project's ruling (docs/rulings.md) is once a
turn, in its owner's feeding turn, with the take or instead of it, by a fed animal. When the birth takes the deck's
last card, this turn is the last and every animal asleep wakes (it counts as not fed).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.copying import evolve
from rules_core.errors import IllegalAction, Refusal
from rules_core.origin.actions import GiveBirth
from rules_core.origin.cards import VIVIPAROUS
from rules_core.origin.events import AnimalBorn, DeckEmptied, Event, FoodTaken
from rules_core.origin.food import is_fed
from rules_core.origin.state import Animal, GameState, mark_used, ready
from rules_core.origin.traits import using

TRAIT = VIVIPAROUS


def candidates(state: GameState, seat: int) -> Iterator[GiveBirth]:
    for animal in state.players[seat].animals:
        # The refusal's first question asked without building a refusal for every animal without the trait.
        if ready(animal, TRAIT):
            action = GiveBirth(seat, animal.id)
            if refusal(state, action) is None:
                yield action


def refusal(state: GameState, action: GiveBirth) -> Refusal | None:
    animal = using.own_ready(state, action.seat, action.animal, TRAIT)
    if isinstance(animal, Refusal):
        return animal
    if not is_fed(animal):
        return IllegalAction("only a fed animal gives birth", code="not_fed", animal=action.animal)
    if not state.deck:
        return IllegalAction("the deck has no card for a newborn", code="deck_empty")
    return None


def give_birth(state: GameState, action: GiveBirth) -> tuple[GameState, list[Event]]:
    seat = action.seat
    state = state.with_animal(mark_used(state.animal(action.animal), TRAIT))
    newborn = Animal(state.next_animal_id, state.deck[0], food=1)
    player = state.players[seat]
    state = evolve(state, deck=state.deck[1:], next_animal_id=newborn.id + 1)
    state = state.with_player(player.with_new_animal(newborn))
    events: list[Event] = [
        AnimalBorn(seat, action.animal, newborn.id),
        FoodTaken(seat, newborn.id, "supply", False, "birth"),
    ]
    if not state.deck:
        woken = tuple(a.id for _, a in state.all_animals() if a.hibernating)
        players = tuple(
            evolve(p, animals=tuple(evolve(a, hibernating=False) if a.hibernating else a for a in p.animals))
            for p in state.players
        )
        state = evolve(state, players=players, last_turn=True)
        events.append(DeckEmptied(woken))
    return state, events
