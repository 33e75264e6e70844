"""Long Neck (Hosszú nyak), seed 000: when the food cards are revealed, take 1 plant food from the food bank (not
the watering hole). It sets off Foraging and Cooperation."""

from __future__ import annotations

from rules_core.north_star.events import Event
from rules_core.north_star.food import gain_food
from rules_core.north_star.state import GameState


def on_reveal(state: GameState, species_id: int) -> tuple[GameState, list[Event]]:
    return gain_food(state, species_id, 1, source="food_bank", meat=False, cause="long_neck")
