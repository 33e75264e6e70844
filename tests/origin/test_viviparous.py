"""Viviparous (ŻYWORODNOŚĆ), seed 001: the deck's top card becomes a new animal, fed with a blue token (the project's
timing: once a turn, in its owner's feeding turn, by a fed animal); not without a card in the deck; the deck's last
card taken so makes this turn the last, and animals asleep then count as not fed."""

from rules_core.copying import evolve
from rules_core.origin.actions import GiveBirth
from rules_core.origin.events import AnimalBorn, DeckEmptied, FoodTaken
from rules_core.origin.food import is_fed
from tests.origin.scenario import RULES, animal, expanded, of, player, refusal_code


def test_a_fed_animal_gives_birth_to_a_fed_newborn_from_the_decks_top_card():
    state = expanded(
        food_base=3,
        next_animal_id=5,
        players=[player("Ann", animal(0, "viviparous", food=1)), player("Bob", animal(1))],
    )
    top = state.deck[0]
    state, events = RULES.apply(state, GiveBirth(0, 0))
    assert of(events, AnimalBorn) == [AnimalBorn(0, 0, 5)]
    assert of(events, FoodTaken) == [FoodTaken(0, 5, "supply", False, "birth")]
    newborn = state.animal(5)
    assert newborn.card == top and is_fed(newborn) and state.deck[0] != top
    assert RULES.seat_view(state, 0).animal_cards[-1] == (5, top)


def test_only_a_fed_animal_once_a_turn_and_not_from_an_empty_deck():
    hungry = expanded(food_base=3, players=[player("Ann", animal(0, "viviparous")), player("Bob", animal(1))])
    assert refusal_code(hungry, GiveBirth(0, 0)) == "not_fed"
    used = expanded(food_base=3, players=[player("Ann", animal(0, "viviparous:used", food=1)), player("Bob")])
    assert refusal_code(used, GiveBirth(0, 0)) == "trait_used"
    fed = expanded(food_base=3, players=[player("Ann", animal(0, "viviparous", food=1)), player("Bob")])
    empty = evolve(fed, deck=(), discard=fed.discard + fed.deck)
    assert refusal_code(empty, GiveBirth(0, 0)) == "deck_empty"


def test_the_decks_last_card_born_makes_this_turn_the_last_and_wakes_the_sleepers():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "viviparous", "stomper", food=1)),
            player("Bob", animal(1, "hibernation:used", hibernating=True)),
        ],
    )
    state = evolve(state, deck=state.deck[:1], discard=state.discard + state.deck[1:])
    state, events = RULES.apply(state, GiveBirth(0, 0))
    assert of(events, DeckEmptied) == [DeckEmptied((1,))]
    assert state.last_turn and not state.animal(1).hibernating and not is_fed(state.animal(1))
