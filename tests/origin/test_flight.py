"""Flight (LATANIE), seed 001: every trait of a flyer, Parasites and paired traits included, adds to its weight; a
carnivore with fewer traits than the flyer may attack it (the seed's example: Carnivore alone eats Flight and
Parasite, or Flight and a paired trait); Flight may lie on a swimmer."""

from rules_core.origin.actions import Attack, PlayTrait
from rules_core.origin.cards import Trait
from tests.origin.scenario import RULES, animal, expanded, link, player, refusal_code


def test_a_carnivore_with_only_carnivore_eats_a_flyer_with_a_parasite():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "flight", "parasite"))],
    )
    assert Attack(0, 0, 1) in RULES.legal_actions(state, 0)


def test_or_a_flyer_with_one_paired_trait():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1, "flight"), animal(2), links=[link("cooperation", 1, 2)]),
        ],
    )
    assert Attack(0, 0, 1) in RULES.legal_actions(state, 0)


def test_a_carnivore_with_as_many_traits_as_the_flyer_may_not_attack_it():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "fat_tissue")), player("Bob", animal(1, "flight", "parasite"))],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "attack_blocked"
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "flight"))],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "attack_blocked"


def test_the_carnivores_paired_traits_count_too():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(2), links=[link("cooperation", 0, 2)]),
            player("Bob", animal(1, "flight", "parasite")),
        ],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "attack_blocked"


def test_flight_may_be_played_on_a_swimmer():
    state = expanded(
        phase="development",
        players=[player("Ann", animal(0, "swimming"), hand=["flight/carnivore#168"]), player("Bob")],
    )
    assert PlayTrait(0, 168, Trait.FLIGHT, 0) in RULES.legal_actions(state, 0)
