"""Carnivore (ХИЖАК, +1), seed 003: in its owner's feeding turn, instead of taking food, it attacks an animal no trait
protects (its owner's own and other carnivores included) and, if it eats it, gets two blue tokens; once a turn each;
one carnivore of a player a round; not when fed with its Fat Tissue full; also when the food base is empty; it needs
one more token."""

from rules_core.origin.actions import Attack, TakeFood
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnimalEaten, FoodTaken
from rules_core.origin.food import need
from tests.origin.scenario import RULES, animal, of, player, refusal_code, scenario


def test_eating_the_prey_gives_two_blue_tokens():
    state = scenario(food_base=3, players=[player("Ann", animal(0, "carnivore", "big")), player("Bob", animal(1))])
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert [(e.source, e.cause) for e in of(events, FoodTaken)] == [("supply", "attack")] * 2
    assert state.animal(0).food == 2 and state.food_base == 3


def test_the_second_blue_token_goes_to_fat_tissue_or_is_lost():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "fat_tissue", food=1), animal(2, "carnivore", food=1)),
            player("Bob", animal(1), animal(3)),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert (state.animal(0).food, state.animal(0).fat) == (2, 1)


def test_a_carnivore_needs_one_more_token():
    state = scenario(food_base=3, players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1))])
    assert need(state.animal(0)) == 2


def test_a_carnivore_attacks_once_a_turn():
    state = scenario(
        food_base=0,
        players=[player("Ann", animal(0, "carnivore:used"), animal(2, "carnivore")), player("Bob", animal(1))],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "trait_used"
    assert [a for a in RULES.legal_actions(state, 0) if isinstance(a, Attack)] == [Attack(0, 2, 0), Attack(0, 2, 1)]


def test_one_carnivore_a_round():
    state = scenario(
        food_base=0,
        players=[
            player("Ann", animal(0, "carnivore"), animal(2, "carnivore", "piracy")),
            player("Bob", animal(1), animal(3), animal(4, "big", food=1)),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.active == 0  # Piracy may still come this turn, but no second attack
    assert refusal_code(state, Attack(0, 2, 3)) == "took"


def test_a_carnivore_fed_and_full_does_not_attack():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", food=2), animal(2)), player("Bob", animal(1))],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "carnivore_full"
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "fat_tissue", food=2), animal(2)), player("Bob", animal(1))],
    )
    assert Attack(0, 0, 1) in RULES.legal_actions(state, 0)


def test_a_sleeping_carnivore_does_not_attack():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "hibernation", "fat_tissue", hibernating=True), animal(2)),
            player("Bob", animal(1)),
        ],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "carnivore_full"


def test_a_carnivore_may_attack_its_owners_animal_and_another_carnivore():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore"), animal(2)), player("Bob", animal(1, "carnivore"))],
    )
    legal = RULES.legal_actions(state, 0)
    assert Attack(0, 0, 2) in legal and Attack(0, 0, 1) in legal
    _, events = RULES.apply(state, Attack(0, 0, 2))
    assert of(events, AnimalEaten)[0].prey_seat == 0


def test_a_carnivore_may_attack_when_the_food_base_is_empty():
    state = scenario(food_base=0, players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1))])
    assert RULES.legal_actions(state, 0)[0] == Attack(0, 0, 1)
    assert TakeFood(0, 0) not in RULES.legal_actions(state, 0)


def test_the_carnivore_card_turns_sideways_and_upright_next_turn():
    state = scenario(
        food_base=1,
        players=[player("Ann", animal(0, "carnivore", "fat_tissue", food=2)), player("Bob", animal(1), animal(3))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    card = state.animal(0).trait_card(Trait.CARNIVORE)
    assert card is not None and card.used
    state, _ = RULES.apply(state, TakeFood(1, 3))
    assert state.turn == 2
    card = state.animal(0).trait_card(Trait.CARNIVORE)
    assert card is not None and not card.used
