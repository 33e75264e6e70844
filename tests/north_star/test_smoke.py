from rules_core.north_star.actions import TakePlantFood
from tests.north_star.scenario import RULES, player, scenario, species


def test_herbivore_takes_plant_food_from_the_watering_hole():
    state = scenario(
        watering_hole=3,
        players=[player("Ann", species(0, pop=2)), player("Bob", species(1))],
    )
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert state.species(0).food == 1
    assert state.watering_hole == 2
