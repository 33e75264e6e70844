"""Taking food: the one path every food gain goes through.

Seed 000, "2. A fajok etetése" and "Fontos etetési szabályok": no species ever holds more food than its population;
a species with Fat Tissue stores what it takes beyond that as fat, up to its body size (docs/rulings.md, "Room").
Plant food comes from the watering hole (or the food bank through Long Neck and Intelligence); meat always comes from
the food bank. Foraging doubles plant food; Cooperation passes 1 food from the same place to the right.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.north_star.cards import TRAIT_OF
from rules_core.north_star.events import Event, FoodTaken, Source
from rules_core.north_star.state import GameState
from rules_core.north_star.traits import carnivore, cooperation, foraging


def gain_food(
    state: GameState, species_id: int, amount: int, *, source: Source, meat: bool, cause: str
) -> tuple[GameState, list[Event]]:
    """Give a species up to ``amount`` food from ``source``; returns the new state and what happened."""
    seat, index = state.locate(species_id)
    return gain_food_at(state, seat, index, amount, source=source, meat=meat, cause=cause)


def gain_food_at(
    state: GameState, seat: int, index: int, amount: int, *, source: Source, meat: bool, cause: str
) -> tuple[GameState, list[Event]]:
    """:func:`gain_food` for the species at ``index`` of ``seat``'s table (where the caller knows it)."""
    player = state.players[seat]
    species = player.species[index]
    # Its traits read once for the three trait rules asked here (a food take is the engine's most frequent move).
    held = [TRAIT_OF[t.card] for t in species.traits]
    if not meat:
        if not carnivore.eats_plants(held):
            return state, []
        amount = foraging.plant_amount(held, amount)
    available = state.watering_hole if source == "watering_hole" else state.food_bank
    taken = min(amount, species.room, available)
    if taken <= 0:
        return state, []
    eaten = min(taken, species.population - species.food)
    fat = taken - eaten
    player = player.with_species_at(index, evolve(species, food=species.food + eaten, fat=species.fat + fat))
    if source == "watering_hole":
        state = state.with_player(player, watering_hole=state.watering_hole - taken)
    else:
        state = state.with_player(player, food_bank=state.food_bank - taken)
    events: list[Event] = [FoodTaken(seat, species.id, source, "meat" if meat else "plant", eaten, fat, cause)]
    neighbour = cooperation.partner(held, player.species, index)
    if neighbour is not None:
        state, more = gain_food_at(state, seat, neighbour, 1, source=source, meat=meat, cause="cooperation")
        events.extend(more)
    return state, events
