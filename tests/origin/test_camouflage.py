"""Camouflage (КАМУФЛЯЖ), seed 003: only a carnivore with Sharp Vision attacks an animal with Camouflage."""

from rules_core.origin.actions import Attack
from tests.origin.scenario import RULES, animal, player, refused, scenario


def test_camouflage_keeps_a_carnivore_without_sharp_vision_away():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(2, "carnivore", "sharp_vision")),
            player("Bob", animal(1, "camouflage")),
        ],
    )
    assert refused(state, Attack(0, 0, 1)).params["reason"] == "camouflage"
    assert Attack(0, 2, 1) in RULES.legal_actions(state, 0)
