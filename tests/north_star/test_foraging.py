"""Foraging (Gyűjtögetés), seed 000: "Ez a faj egy helyett két növényi élelmet szerez, amikor bárhonnan növényi
élelmet vesz el (kivéve, ha a második étellel túllépne a populációján). Akár más tulajdonságok (mint például az
Együttműködés, a Hosszú nyak vagy az Intelligencia) is működésbe hozhatják a gyűjtögetést." — it takes two plant
food instead of one wherever it takes plant food (not the second above its population); Cooperation, Long Neck and
Intelligence set it off too. Meat is not plant food."""

from rules_core.north_star.actions import Attack, TakePlantFood, UseIntelligence
from rules_core.north_star.events import FoodTaken
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, food_to, of, reveal
from tests.north_star.scenario import RULES, player, scenario, species


def _feeding(*ann_species, watering_hole=5, hand=(), bob=None) -> GameState:
    return scenario(
        watering_hole=watering_hole,
        players=[
            player("Ann", *ann_species, hand=list(hand)),
            bob or player("Bob", species(50, pop=6)),
            bystander(),
        ],
    )


def test_foraging_takes_two_plant_food_from_the_watering_hole():
    state, events = RULES.apply(_feeding(species(0, pop=3, traits=["foraging"])), TakePlantFood(0, 0))
    assert state.species(0).food == 2
    assert state.watering_hole == 3
    assert [e.eaten for e in food_to(events, 0)] == [2]


def test_foraging_takes_no_second_food_above_the_population():
    state, _ = RULES.apply(_feeding(species(0, pop=3, food=2, traits=["foraging"])), TakePlantFood(0, 0))
    assert state.species(0).food == 3
    assert state.watering_hole == 4


def test_foraging_takes_one_when_the_watering_hole_holds_one():
    _, events = RULES.apply(_feeding(species(0, pop=3, traits=["foraging"]), watering_hole=1), TakePlantFood(0, 0))
    assert [(e.species, e.eaten) for e in of(events, FoodTaken)] == [(0, 1)]


def test_foraging_second_food_may_go_to_fat_tissue():
    # Ruling ("Room"): with Fat Tissue, the food beyond the population is stored as fat.
    state, _ = RULES.apply(
        _feeding(species(0, body=2, pop=3, food=2, traits=["foraging", "fat_tissue"])), TakePlantFood(0, 0)
    )
    assert (state.species(0).food, state.species(0).fat) == (3, 1)
    assert state.watering_hole == 3


def test_long_neck_sets_off_foraging():
    state, _ = reveal(
        [
            player("Ann", species(0, pop=3, traits=["long_neck", "foraging"])),
            player("Bob", species(50, pop=6)),
            bystander(),
        ],
        watering_hole=5,
    )
    assert state.species(0).food == 2
    assert state.food_bank == 178
    assert state.watering_hole == 5


def test_intelligence_sets_off_foraging_four_plant_food():
    state = _feeding(species(0, pop=5, traits=["intelligence", "foraging"]), hand=("horns",))
    state, _ = RULES.apply(state, UseIntelligence(0, 0, state.players[0].hand[0]))
    assert state.species(0).food == 4
    assert state.food_bank == 176


def test_cooperation_sets_off_foraging():
    state = _feeding(species(1, pop=3, traits=["cooperation"]), species(0, pop=3, traits=["foraging"]))
    state, _ = RULES.apply(state, TakePlantFood(0, 1))
    assert state.species(0).food == 2


def test_foraging_does_not_double_meat():
    bob = player(
        "Bob", species(1, body=3, pop=3, traits=["carnivore", "cooperation"]), species(2, pop=3, traits=["foraging"])
    )
    state = scenario(turn=1, watering_hole=5, players=[player("Ann", species(0, body=1, pop=3)), bob, bystander()])
    state, _ = RULES.apply(state, Attack(1, 1, 0))
    assert state.species(2).food == 1
