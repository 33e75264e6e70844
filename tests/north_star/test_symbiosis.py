"""Symbiosis (Szimbiózis), seed 000: "Ha nálad van egy faj ettől a fajtól jobbra, amelynek a testmérete nagyobb,
mint az övé, akkor ez a faj nem támadható." — if its owner has a species to its right (directly, ruling
"Neighbours") with a larger body size, it may not be attacked."""

from rules_core.north_star.actions import Attack, TakePlantFood
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, refusal
from tests.north_star.scenario import RULES, player, scenario, species


def _table(*bob_species, carnivore_traits=(), hand=(), carnivore_body=5) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player(
                "Ann",
                species(0, body=carnivore_body, pop=3, traits=["carnivore", *carnivore_traits]),
                hand=list(hand),
            ),
            player("Bob", *bob_species),
            bystander(),
        ],
    )


def test_symbiosis_protects_when_the_right_neighbour_is_larger():
    state = _table(species(1, body=1, pop=2, traits=["symbiosis"]), species(2, body=2, pop=1))
    refused = refusal(state, Attack(0, 0, 1))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "symbiosis"


def test_symbiosis_does_not_protect_when_the_right_neighbour_is_the_same_size():
    state = _table(species(1, body=2, pop=2, traits=["symbiosis"]), species(2, body=2, pop=1))
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 1


def test_symbiosis_looks_right_not_left():
    state = _table(species(2, body=4, pop=1), species(1, body=1, pop=2, traits=["symbiosis"]))
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 1


def test_symbiosis_looks_only_at_the_direct_right_neighbour():
    state = _table(
        species(1, body=1, pop=2, traits=["symbiosis"]), species(2, body=1, pop=1), species(3, body=4, pop=1)
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 1


def test_symbiosis_protection_ends_when_the_right_neighbour_goes_extinct():
    state = _table(species(1, body=1, pop=2, traits=["symbiosis"]), species(2, body=2, pop=1))
    assert refusal(state, Attack(0, 0, 1)).params["reason"] == "symbiosis"
    state, _ = RULES.apply(state, Attack(0, 0, 2))  # the larger neighbour (population 1) goes extinct
    assert [s.id for s in state.players[1].species] == [1]
    state, _ = RULES.apply(state, TakePlantFood(1, 1))
    state, _ = RULES.apply(state, TakePlantFood(2, 99))
    assert state.turn == 0
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 1


def test_intelligence_negates_symbiosis():
    state = _table(
        species(1, body=1, pop=2, traits=["symbiosis"]),
        species(2, body=2, pop=1),
        carnivore_traits=("intelligence",),
        hand=("horns",),
    )
    card = state.players[0].hand[0]
    state, _ = RULES.apply(state, Attack(0, 0, 1, (card,), (Trait.SYMBIOSIS,)))
    assert state.species(1).population == 1
