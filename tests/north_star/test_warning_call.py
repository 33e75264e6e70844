"""Warning Call (Figyelmeztető jelzés), seed 000: "Ha van faj a Figyelmeztető jelzéssel rendelkező fajtól
közvetlenül balra és/vagy jobbra, akkor ezek a fajok nem támadhatók meg, kivéve, ha a támadónak van Lesből támadás
tulajdonsága. A Figyelmeztető jelzés nem védi meg azokat a fajokat, amelyeknek szintén van Figyelmeztető jelzés
tulajdonsága." — the species directly left and right of it may not be attacked unless the attacker has Ambush; it
does not protect a species that has Warning Call too."""

from rules_core.north_star.actions import Attack, TakePlantFood
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, refusal
from tests.north_star.scenario import RULES, player, scenario, species


def _table(*bob_species, carnivore_traits=(), hand=()) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=5, pop=4, traits=["carnivore", *carnivore_traits]), hand=list(hand)),
            player("Bob", *bob_species),
            bystander(),
        ],
    )


ROW = (
    species(1, body=1, pop=2),
    species(2, body=1, pop=2),
    species(3, body=1, pop=2, traits=["warning_call"]),
    species(4, body=1, pop=2),
)


def test_warning_call_protects_the_left_neighbour():
    refused = refusal(_table(*ROW), Attack(0, 0, 2))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "warning_call"


def test_warning_call_protects_the_right_neighbour():
    assert refusal(_table(*ROW), Attack(0, 0, 4)).params["reason"] == "warning_call"


def test_warning_call_does_not_protect_a_species_two_places_away():
    state, _ = RULES.apply(_table(*ROW), Attack(0, 0, 1))
    assert state.species(1).population == 1


def test_warning_call_does_not_protect_its_own_species():
    state, _ = RULES.apply(_table(*ROW), Attack(0, 0, 3))
    assert state.species(3).population == 1


def test_warning_call_does_not_protect_a_neighbour_that_has_warning_call_too():
    state = _table(
        species(1, body=1, pop=2, traits=["warning_call"]), species(2, body=1, pop=2, traits=["warning_call"])
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 1


def test_ambush_ignores_warning_call():
    state, _ = RULES.apply(_table(*ROW, carnivore_traits=("ambush",)), Attack(0, 0, 2))
    assert state.species(2).population == 1


def test_intelligence_cannot_negate_warning_call():
    state = _table(*ROW, carnivore_traits=("intelligence",), hand=("horns",))
    card = state.players[0].hand[0]
    refused = refusal(state, Attack(0, 0, 2, (card,), (Trait.WARNING_CALL,)))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "warning_call"
    # And without naming it, the attack is blocked by the neighbour's call.
    assert refusal(state, Attack(0, 0, 2)).params["reason"] == "warning_call"


def test_warning_call_protection_ends_when_the_caller_goes_extinct():
    state = _table(species(1, body=1, pop=2), species(3, body=1, pop=1, traits=["warning_call"]))
    assert refusal(state, Attack(0, 0, 1)).params["reason"] == "warning_call"
    state, _ = RULES.apply(state, Attack(0, 0, 3))  # the caller (population 1) goes extinct
    state, _ = RULES.apply(state, TakePlantFood(1, 1))
    state, _ = RULES.apply(state, TakePlantFood(2, 99))
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 1
