"""Cooperation (КООПЕРАЦІЯ), a paired trait, seed 003: whenever one animal of the pair gets a red or blue token, the
other gets a blue one at once; chains of Cooperation and Communication; each card once a round."""

from collections.abc import Iterable

from rules_core.origin.actions import Attack, TakeFood
from rules_core.origin.events import FoodTaken
from tests.origin.scenario import RULES, animal, link, of, player, scenario


def fed(events: Iterable[object]) -> list[tuple[int, str, str]]:
    return [(e.animal, e.source, e.cause) for e in of(events, FoodTaken)]


def test_a_red_token_gives_the_partner_a_blue_one():
    state = scenario(
        food_base=5,
        players=[player("Ann", animal(0), animal(1), links=[link("cooperation", 0, 1)]), player("Bob", animal(2))],
    )
    state, events = RULES.apply(state, TakeFood(0, 0))
    assert fed(events) == [(0, "food_base", "food_base"), (1, "supply", "cooperation")]
    assert state.food_base == 4


def test_a_blue_token_sets_it_off_too():
    state = scenario(
        food_base=5,
        players=[
            player("Ann", animal(0, "carnivore"), animal(1), links=[link("cooperation", 0, 1)]),
            player("Bob", animal(2)),
        ],
    )
    _, events = RULES.apply(state, Attack(0, 0, 2))
    assert fed(events) == [(0, "supply", "attack"), (0, "supply", "attack"), (1, "supply", "cooperation")]


def test_cooperation_chains_and_each_card_acts_once_a_round():
    state = scenario(
        food_base=5,
        players=[
            player(
                "Ann",
                animal(0, "big"),
                animal(1, "big"),
                animal(2, "big"),
                links=[link("cooperation", 0, 1), link("cooperation", 1, 2)],
            ),
            player("Bob", animal(3)),
        ],
    )
    _, events = RULES.apply(state, TakeFood(0, 0))
    assert [a for a, _, _ in fed(events)] == [0, 1, 2]


def test_cooperation_sets_off_communication_only_by_red_tokens():
    state = scenario(
        food_base=5,
        players=[
            player(
                "Ann", animal(0), animal(1), animal(2), links=[link("communication", 0, 1), link("cooperation", 1, 2)]
            ),
            player("Bob", animal(3)),
        ],
    )
    _, events = RULES.apply(state, TakeFood(0, 0))
    assert fed(events) == [
        (0, "food_base", "food_base"),
        (1, "food_base", "communication"),
        (2, "supply", "cooperation"),
    ]


def test_a_full_partner_gets_nothing():
    state = scenario(
        food_base=5,
        players=[
            player("Ann", animal(0), animal(1, food=1), links=[link("cooperation", 0, 1)]),
            player("Bob", animal(2)),
        ],
    )
    _, events = RULES.apply(state, TakeFood(0, 0))
    assert [a for a, _, _ in fed(events)] == [0]
