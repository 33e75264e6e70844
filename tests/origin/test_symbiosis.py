"""Symbiosis (СИМБІОЗ), a paired trait, seed 003: one animal of the pair is the symbiont; the other may not be
attacked while the symbiont lives, and takes tokens only once the symbiont is fed."""

from rules_core.origin.actions import Attack, Hibernate, TakeFood
from rules_core.origin.events import FoodTaken
from tests.origin.scenario import RULES, animal, link, of, player, refusal_code, refused, scenario


def test_the_sheltered_animal_may_not_be_attacked_while_the_symbiont_lives():
    state = scenario(
        food_base=5,
        players=[
            player("Ann", animal(0, "carnivore"), animal(4, "carnivore")),
            player("Bob", animal(1), animal(2), links=[link("symbiosis", 1, 2)]),
        ],
    )
    assert refused(state, Attack(0, 0, 2)).params["reason"] == "symbiosis"
    state, _ = RULES.apply(state, Attack(0, 0, 1))  # the symbiont is eaten, and the card goes with it
    assert state.players[1].links == ()
    state, _ = RULES.apply(state, TakeFood(1, 2))
    assert Attack(0, 4, 2) in RULES.legal_actions(state, 0)


def test_the_symbiont_itself_may_be_attacked():
    state = scenario(
        food_base=5,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1), animal(2), links=[link("symbiosis", 1, 2)]),
        ],
    )
    assert Attack(0, 0, 1) in RULES.legal_actions(state, 0)


def test_the_sheltered_animal_eats_only_once_the_symbiont_is_fed():
    state = scenario(
        food_base=5,
        players=[
            player("Ann", animal(0, "big"), animal(1), links=[link("symbiosis", 0, 1)]),
            player("Bob", animal(2, "big")),
        ],
    )
    assert refusal_code(state, TakeFood(0, 1)) == "cannot_eat"
    state, _ = RULES.apply(state, TakeFood(0, 0))
    state, _ = RULES.apply(state, TakeFood(1, 2))
    state, _ = RULES.apply(state, TakeFood(0, 0))
    state, _ = RULES.apply(state, TakeFood(1, 2))
    assert TakeFood(0, 1) in RULES.legal_actions(state, 0)


def test_a_sleeping_symbiont_counts_as_fed():
    state = scenario(
        food_base=5,
        players=[
            player("Ann", animal(0, "hibernation"), animal(1), links=[link("symbiosis", 0, 1)]),
            player("Bob", animal(2)),
        ],
    )
    state, _ = RULES.apply(state, Hibernate(0, 0))
    assert TakeFood(0, 1) in RULES.legal_actions(state, 0)


def test_communication_on_the_same_pair_feeds_the_sheltered_animal_once_the_symbiont_is_fed():
    # The seed's example ("Парні здібності"): take a red token for the symbiont; fed, it lets Communication give the
    # other animal one at once.
    state = scenario(
        food_base=5,
        players=[
            player("Ann", animal(0), animal(1), links=[link("symbiosis", 0, 1), link("communication", 0, 1)]),
            player("Bob", animal(2)),
        ],
    )
    _, events = RULES.apply(state, TakeFood(0, 0))
    assert [(e.animal, e.cause) for e in of(events, FoodTaken)] == [(0, "food_base"), (1, "communication")]
