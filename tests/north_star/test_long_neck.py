"""Long Neck (Hosszú nyak), seed 000: "Vegyél el egy növényi élelmet az élelmiszerraktárból (nem az itatótábláról),
amikor az élelemkártyákat felfeditek." — take 1 plant food from the food bank, not the watering hole, when the food
cards are revealed. A carnivore never eats plant food, not even through Long Neck ("Ragadozók etetése")."""

from rules_core.north_star.events import FoodCardsRevealed, FoodTaken
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, food_to, of, reveal
from tests.north_star.scenario import player, species


def _reveal(*ann_species, watering_hole=5, **fields) -> tuple[GameState, list[object]]:
    return reveal(
        [player("Ann", *ann_species), player("Bob", species(50, pop=6)), bystander()],
        watering_hole=watering_hole,
        **fields,
    )


def test_long_neck_takes_one_plant_food_from_the_food_bank_at_the_reveal():
    state, events = _reveal(species(0, pop=3, traits=["long_neck"]))
    assert state.species(0).food == 1
    assert state.food_bank == 179
    assert state.watering_hole == 5
    assert [(e.source, e.kind, e.cause) for e in food_to(events, 0)] == [("food_bank", "plant", "long_neck")]
    # It happens after the food cards are revealed.
    assert events.index(of(events, FoodCardsRevealed)[0]) < events.index(food_to(events, 0)[0])


def test_long_neck_gives_a_carnivore_nothing():
    state, events = _reveal(species(0, body=2, pop=3, traits=["long_neck", "carnivore"]))
    assert state.species(0).food == 0
    assert food_to(events, 0) == []
    assert state.food_bank == 180


def test_long_neck_gets_nothing_from_an_empty_food_bank():
    state, events = _reveal(species(0, pop=3, traits=["long_neck"]), food_bank=0)
    assert state.species(0).food == 0
    assert of(events, FoodTaken) == []


def test_long_neck_on_a_fed_species_takes_nothing():
    state, events = _reveal(species(0, pop=1, food=1, traits=["long_neck"]))
    assert food_to(events, 0) == []
    assert state.food_bank == 180
