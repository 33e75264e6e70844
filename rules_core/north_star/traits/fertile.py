"""Fertile (Termékeny), seed 000: if plant food was left on the watering hole from the previous round, this
species' population grows by 1 at the start of feeding, when the food cards are revealed (never above 6)."""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.north_star.events import Event, PopulationGrew
from rules_core.north_star.state import MAX_SIZE, GameState


def applies(state: GameState) -> bool:
    return state.plant_food_carried_over > 0


def on_reveal(state: GameState, species_id: int) -> tuple[GameState, list[Event]]:
    seat, index = state.locate(species_id)
    player = state.players[seat]
    species = player.species[index]
    if species.population >= MAX_SIZE:
        return state, []
    grown = evolve(species, population=species.population + 1)
    return state.with_player(player.with_species_at(index, grown)), [PopulationGrew(seat, species_id, grown.population)]
