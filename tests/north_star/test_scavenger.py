"""Scavenger (Dögevő), seed 000: "Vegyél el egy élelmet az élelmiszerraktárból minden alkalommal, miután bármelyik
játékos egy ragadozója élelmet szerzett egy támadás során, akkor is, ha épp a Dögevőt támadta meg. Ha ez a
tulajdonság egy ragadozón van, akkor az a ragadozó minden sikeres támadás után eggyel több élelmet szerez." — take
1 food from the food bank every time any player's carnivore gets food in an attack, even when the Scavenger was
the one attacked; on a carnivore, it gets one more food after every successful attack. Rulings: every species with
Scavenger eats, the attacker included, served from the attacking player clockwise."""

from rules_core.north_star.actions import Attack, TakePlantFood
from rules_core.north_star.cards import Trait
from rules_core.north_star.events import FoodTaken
from tests.north_star.helpers import food_to, of, refusal_code
from tests.north_star.scenario import RULES, player, scenario, species


def test_a_scavenger_anywhere_takes_one_meat_from_the_bank_after_an_attack():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=3, traits=["carnivore"])),
            player("Bob", species(1, body=2, pop=3)),
            player("Cy", species(2, pop=3, traits=["scavenger"])),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(2).food == 1
    assert state.food_bank == 180 - 2 - 1
    taken = food_to(events, 2)
    assert [(e.source, e.kind, e.cause) for e in taken] == [("food_bank", "meat", "scavenger")]


def test_the_attacked_scavenger_eats_too_if_it_survives():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=3, traits=["carnivore"])),
            player("Bob", species(1, body=2, pop=3, traits=["scavenger"])),
            player("Cy", species(2, pop=6)),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 2
    assert state.species(1).food == 1


def test_a_scavenger_killed_by_the_attack_eats_nothing():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=3, traits=["carnivore"])),
            player("Bob", species(1, body=2, pop=1, traits=["scavenger"]), species(2, pop=3)),
            player("Cy", species(3, pop=6)),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert food_to(events, 1) == []
    assert state.food_bank == 178


def test_scavenger_on_the_attacking_carnivore_gives_it_one_more_food():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=4, traits=["carnivore", "scavenger"])),
            player("Bob", species(1, body=2, pop=3)),
            player("Cy", species(2, pop=6)),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(0).food == 3  # 2 meat + 1 for scavenging
    assert [e.cause for e in food_to(events, 0)] == ["attack", "scavenger"]


def test_a_scavenging_carnivore_also_eats_after_another_carnivores_attack():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=4, traits=["carnivore"])),
            player("Bob", species(1, body=2, pop=3)),
            player("Cy", species(2, body=2, pop=2, traits=["carnivore", "scavenger"])),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(2).food == 1


def test_scavengers_eat_nothing_after_plant_feeding():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, pop=3)),
            player("Bob", species(1, pop=3, traits=["scavenger"])),
            player("Cy", species(2, pop=6)),
        ],
    )
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    assert state.species(1).food == 0
    assert food_to(events, 1) == []


def test_no_scavenger_eats_when_the_carnivore_got_no_food():
    # Empty food bank: the attack still happens (ruling), but the carnivore gets nothing, so no Scavenger eats.
    state = scenario(
        watering_hole=5,
        food_bank=0,
        players=[
            player("Ann", species(0, body=3, pop=3, traits=["carnivore"])),
            player("Bob", species(1, body=2, pop=3)),
            player("Cy", species(2, pop=3, traits=["scavenger"])),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 2
    assert of(events, FoodTaken) == []
    assert state.species(2).food == 0


def test_scavengers_are_served_from_the_attacking_player_clockwise():
    # Bob (seat 1) attacks; the bank holds the meat plus one token: Cy (seat 2) comes before Ann (seat 0).
    state = scenario(
        turn=1,
        watering_hole=5,
        food_bank=2,
        players=[
            player("Ann", species(0, pop=3, traits=["scavenger"])),
            player("Bob", species(1, body=3, pop=3, traits=["carnivore"]), species(3, body=1, pop=2)),
            player("Cy", species(2, pop=3, traits=["scavenger"])),
        ],
    )
    state, _ = RULES.apply(state, Attack(1, 1, 3))
    assert state.species(1).food == 1
    assert state.species(2).food == 1
    assert state.species(0).food == 0
    assert state.food_bank == 0


def test_intelligence_cannot_negate_scavenger():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=3, traits=["carnivore", "intelligence"]), hand=["horns"]),
            player("Bob", species(1, body=2, pop=3, traits=["scavenger"])),
            player("Cy", species(2, pop=6)),
        ],
    )
    card = state.players[0].hand[0]
    assert refusal_code(state, Attack(0, 0, 1, (card,), (Trait.SCAVENGER,))) == "cannot_negate"


def test_no_scavenger_eats_when_horns_leave_the_carnivore_no_room_for_meat():
    # Population 2 with 1 food, wounded to population 1: full, so it takes no meat and no Scavenger eats.
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=2, food=1, traits=["carnivore"])),
            player("Bob", species(1, body=2, pop=3, traits=["horns"])),
            player("Cy", species(2, pop=3, traits=["scavenger"])),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert (state.species(0).population, state.species(0).food) == (1, 1)
    assert state.species(1).population == 2
    assert of(events, FoodTaken) == []
    assert state.food_bank == 180
