"""Climbing (Mászás), seed 000: "A mászás tulajdonsággal rendelkező fajt csak olyan ragadozó támadhatja meg, amely
szintén rendelkezik a mászás tulajdonsággal." — only a carnivore that also has Climbing may attack it."""

from rules_core.north_star.actions import Attack
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, refusal
from tests.north_star.scenario import RULES, player, scenario, species


def _table(*carnivore_traits: str, hand: tuple[str, ...] = ()) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=3, pop=2, traits=["carnivore", *carnivore_traits]), hand=list(hand)),
            player("Bob", species(1, body=1, pop=2, traits=["climbing"])),
            bystander(),
        ],
    )


def test_climbing_stops_a_carnivore_without_climbing():
    refused = refusal(_table(), Attack(0, 0, 1))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "climbing"


def test_a_climbing_carnivore_attacks_a_climbing_species():
    state, _ = RULES.apply(_table("climbing"), Attack(0, 0, 1))
    assert state.species(1).population == 1
    assert state.species(0).food == 1


def test_intelligence_negates_climbing():
    state = _table("intelligence", hand=("horns",))
    card = state.players[0].hand[0]
    state, _ = RULES.apply(state, Attack(0, 0, 1, (card,), (Trait.CLIMBING,)))
    assert state.species(1).population == 1
    assert state.players[0].hand == ()
