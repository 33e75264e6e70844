"""Ambush (Lesből támadás), seed 000: "A ragadozó megtámadhat vele egy Figyelmeztető jelzés tulajdonsággal
rendelkező fajt." — with it a carnivore may attack a species that a Warning Call protects."""

from rules_core.north_star.actions import Attack
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, refusal
from tests.north_star.scenario import RULES, player, scenario, species


def _table(*attacker_traits: str, prey_traits: tuple[str, ...] = ()) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=4, pop=3, traits=["carnivore", *attacker_traits])),
            player(
                "Bob",
                species(1, body=2, pop=3, traits=list(prey_traits)),
                species(2, body=1, pop=1, traits=["warning_call"]),
            ),
            bystander(),
        ],
    )


def test_ambush_attacks_a_species_protected_by_warning_call():
    state = _table("ambush")
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 2
    assert state.species(0).food == 2  # meat equal to the prey's body size


def test_without_ambush_warning_call_stops_the_same_attack():
    refused = refusal(_table(), Attack(0, 0, 1))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "warning_call"


def test_ambush_overcomes_warning_call_only_not_other_defences():
    refused = refusal(_table("ambush", prey_traits=("climbing",)), Attack(0, 0, 1))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "climbing"
