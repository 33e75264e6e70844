"""Fertile (Termékeny), seed 000: "Ha maradt az itatótáblán élelem az előző fordulóból, növeld meg a faj
populációját eggyel az etetési fázis elején, amikor az élelemkártyákat felfeditek." — if plant food was left on the
watering hole from the previous round, its population grows by 1 when the food cards are revealed (never above 6,
"3. FÁZIS")."""

from rules_core.north_star.events import FoodCardsRevealed, PopulationGrew
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, of, reveal
from tests.north_star.scenario import player, species


def _reveal(ann_species, *, watering_hole, food_card=None) -> tuple[GameState, list[object]]:
    return reveal(
        [player("Ann", ann_species, food_card=food_card), player("Bob", species(50, pop=6)), bystander()],
        watering_hole=watering_hole,
    )


def test_fertile_grows_by_one_when_plant_food_was_left_over():
    state, events = _reveal(species(0, pop=2, traits=["fertile"]), watering_hole=1)
    assert state.species(0).population == 3
    assert of(events, PopulationGrew) == [PopulationGrew(0, 0, 3)]


def test_fertile_does_nothing_when_the_watering_hole_was_empty():
    # The food card adds plant food, but none was left over from the previous round.
    state, events = _reveal(species(0, pop=2, traits=["fertile"]), watering_hole=0, food_card="long_neck")
    assert state.watering_hole > 0
    assert state.species(0).population == 2
    assert of(events, PopulationGrew) == []


def test_fertile_never_grows_above_six():
    state, events = _reveal(species(0, pop=6, traits=["fertile"]), watering_hole=3)
    assert state.species(0).population == 6
    assert of(events, PopulationGrew) == []


def test_fertile_counts_the_left_over_food_even_when_a_negative_total_removes_it():
    _, events = _reveal(species(0, pop=2, traits=["fertile"]), watering_hole=1, food_card="carnivore#14")
    revealed = of(events, FoodCardsRevealed)[0]
    assert (revealed.total, revealed.change, revealed.watering_hole) == (-3, -1, 0)  # carnivore#14 is worth -3
    assert of(events, PopulationGrew) == [PopulationGrew(0, 0, 3)]
