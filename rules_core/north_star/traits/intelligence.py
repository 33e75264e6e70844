"""Intelligence (Intelligencia), seed 000.

* Not a carnivore: during feeding the owner may discard a card from the hand to take 2 plant food from the food
  bank, several times a round (docs/rulings.md: one use is one feeding turn). The 2 food are two takes of one plant
  food each, so every trait that reacts to a take reacts twice: Foraging doubles each (4 in all) and Cooperation
  passes 1 food on after each (docs/rulings.md, "Takes").
* A carnivore: while attacking, the owner may discard any number of cards at once; each negates one trait card of
  the defending species for that one attack. Scavenger, and any trait that does not actively protect the prey,
  cannot be negated (``NEGATABLE``).
"""

from __future__ import annotations

from rules_core.north_star.cards import BURROWING, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, HORNS, SYMBIOSIS
from rules_core.north_star.events import Event
from rules_core.north_star.food import gain_food
from rules_core.north_star.state import GameState

#: The traits that actively protect the species they are on (Horns by wounding the attacker).
NEGATABLE = frozenset(
    {
        BURROWING,
        CLIMBING,
        DEFENSIVE_HERDING,
        HARD_SHELL,
        HORNS,
        SYMBIOSIS,
    }
)
#: One discard: this many takes of one plant food each from the food bank.
TAKES = 2


def take_plant_food(state: GameState, species_id: int) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for _ in range(TAKES):
        state, taken = gain_food(state, species_id, 1, source="food_bank", meat=False, cause="intelligence")
        events.extend(taken)
    return state, events
