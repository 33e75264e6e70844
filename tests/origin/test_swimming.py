"""Swimming (ВОДОПЛАВНА), seed 003: only a swimming carnivore attacks a swimming animal, and a swimming carnivore
attacks only swimming animals."""

from rules_core.origin.actions import Attack
from tests.origin.scenario import RULES, animal, player, refused, scenario


def test_only_a_swimming_carnivore_attacks_a_swimming_animal():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(2, "carnivore", "swimming")),
            player("Bob", animal(1, "swimming")),
        ],
    )
    refusal = refused(state, Attack(0, 0, 1))
    assert (refusal.code, refusal.params["reason"]) == ("attack_blocked", "swimming")
    assert Attack(0, 2, 1) in RULES.legal_actions(state, 0)


def test_a_swimming_carnivore_attacks_only_swimming_animals():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "swimming")), player("Bob", animal(1), animal(2, "swimming"))],
    )
    assert refused(state, Attack(0, 0, 1)).params["reason"] == "swimming"
    assert [a for a in RULES.legal_actions(state, 0) if isinstance(a, Attack)] == [Attack(0, 0, 2)]
