"""Defensive Herding (Védekező csorda), seed 000: "csak olyan ragadozó támadhatja meg, amelynek a populációja
nagyobb." — only a carnivore with a greater population may attack it."""

from rules_core.north_star.actions import Attack
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, refusal
from tests.north_star.scenario import RULES, player, scenario, species


def _table(carnivore_pop: int, *carnivore_traits: str, hand: tuple[str, ...] = ()) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player(
                "Ann", species(0, body=4, pop=carnivore_pop, traits=["carnivore", *carnivore_traits]), hand=list(hand)
            ),
            player("Bob", species(1, body=2, pop=3, traits=["defensive_herding"])),
            bystander(),
        ],
    )


def test_defensive_herding_stops_a_carnivore_with_an_equal_population():
    refused = refusal(_table(3), Attack(0, 0, 1))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "defensive_herding"


def test_defensive_herding_stops_a_carnivore_with_a_smaller_population():
    assert refusal(_table(2), Attack(0, 0, 1)).params["reason"] == "defensive_herding"


def test_a_carnivore_with_a_greater_population_attacks_a_defensive_herd():
    state, _ = RULES.apply(_table(4), Attack(0, 0, 1))
    assert state.species(1).population == 2
    assert state.species(0).food == 2


def test_pack_hunting_does_not_count_toward_the_population_comparison():
    # Pack Hunting adds population to body size for the size check only; the populations still compare 3 to 3.
    assert refusal(_table(3, "pack_hunting"), Attack(0, 0, 1)).params["reason"] == "defensive_herding"


def test_intelligence_negates_defensive_herding():
    state = _table(1, "intelligence", hand=("horns",))
    card = state.players[0].hand[0]
    state, _ = RULES.apply(state, Attack(0, 0, 1, (card,), (Trait.DEFENSIVE_HERDING,)))
    assert state.species(1).population == 2
