"""Horns (Szarvak), seed 000: "A Szarvakkal rendelkező fajt megtámadó ragadozónak eggyel csökkentenie kell a
populációját. Ez a populációcsökkenés az előtt következik be, hogy a ragadozó megszerezze a támadással az
élelmet." — a carnivore that attacks it loses 1 population, before it takes the meat. And "Fontos etetési
szabályok": a carnivore must attack a species with Horns if that is its only valid target."""

from rules_core.north_star.actions import Attack, StopFeeding
from rules_core.north_star.cards import Trait
from rules_core.north_star.events import (
    FoodBagged,
    FoodTaken,
    PopulationLost,
    SpeciesAttacked,
    SpeciesWentExtinct,
)
from rules_core.north_star.state import GameState
from tests.north_star.helpers import of, refusal_code
from tests.north_star.scenario import RULES, player, scenario, species


def _table(carnivore, *, prey_pop=3, hand=(), scavenger=False) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player("Ann", carnivore, hand=list(hand)),
            player("Bob", species(1, body=3, pop=prey_pop, food=1, traits=["horns"])),
            player("Cy", species(99, pop=6, traits=["scavenger"] if scavenger else [])),
        ],
    )


def test_horns_wound_the_carnivore_before_it_takes_the_meat():
    # Population 3 and no food: with the wound first it can hold only 2 of the 3 meat.
    state, events = RULES.apply(_table(species(0, body=4, pop=3, traits=["carnivore"])), Attack(0, 0, 1))
    assert state.species(0).population == 2
    assert state.species(0).food == 2
    assert state.species(1).population == 2
    losses = of(events, PopulationLost)
    assert [(e.species, e.cause) for e in losses] == [(0, "horns"), (1, "attack")]
    assert events.index(losses[0]) < events.index(of(events, FoodTaken)[0])


def test_horns_food_above_the_wounded_carnivores_population_goes_to_its_owners_bag():
    # A full carnivore with 1 free fat attacks: wounded to population 1 with 2 food, 1 food spills into the bag;
    # then the meat (3) is stored as fat as far as there is room (1).
    carnivore = species(0, body=4, pop=2, food=2, fat=3, traits=["carnivore", "fat_tissue"])
    state, events = RULES.apply(_table(carnivore), Attack(0, 0, 1))
    assert state.species(0).population == 1
    assert state.species(0).food == 1
    assert state.players[0].bag == 1
    assert FoodBagged(0, 1, 1) in events
    assert state.species(0).fat == 4
    assert state.food_bank == 179


def test_horns_kill_a_population_one_carnivore_the_prey_still_loses_one_and_nobody_eats():
    state, events = RULES.apply(
        _table(species(0, body=4, pop=1, traits=["carnivore", "climbing"]), scavenger=True), Attack(0, 0, 1)
    )
    assert [s.id for s in state.players[0].species] == []
    extinct = of(events, SpeciesWentExtinct)
    assert [(e.species, e.cause) for e in extinct] == [(0, "horns")]
    assert state.species(1).population == 2  # the prey still loses 1
    assert state.players[1].bag == 0  # food 1 on population 2: no excess
    assert of(events, FoodTaken) == []  # no meat, and no Scavenger eats
    assert state.species(99).food == 0
    assert state.food_bank == 180
    assert len(state.players[0].hand) == 2  # two trait cards discarded, two drawn


def test_intelligence_negates_horns():
    state = _table(species(0, body=4, pop=3, traits=["carnivore", "intelligence"]), hand=("ambush",))
    card = state.players[0].hand[0]
    state, events = RULES.apply(state, Attack(0, 0, 1, (card,), (Trait.HORNS,)))
    assert state.species(0).population == 3
    assert state.species(0).food == 3
    assert of(events, SpeciesAttacked)[0].negated == ("horns",)


def test_horns_never_stop_an_attack_so_a_carnivore_whose_only_target_has_horns_must_attack_it():
    state = scenario(
        watering_hole=0,
        players=[
            player("Ann", species(0, body=4, pop=3, traits=["carnivore"])),
            player("Bob", species(1, body=3, pop=3, traits=["horns"]), species(2, body=1, pop=3, traits=["climbing"])),
            player("Cy", species(3, body=5, pop=1)),
        ],
    )
    assert refusal_code(state, StopFeeding(0)) == "must_feed"
    assert refusal_code(state, Attack(0, 0, 2)) == "attack_blocked"
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(0).population == 2


def test_a_carnivore_killed_by_horns_puts_its_food_and_fat_into_its_owners_bag():
    carnivore = species(0, body=4, pop=1, food=1, fat=1, traits=["carnivore", "fat_tissue"])
    state, events = RULES.apply(_table(carnivore), Attack(0, 0, 1))
    assert state.players[0].species == ()
    assert state.players[0].bag == 2
    assert FoodBagged(0, 2, 2) in events
