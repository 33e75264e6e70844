"""Paired traits in general (seed 003, "Парні здібності"): one card between two of a player's animals; it leaves play
with either animal; one animal may be joined by the same paired trait to several animals; each card acts once a
round; when several may act at once, their owner orders them."""

from rules_core.origin.actions import TakeFood, UsePairedTrait
from rules_core.origin.events import AnimalDied, FoodTaken
from rules_core.origin.state import PairFrame
from tests.origin.scenario import RULES, animal, link, of, player, refusal_code, scenario


def test_a_paired_trait_leaves_play_with_an_animal_that_starves():
    state = scenario(
        food_base=1,
        players=[
            player(
                "Ann",
                animal(0, "big"),
                animal(2, food=1),
                links=[link("cooperation", 0, 2, card="cooperation/carnivore#52")],
            ),
            player("Bob", animal(3, food=1)),
        ],
    )
    state, events = RULES.apply(state, TakeFood(0, 0))
    died = {e.animal: e.discarded for e in of(events, AnimalDied)}
    assert 52 in died[0]
    assert state.players[0].links == () and state.find(2) is not None


def test_one_animal_joined_to_two_others_sets_both_off_and_its_owner_chooses_the_order():
    state = scenario(
        food_base=2,
        players=[
            player(
                "Ann",
                animal(0),
                animal(1),
                animal(2),
                links=[
                    link("communication", 0, 1, card="communication/carnivore#48"),
                    link("communication", 0, 2, card="communication/carnivore#49"),
                ],
            ),
            player("Bob", animal(3)),
        ],
    )
    state, _ = RULES.apply(state, TakeFood(0, 0))
    top = state.interrupts.top
    assert top is not None and top.kind == "pair_order" and isinstance(top.context, PairFrame)
    assert RULES.legal_actions(state, 0) == (UsePairedTrait(0, 48, 1), UsePairedTrait(0, 49, 2))
    assert refusal_code(state, UsePairedTrait(0, 48, 2)) == "no_such_trigger"
    # One token is left in the food base: the animal chosen gets it, and the other card lapses.
    state, events = RULES.apply(state, UsePairedTrait(0, 49, 2))
    assert [e.animal for e in of(events, FoodTaken)] == [2]
    assert state.interrupts.top is None
    assert 1 in {e.animal for e in of(events, AnimalDied)}  # it got nothing, and starved
