"""Fat Tissue (Zsírszövet), seed 000: once the species' board holds food equal to its population, it may put food
on the Fat Tissue card, at most its body size. Fat is neither plant food nor meat. When the food cards are revealed
the fat moves onto the board without exceeding the population (this sets off no Cooperation). At the end of the
game, or when the species goes extinct, the fat goes into the owner's food bag. Rulings: storing fat is optional;
a replaced Fat Tissue card's fat goes into the bag."""

from rules_core.north_star.actions import Attack, PlayTrait, TakePlantFood
from rules_core.north_star.events import FatMoved, FoodBagged, GameEnded
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, food_to, of, refusal_code, reveal
from tests.north_star.scenario import RULES, player, scenario, species


def _feeding(*ann_species, watering_hole=5, **fields) -> GameState:
    return scenario(
        watering_hole=watering_hole,
        players=[player("Ann", *ann_species), player("Bob", species(50, pop=6)), bystander()],
        **fields,
    )


def test_a_fed_species_with_fat_tissue_stores_further_food_as_fat():
    state, events = RULES.apply(_feeding(species(0, body=3, pop=2, food=2, traits=["fat_tissue"])), TakePlantFood(0, 0))
    assert (state.species(0).food, state.species(0).fat) == (2, 1)
    assert [(e.eaten, e.stored_as_fat) for e in food_to(events, 0)] == [(0, 1)]


def test_fat_is_stored_only_once_the_board_is_full():
    state, _ = RULES.apply(_feeding(species(0, body=3, pop=2, food=1, traits=["fat_tissue"])), TakePlantFood(0, 0))
    assert (state.species(0).food, state.species(0).fat) == (2, 0)


def test_fat_tissue_holds_at_most_the_body_size():
    state = _feeding(species(0, body=2, pop=2, food=2, fat=2, traits=["fat_tissue"]))
    assert refusal_code(state, TakePlantFood(0, 0)) == "species_full"


def test_without_fat_tissue_a_fed_species_takes_nothing_more():
    assert refusal_code(_feeding(species(0, body=3, pop=2, food=2)), TakePlantFood(0, 0)) == "species_full"


def test_a_hungry_species_must_be_fed_before_fat_is_stored():
    state = _feeding(species(0, body=3, pop=2, food=2, traits=["fat_tissue"]), species(1, pop=2))
    assert refusal_code(state, TakePlantFood(0, 0)) == "must_feed_hungry"


def test_fat_moves_onto_the_board_at_the_reveal_without_exceeding_the_population():
    state, events = reveal(
        [
            player("Ann", species(0, body=3, pop=2, fat=3, traits=["fat_tissue"])),
            player("Bob", species(50, pop=6)),
            bystander(),
        ],
        watering_hole=5,
    )
    assert of(events, FatMoved) == [FatMoved(0, 0, 2)]
    assert (state.species(0).food, state.species(0).fat) == (2, 1)


def test_fat_is_neither_plant_nor_meat_a_carnivore_eats_it_at_the_reveal():
    state, _ = reveal(
        [
            player("Ann", species(0, body=3, pop=2, fat=2, traits=["carnivore", "fat_tissue"])),
            player("Bob", species(50, pop=6)),
            bystander(),
        ],
        watering_hole=5,
    )
    assert (state.species(0).food, state.species(0).fat) == (2, 0)


def test_fat_goes_into_the_bag_when_the_species_goes_extinct():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=4, pop=3, traits=["carnivore"])),
            player("Bob", species(1, body=2, pop=1, food=1, fat=2, traits=["fat_tissue"]), species(2, pop=3)),
            bystander(),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert state.players[1].bag == 3
    assert FoodBagged(1, 3, 3) in events


def test_fat_stays_on_fat_tissue_at_the_end_of_a_round():
    state = scenario(
        watering_hole=1,
        players=[
            player("Ann", species(0, body=3, pop=2, food=1, fat=2, traits=["fat_tissue"])),
            player("Bob", species(50, pop=1, food=1)),
            player("Cy", species(99, pop=1, food=1)),
        ],
    )
    state, _ = RULES.apply(state, TakePlantFood(0, 0))  # the last plant food: the round ends
    assert state.round == 2
    assert state.species(0).fat == 2
    assert state.species(0).food == 0
    assert state.players[0].bag == 2


def test_fat_goes_into_the_bag_at_the_end_of_the_game():
    state = scenario(
        watering_hole=1,
        last_round=True,
        players=[
            player("Ann", species(0, body=3, pop=2, food=1, fat=2, traits=["fat_tissue"])),
            player("Bob", species(50, pop=1, food=1)),
            player("Cy", species(99, pop=1, food=1)),
        ],
    )
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    assert of(events, GameEnded)
    assert state.players[0].bag == 4  # 2 food eaten this round + 2 fat
    assert state.species(0).fat == 0


def test_fat_on_a_replaced_fat_tissue_card_goes_into_the_bag():
    state = scenario(
        phase="play_cards",
        turn=0,
        players=[
            player(
                "Ann",
                species(0, body=3, pop=2, fat=3, traits=["fat_tissue", "horns", "climbing"]),
                hand=["ambush", "long_neck"],
            ),
            player("Bob", species(50)),
            player("Cy", species(99)),
        ],
    )
    fat_card = state.species(0).traits[0].card
    state, events = RULES.apply(state, PlayTrait(0, state.players[0].hand[0], 0, replace=fat_card))
    assert state.species(0).fat == 0
    assert state.players[0].bag == 3
    assert FoodBagged(0, 3, 3) in events
    assert fat_card in state.discard


def test_a_fed_carnivore_with_fat_tissue_may_attack_to_store_fat():
    state = scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=1, food=1, traits=["carnivore", "fat_tissue"])),
            player("Bob", species(1, body=2, pop=3)),
            bystander(),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert (state.species(0).food, state.species(0).fat) == (1, 2)
    assert state.species(1).population == 2
