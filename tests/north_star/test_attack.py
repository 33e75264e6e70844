"""Attacks (seed 000, "Ragadozók etetése"): a carnivore may attack when its body size is greater than the prey's
and it has the traits that overcome the prey's defences. When the attack succeeds, it takes meat from the food bank
equal to the prey's body size, and the prey loses 1 population: food above the new population goes into the prey
owner's food bag; at 0 the prey goes extinct. "Fontos etetési szabályok": a hungry carnivore must eat while it can
(so it must attack), and no species ever gets more food than its population."""

from rules_core.north_star.actions import Attack, StopFeeding
from rules_core.north_star.events import FoodBagged, FoodTaken, PopulationLost, SpeciesAttacked
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, of, refusal_code
from tests.north_star.scenario import RULES, player, scenario, species


def _table(prey, *, carnivore=None, food_bank: int = 180, watering_hole: int = 5) -> GameState:
    return scenario(
        watering_hole=watering_hole,
        food_bank=food_bank,
        players=[
            player("Ann", carnivore or species(0, body=4, pop=4, traits=["carnivore"])),
            player("Bob", prey, species(2, pop=3)),
            bystander(),
        ],
    )


def test_a_successful_attack_takes_meat_equal_to_the_prey_body_size_and_costs_the_prey_one_population():
    state, events = RULES.apply(_table(species(1, body=3, pop=3)), Attack(0, 0, 1))
    assert state.species(1).population == 2
    assert state.species(0).food == 3
    assert state.food_bank == 177
    assert of(events, SpeciesAttacked) == [SpeciesAttacked(0, 0, 1, 1, ())]
    assert of(events, PopulationLost) == [PopulationLost(1, 1, 2, "attack")]
    assert of(events, FoodTaken) == [FoodTaken(0, 0, "food_bank", "meat", 3, 0, "attack")]


def test_food_above_the_preys_new_population_goes_to_the_prey_owners_bag():
    state, events = RULES.apply(_table(species(1, body=2, pop=3, food=3)), Attack(0, 0, 1))
    assert (state.species(1).population, state.species(1).food) == (2, 2)
    assert state.players[1].bag == 1
    assert state.players[0].bag == 0
    assert FoodBagged(1, 1, 1) in events


def test_a_hungry_prey_loses_population_but_keeps_its_food():
    state, _ = RULES.apply(_table(species(1, body=2, pop=3, food=1)), Attack(0, 0, 1))
    assert (state.species(1).population, state.species(1).food) == (2, 1)
    assert state.players[1].bag == 0


def test_the_prey_must_be_on_the_table():
    assert refusal_code(_table(species(1, body=2, pop=3)), Attack(0, 0, 77)) == "no_such_species"


def test_a_player_attacks_only_with_their_own_carnivore():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=1, pop=2)),
            player("Bob", species(1, body=4, pop=3, traits=["carnivore"])),
            bystander(),
        ],
    )
    assert refusal_code(state, Attack(0, 1, 99)) == "not_your_species"


def test_a_fed_carnivore_without_fat_tissue_cannot_attack():
    carnivore = species(0, body=4, pop=2, food=2, traits=["carnivore"])
    assert refusal_code(_table(species(1, body=2, pop=3), carnivore=carnivore), Attack(0, 0, 1)) == "species_full"


def test_a_hungry_carnivore_with_a_valid_target_may_not_stop_even_if_the_only_target_is_its_own():
    state = scenario(
        watering_hole=0,
        players=[
            player("Ann", species(0, body=3, pop=2, traits=["carnivore"]), species(1, body=1, pop=2)),
            player("Bob", species(10, body=3, pop=2)),
            player("Cy", species(20, body=1, pop=2, traits=["climbing"])),
        ],
    )
    assert refusal_code(state, StopFeeding(0)) == "must_feed"
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 1


def test_a_carnivore_with_no_valid_target_may_stop():
    state = scenario(
        watering_hole=0,
        players=[
            player("Ann", species(0, body=2, pop=2, traits=["carnivore"])),
            player("Bob", species(10, body=3, pop=2)),
            player("Cy", species(20, body=1, pop=2, traits=["climbing"])),
        ],
    )
    state, _ = RULES.apply(state, StopFeeding(0))
    assert state.round == 2  # nobody else can feed: the round is over


def test_an_attack_with_an_empty_food_bank_still_costs_the_prey_one_population():
    # Ruling ("Attacks when the food bank is empty"): the attack happens; the carnivore gets no meat.
    state, events = RULES.apply(_table(species(1, body=2, pop=3), food_bank=0), Attack(0, 0, 1))
    assert state.species(1).population == 2
    assert state.species(0).food == 0
    assert of(events, FoodTaken) == []


def test_meat_is_limited_by_what_the_food_bank_holds():
    state, _ = RULES.apply(_table(species(1, body=3, pop=3), food_bank=2), Attack(0, 0, 1))
    assert state.species(0).food == 2
    assert state.food_bank == 0
