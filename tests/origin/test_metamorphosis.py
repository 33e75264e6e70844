"""Metamorphosis (METAMORFOZA), seed 001: once a turn the animal discards one trait, a paired one too, and gets a
blue token; never a trait that raises the need (Carnivore, Parasite, Big, Trematode)."""

from rules_core.origin.actions import Metamorphose
from rules_core.origin.cards import Trait
from rules_core.origin.events import FoodTaken, TraitDropped
from tests.origin.scenario import RULES, animal, expanded, link, of, player, refusal_code


def test_the_animal_sheds_a_trait_and_gets_a_blue_token():
    state = expanded(
        food_base=3,
        players=[
            player(
                "Ann",
                animal(0, "metamorphosis#194", "running#20"),
                animal(2),
                links=[link("symbiosis", 0, 2, card="symbiosis#28")],
            ),
            player("Bob", animal(1)),
        ],
    )
    sheds = {a.card for a in RULES.legal_actions(state, 0) if isinstance(a, Metamorphose)}
    assert sheds == {194, 20, 28}
    state, events = RULES.apply(state, Metamorphose(0, 0, 20))
    assert of(events, TraitDropped) == [TraitDropped(0, 0, 20, Trait.RUNNING, 0, "metamorphosis")]
    assert of(events, FoodTaken) == [FoodTaken(0, 0, "supply", False, "metamorphosis")]
    assert 20 in state.discard


def test_a_paired_trait_shed_leaves_both_animals():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "metamorphosis"), animal(2), links=[link("symbiosis", 0, 2, card="symbiosis#28")]),
            player("Bob", animal(1)),
        ],
    )
    state, _ = RULES.apply(state, Metamorphose(0, 0, 28))
    assert state.players[0].links == ()


def test_traits_that_raise_the_need_stay():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "metamorphosis", "carnivore#32", "big#40", "parasite#44"), animal(2)),
            player("Bob", animal(1)),
        ],
        # A Trematode of Bob's on Ann's animals.
    )
    sheds = {a.card for a in RULES.legal_actions(state, 0) if isinstance(a, Metamorphose)}
    assert not sheds & {32, 40, 44}
    assert refusal_code(state, Metamorphose(0, 0, 32)) == "not_sheddable"
    state = expanded(
        food_base=3,
        players=[
            player(
                "Ann",
                animal(0, "metamorphosis"),
                animal(2),
                links=[link("trematode", 0, 2, card="trematode/fat_tissue#208")],
            ),
            player("Bob", animal(1)),
        ],
    )
    assert refusal_code(state, Metamorphose(0, 0, 208)) == "not_sheddable"


def test_once_a_turn_and_only_for_an_animal_that_may_take_the_token():
    state = expanded(food_base=3, players=[player("Ann", animal(0, "metamorphosis:used", "running")), player("Bob")])
    assert refusal_code(state, Metamorphose(0, 0, 20)) == "trait_used"
    state = expanded(food_base=3, players=[player("Ann", animal(0, "metamorphosis", "running", food=1)), player("Bob")])
    assert refusal_code(state, Metamorphose(0, 0, 20)) == "cannot_eat"
