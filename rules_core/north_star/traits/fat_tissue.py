"""Fat Tissue (Zsírszövet), seed 000.

Once a species with Fat Tissue has food equal to its population, further food it takes is stored on the card as
fat, at most its body size (``Species.room``). When the food cards are revealed, fat moves onto the species
board without exceeding the population; this does not set off Cooperation or any trait that takes food. At the end
of the game, or when the species goes extinct, the fat goes into the owner's food bag.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.north_star.events import Event, FatMoved
from rules_core.north_star.state import GameState, Species


def on_reveal(state: GameState, species_id: int) -> tuple[GameState, list[Event]]:
    seat, index = state.locate(species_id)
    player = state.players[seat]
    species = player.species[index]
    moved = min(species.fat, species.population - species.food)
    if moved <= 0:
        return state, []
    moved_fat = evolve(species, food=species.food + moved, fat=species.fat - moved)
    return state.with_player(player.with_species_at(index, moved_fat)), [FatMoved(seat, species_id, moved)]


def has_fat(species: Species) -> bool:
    return species.fat > 0
