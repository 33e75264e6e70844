"""Cooperation (Együttműködés), seed 000: "Minden egyes alkalommal, amikor élelmet szerez, ha van nálad tőle jobbra
egy másik faj, akkor az a faj is szerez 1 élelmet ugyanonnan (az itatótábláról vagy az élelmiszerraktárból). Ez azt
jelenti, hogy az Együttműködés tulajdonságot aktiválja például a Hosszú nyak, a Dögevő, az Intelligencia, vagy akár
egy másik Együttműködés tulajdonság (de a Zsírszövet nem)." — every time it gets food, the owner's species to its
right gets 1 food from the same place; Long Neck, Scavenger, Intelligence and another Cooperation set it off, Fat
Tissue does not. "Ragadozók etetése": a carnivore never eats plant food, not even through Cooperation."""

from rules_core.north_star.actions import Attack, TakePlantFood, UseIntelligence
from rules_core.north_star.events import FatMoved, FoodTaken
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, food_to, of, reveal
from tests.north_star.scenario import RULES, player, scenario, species


def _feeding(*ann_species, watering_hole=5, hand=(), **fields) -> GameState:
    return scenario(
        watering_hole=watering_hole,
        players=[player("Ann", *ann_species, hand=list(hand)), player("Bob", species(50, pop=6)), bystander()],
        **fields,
    )


def test_cooperation_gives_the_right_neighbour_one_plant_food_from_the_watering_hole():
    state = _feeding(species(0, pop=3, traits=["cooperation"]), species(1, pop=3))
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    assert (state.species(0).food, state.species(1).food) == (1, 1)
    assert state.watering_hole == 3
    assert [(e.source, e.kind, e.cause) for e in food_to(events, 1)] == [("watering_hole", "plant", "cooperation")]


def test_cooperation_does_not_feed_the_left_neighbour():
    state = _feeding(species(1, pop=3), species(0, pop=3, traits=["cooperation"]))
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert state.species(1).food == 0
    assert state.watering_hole == 4


def test_cooperation_feeds_only_the_species_directly_to_the_right():
    state = _feeding(species(0, pop=3, traits=["cooperation"]), species(1, pop=3), species(2, pop=3))
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert [state.species(i).food for i in (0, 1, 2)] == [1, 1, 0]


def test_cooperation_never_reaches_another_players_species():
    state = _feeding(species(0, pop=3, traits=["cooperation"]))
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert state.species(50).food == 0
    assert state.watering_hole == 4


def test_another_cooperation_carries_the_chain_on():
    state = _feeding(
        species(0, pop=3, traits=["cooperation"]), species(1, pop=3, traits=["cooperation"]), species(2, pop=3)
    )
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert [state.species(i).food for i in (0, 1, 2)] == [1, 1, 1]
    assert state.watering_hole == 2


def test_cooperation_gets_nothing_from_an_empty_source():
    state = _feeding(species(0, pop=3, traits=["cooperation"]), species(1, pop=3), watering_hole=1)
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    # The watering hole is now empty and nobody can feed: the round ends at once, so read the events.
    assert [(e.species, e.eaten) for e in of(events, FoodTaken)] == [(0, 1)]


def test_a_carnivore_neighbour_takes_no_plant_food_and_passes_nothing_on():
    state = _feeding(
        species(0, pop=3, traits=["cooperation"]),
        species(1, body=2, pop=3, traits=["carnivore", "cooperation"]),
        species(2, pop=3),
    )
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert [state.species(i).food for i in (0, 1, 2)] == [1, 0, 0]
    assert state.watering_hole == 4


def test_a_full_neighbour_takes_nothing_and_passes_nothing_on():
    state = _feeding(
        species(0, pop=3, traits=["cooperation"]),
        species(1, pop=1, food=1, traits=["cooperation"]),
        species(2, pop=3),
    )
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert [state.species(i).food for i in (0, 1, 2)] == [1, 1, 0]


def test_cooperation_passes_meat_from_the_food_bank_after_an_attack():
    state = _feeding(species(0, body=3, pop=3, traits=["carnivore", "cooperation"]), species(1, pop=3))
    state, events = RULES.apply(state, Attack(0, 0, 99))
    assert state.species(0).food == 1
    assert state.species(1).food == 1
    assert [(e.source, e.kind) for e in food_to(events, 1)] == [("food_bank", "meat")]
    assert state.food_bank == 178
    assert state.watering_hole == 5


def test_a_carnivore_neighbour_eats_the_meat_cooperation_passes():
    state = _feeding(
        species(0, body=3, pop=3, traits=["carnivore", "cooperation"]),
        species(1, body=2, pop=3, traits=["carnivore"]),
    )
    state, _ = RULES.apply(state, Attack(0, 0, 99))
    assert state.species(1).food == 1


def test_foraging_sets_off_cooperation_once_per_take():
    state = _feeding(species(0, pop=3, traits=["cooperation", "foraging"]), species(1, pop=3))
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert (state.species(0).food, state.species(1).food) == (2, 1)
    assert state.watering_hole == 2


def test_foraging_doubles_the_plant_food_cooperation_passes():
    state = _feeding(species(0, pop=3, traits=["cooperation"]), species(1, pop=3, traits=["foraging"]))
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert (state.species(0).food, state.species(1).food) == (1, 2)
    assert state.watering_hole == 2


def test_long_neck_sets_off_cooperation_from_the_food_bank():
    state, events = reveal(
        [
            player("Ann", species(0, pop=3, traits=["long_neck", "cooperation"]), species(1, pop=3)),
            player("Bob", species(50, pop=6)),
            bystander(),
        ],
        watering_hole=5,
    )
    assert (state.species(0).food, state.species(1).food) == (1, 1)
    assert [(e.source, e.cause) for e in food_to(events, 1)] == [("food_bank", "cooperation")]
    assert state.watering_hole == 5
    assert state.food_bank == 178


def test_intelligence_sets_off_cooperation_from_the_food_bank_once_per_take():
    state = _feeding(species(0, pop=3, traits=["intelligence", "cooperation"]), species(1, pop=3), hand=("horns",))
    state, _ = RULES.apply(state, UseIntelligence(0, 0, state.players[0].hand[0]))
    assert (state.species(0).food, state.species(1).food) == (2, 2)
    assert state.food_bank == 176
    assert state.watering_hole == 5


def test_scavenger_sets_off_cooperation():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=3, traits=["carnivore"])),
            player("Bob", species(1, pop=3, traits=["scavenger", "cooperation"]), species(2, pop=3)),
            bystander(),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 99))
    assert state.species(1).food == 1
    assert state.species(2).food == 1
    assert [(e.kind, e.cause) for e in food_to(events, 2)] == [("meat", "cooperation")]


def test_food_stored_as_fat_counts_as_getting_food():
    state = _feeding(
        species(0, body=2, pop=1, food=1, traits=["cooperation", "fat_tissue"]),
        species(1, body=2, pop=1, food=0, traits=["fat_tissue"]),
    )
    # Ann feeds her hungry species 1 first (she must), then stores fat on species 0: the neighbour is full by then
    # but has Fat Tissue, so it stores the passed food as fat too.
    state, _ = RULES.apply(state, TakePlantFood(0, 1))
    state, _ = RULES.apply(state, TakePlantFood(1, 50))
    state, _ = RULES.apply(state, TakePlantFood(2, 99))
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    assert state.species(0).fat == 1
    assert state.species(1).fat == 1
    assert [(e.eaten, e.stored_as_fat, e.cause) for e in food_to(events, 1)] == [(0, 1, "cooperation")]


def test_fat_tissue_moving_fat_at_the_reveal_does_not_set_off_cooperation():
    state, events = reveal(
        [
            player("Ann", species(0, body=2, pop=2, fat=2, traits=["fat_tissue", "cooperation"]), species(1, pop=3)),
            player("Bob", species(50, pop=6)),
            bystander(),
        ],
        watering_hole=5,
    )
    assert state.pending_effects == ()  # a single effect: carried out at once
    assert of(events, FatMoved) == [FatMoved(0, 0, 2)]
    assert state.species(0).food == 2
    assert state.species(1).food == 0
    assert state.food_bank == 180
