"""Pack Hunting (Támadó falka), seed 000: "Amikor eldöntitek, hogy ez a ragadozó meg tud-e támadni más fajokat, a
testméretéhez adjátok hozzá a populációját." — when deciding whether it can attack, add its population to its
body size."""

from rules_core.north_star.actions import Attack
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, refusal
from tests.north_star.scenario import RULES, player, scenario, species


def _table(*carnivore_traits: str, prey_traits=()) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=2, pop=3, traits=["carnivore", *carnivore_traits])),
            player("Bob", species(1, body=4, pop=2, traits=list(prey_traits))),
            bystander(),
        ],
    )


def test_pack_hunting_adds_population_to_body_size_for_the_attack_check():
    state, _ = RULES.apply(_table("pack_hunting"), Attack(0, 0, 1))  # 2 + 3 = 5 > 4
    assert state.species(1).population == 1
    # Meat is the prey's body size (4), capped by the pack's hunger (3).
    assert state.species(0).food == 3


def test_without_pack_hunting_the_body_size_alone_counts():
    refused = refusal(_table(), Attack(0, 0, 1))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "body_size"


def test_pack_hunting_counts_against_hard_shell():
    # 2 + 3 = 5 is not greater than 4 + 4.
    assert refusal(_table("pack_hunting", prey_traits=("hard_shell",)), Attack(0, 0, 1)).params["reason"] == (
        "hard_shell"
    )
