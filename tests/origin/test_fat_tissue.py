"""Fat Tissue (ЖИРОВИЙ ЗАПАС), seed 003: several per animal; once fed, each token goes onto a card as a yellow token,
one per card, and with every card covered the animal takes no more; instead of the take, the owner turns any number
of one animal's yellow tokens into food, which is not getting food and sets nothing off; yellow tokens stay from turn
to turn and never make the animal fed."""

from rules_core.origin.actions import ConvertFat, Pass, TakeFood
from rules_core.origin.events import FatConverted, FoodTaken
from rules_core.origin.food import can_receive, is_fed
from tests.origin.scenario import RULES, animal, link, of, player, refusal_code, scenario


def test_a_fed_animal_fills_one_card_a_token_and_then_takes_no_more():
    state = scenario(
        food_base=9,
        players=[player("Ann", animal(0, "fat_tissue", "fat_tissue", food=1)), player("Bob", animal(1, "big"))],
    )
    state, events = RULES.apply(state, TakeFood(0, 0))
    assert state.animal(0).fat == 1 and of(events, FoodTaken)[0].stored
    state, _ = RULES.apply(state, TakeFood(1, 1))
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert (state.animal(0).food, state.animal(0).fat) == (1, 2)
    assert not can_receive(state.players[0], state.animal(0))


def test_yellow_tokens_turn_into_food_instead_of_the_take():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "fat_tissue", "fat_tissue", "big", fat=2), animal(2)),
            player("Bob", animal(1)),
        ],
    )
    legal = RULES.legal_actions(state, 0)
    assert ConvertFat(0, 0, 1) in legal and ConvertFat(0, 0, 2) in legal and ConvertFat(0, 0, 3) not in legal
    state, events = RULES.apply(state, ConvertFat(0, 0, 2))
    assert of(events, FatConverted) == [FatConverted(0, 0, 2)]
    assert (state.animal(0).food, state.animal(0).fat) == (2, 0)
    assert is_fed(state.animal(0))
    assert state.active == 1  # that was the turn's take


def test_no_more_yellow_tokens_turn_into_food_than_the_animal_lacks():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "fat_tissue", "fat_tissue", fat=2)), player("Bob", animal(1))],
    )
    assert [a for a in RULES.legal_actions(state, 0) if isinstance(a, ConvertFat)] == [ConvertFat(0, 0, 1)]
    assert refusal_code(state, ConvertFat(0, 0, 2)) == "fat_tokens"


def test_turning_fat_into_food_sets_off_no_paired_trait():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "fat_tissue", fat=1), animal(2), links=[link("cooperation", 0, 2)]),
            player("Bob", animal(1)),
        ],
    )
    state, events = RULES.apply(state, ConvertFat(0, 0, 1))
    assert of(events, FoodTaken) == [] and state.animal(2).food == 0


def test_yellow_tokens_stay_from_turn_to_turn_and_do_not_feed():
    state = scenario(
        food_base=1,
        players=[
            player("Ann", animal(0, "fat_tissue", food=1), animal(2, "fat_tissue", fat=1)),
            player("Bob", animal(1)),
        ],
    )
    state, _ = RULES.apply(state, TakeFood(0, 0))
    state, _ = RULES.apply(state, Pass(0))  # Ann keeps animal 2's yellow token rather than eat it
    assert state.turn == 2
    assert (state.animal(0).food, state.animal(0).fat) == (0, 1)
    assert state.find(2) is None  # a yellow token alone did not feed it
