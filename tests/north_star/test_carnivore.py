"""Carnivore (Ragadozó), seed 000: it may attack species whose body size is smaller than its own (any species, its
owner's own included) if it has every trait needed to overcome the prey's defences; it never eats plant food, not
even through Long Neck, Cooperation or Foraging; it may keep attacking after the watering hole is empty
("Ragadozók etetése")."""

from rules_core.north_star.actions import Attack, TakePlantFood
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, refusal, refusal_code
from tests.north_star.scenario import RULES, player, scenario, species


def _table(*, carnivore_body=3, prey_body=2, watering_hole=5, **fields) -> GameState:
    return scenario(
        watering_hole=watering_hole,
        players=[
            player("Ann", species(0, body=carnivore_body, pop=3, traits=["carnivore"]), species(2, body=1, pop=2)),
            player("Bob", species(1, body=prey_body, pop=3)),
            bystander(),
        ],
        **fields,
    )


def test_a_carnivore_attacks_a_smaller_species_and_takes_its_body_size_in_meat():
    state, _ = RULES.apply(_table(), Attack(0, 0, 1))
    assert state.species(0).food == 2
    assert state.species(1).population == 2
    assert state.food_bank == 178
    assert state.watering_hole == 5


def test_a_carnivore_may_not_attack_a_species_of_its_own_body_size():
    refused = refusal(_table(prey_body=3), Attack(0, 0, 1))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "body_size"


def test_a_carnivore_never_takes_plant_food():
    assert refusal_code(_table(), TakePlantFood(0, 0)) == "carnivore_no_plants"


def test_a_carnivore_may_attack_its_owners_own_species():
    state, _ = RULES.apply(_table(), Attack(0, 0, 2))
    assert state.species(0).food == 1
    assert state.species(2).population == 1


def test_a_carnivore_may_not_attack_itself_and_only_a_carnivore_attacks():
    assert refusal_code(_table(), Attack(0, 0, 0)) == "self_attack"
    assert refusal_code(_table(), Attack(0, 2, 1)) == "not_carnivore"


def test_a_carnivore_attacks_after_the_watering_hole_is_empty():
    state, _ = RULES.apply(_table(watering_hole=0), Attack(0, 0, 1))
    assert state.species(0).food == 2


def test_meat_is_capped_by_the_carnivores_hunger():
    state, _ = RULES.apply(_table(carnivore_body=5, prey_body=4), Attack(0, 0, 1))
    assert state.species(0).food == 3
    assert state.food_bank == 177  # the rest stays in the food bank
