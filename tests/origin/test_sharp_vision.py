"""Sharp Vision (ГОСТРИЙ ЗІР), seed 003: a carnivore with it may attack an animal with Camouflage; it overcomes
nothing else."""

from rules_core.origin.actions import Attack
from tests.origin.scenario import RULES, animal, player, refused, scenario


def test_sharp_vision_sees_through_camouflage_only():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "sharp_vision")),
            player("Bob", animal(1, "camouflage"), animal(2, "camouflage", "big"), animal(3)),
        ],
    )
    legal = RULES.legal_actions(state, 0)
    assert Attack(0, 0, 1) in legal and Attack(0, 0, 3) in legal
    assert refused(state, Attack(0, 0, 2)).params["reason"] == "big"
