"""Communication (ВЗАЄМОДІЯ), a paired trait, seed 003: when one animal of the pair gets a red token from the food
base, the other takes one from the food base out of turn; chains go on through further Communication and
Cooperation; each card acts once a round; nothing when the food base is empty."""

from collections.abc import Iterable

from rules_core.origin.actions import TakeFood, UsePairedTrait
from rules_core.origin.events import FoodTaken
from tests.origin.scenario import RULES, animal, link, of, player, scenario


def fed(events: Iterable[object]) -> list[tuple[int, str, str]]:
    return [(e.animal, e.source, e.cause) for e in of(events, FoodTaken)]


def test_the_partner_takes_a_red_token_out_of_turn():
    state = scenario(
        food_base=5,
        players=[player("Ann", animal(0), animal(1), links=[link("communication", 0, 1)]), player("Bob", animal(2))],
    )
    state, events = RULES.apply(state, TakeFood(0, 0))
    assert fed(events) == [(0, "food_base", "food_base"), (1, "food_base", "communication")]
    assert state.food_base == 3 and state.active == 1


def test_communication_chains():
    state = scenario(
        food_base=5,
        players=[
            player(
                "Ann", animal(0), animal(1), animal(2), links=[link("communication", 0, 1), link("communication", 1, 2)]
            ),
            player("Bob", animal(3)),
        ],
    )
    _, events = RULES.apply(state, TakeFood(0, 0))
    assert [a for a, _, _ in fed(events)] == [0, 1, 2]


def test_blue_tokens_do_not_set_communication_off():
    state = scenario(
        food_base=5,
        players=[
            player(
                "Ann", animal(0), animal(1), animal(2), links=[link("cooperation", 0, 1), link("communication", 1, 2)]
            ),
            player("Bob", animal(3)),
        ],
    )
    _, events = RULES.apply(state, TakeFood(0, 0))
    assert fed(events) == [(0, "food_base", "food_base"), (1, "supply", "cooperation")]


def test_nothing_when_the_food_base_is_empty():
    state = scenario(
        food_base=1,
        players=[player("Ann", animal(0), animal(1), links=[link("communication", 0, 1)]), player("Bob", animal(2))],
    )
    _, events = RULES.apply(state, TakeFood(0, 0))
    assert [a for a, _, _ in fed(events)] == [0]


def test_each_card_acts_once_a_round_and_the_owner_orders_them():
    # A triangle of Communication between three Big animals (each needs 2).
    links = [
        link("communication", 0, 1, card="communication/carnivore#48"),
        link("communication", 1, 2, card="communication/carnivore#49"),
        link("communication", 0, 2, card="communication/carnivore#50"),
    ]
    state = scenario(
        food_base=9,
        players=[
            player("Ann", animal(0, "big"), animal(1, "big"), animal(2, "big"), links=links),
            player("Bob", animal(3)),
        ],
    )
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(0, "pair_order")]
    assert RULES.legal_actions(state, 0) == (UsePairedTrait(0, 48, 1), UsePairedTrait(0, 50, 2))
    state, _ = RULES.apply(state, UsePairedTrait(0, 48, 1))  # 1 takes; its card 49 to 2 is set off too
    assert RULES.legal_actions(state, 0) == (UsePairedTrait(0, 50, 2), UsePairedTrait(0, 49, 2))
    state, _ = RULES.apply(state, UsePairedTrait(0, 49, 2))  # 2 takes; its card 50 may now feed 0 instead
    assert RULES.legal_actions(state, 0) == (UsePairedTrait(0, 50, 2), UsePairedTrait(0, 50, 0))
    state, _ = RULES.apply(state, UsePairedTrait(0, 50, 0))
    assert [state.animal(i).food for i in (0, 1, 2)] == [2, 1, 1]
    assert state.food_base == 5 and all(x.used for x in state.players[0].links)


def test_the_cards_act_again_next_round():
    state = scenario(
        food_base=9,
        players=[
            player("Ann", animal(0, "big"), animal(1, "big"), links=[link("communication", 0, 1)]),
            player("Bob", animal(2, "big")),
        ],
    )
    state, _ = RULES.apply(state, TakeFood(0, 0))
    state, _ = RULES.apply(state, TakeFood(1, 2))
    state, events = RULES.apply(state, TakeFood(0, 1))
    assert [a for a, _, _ in fed(events)] == [1, 0]
