"""Food need and every token's way to an animal (rules_core/origin/food.py; seed 003, "Фаза харчування"): one token
feeds an animal, Big and Carnivore need one more each, Parasite two more; red and blue tokens feed alike; a fed
animal takes a token only onto an empty Fat Tissue card; an animal asleep, or sheltered by a symbiont not yet fed,
takes none."""

from rules_core.origin.cards import Trait
from rules_core.origin.events import FoodTaken
from rules_core.origin.food import can_receive, give, is_fed, need
from tests.origin.scenario import animal, link, of, player, scenario


def test_the_need_is_one_plus_the_numbers_in_the_corners():
    state = scenario(
        players=[
            player(
                "Ann", animal(0), animal(1, "big"), animal(2, "carnivore", "big", "parasite"), animal(3, "swimming")
            ),
            player("Bob"),
        ]
    )
    assert [need(state.animal(i)) for i in range(4)] == [1, 2, 5, 1]


def test_a_red_token_leaves_the_food_base_and_a_blue_one_comes_from_the_supply():
    state = scenario(food_base=3, players=[player("Ann", animal(0, "big")), player("Bob")])
    state, _ = give(state, 0, 0, source="food_base", cause="food_base")
    state, _ = give(state, 0, 0, source="supply", cause="cooperation")
    assert state.food_base == 2 and state.animal(0).food == 2 and is_fed(state.animal(0))


def test_a_fed_animal_takes_a_token_only_onto_an_empty_fat_tissue_card():
    state = scenario(
        food_base=3, players=[player("Ann", animal(0, food=1), animal(1, "fat_tissue", food=1)), player("Bob")]
    )
    assert give(state, 0, 0, source="supply", cause="attack") == (state, [])
    state, events = give(state, 0, 1, source="supply", cause="attack")
    assert state.animal(1).fat == 1 and of(events, FoodTaken)[0].stored
    assert not can_receive(state.players[0], state.animal(1))


def test_an_animal_asleep_or_sheltered_by_a_hungry_symbiont_takes_nothing():
    state = scenario(
        food_base=3,
        players=[
            player(
                "Ann",
                animal(0, "hibernation", hibernating=True),
                animal(1),
                animal(2),
                links=[link("symbiosis", 1, 2)],
            ),
            player("Bob"),
        ],
    )
    ann = state.players[0]
    assert is_fed(state.animal(0)) and not can_receive(ann, state.animal(0))
    assert not can_receive(ann, state.animal(2)) and can_receive(ann, state.animal(1))
    assert state.animal(0).has(Trait.HIBERNATION)
