"""Burrowing (Üregben rejtőzködés), seed 000: "Ezt a fajt nem támadhatja meg ragadozó, ha már a populációjának
megfelelő mennyiségű élelmet gyűjtött." — no carnivore may attack it once it has gathered food equal to its
population. Fat on Fat Tissue is not food gathered on the board (ruling)."""

from rules_core.north_star.actions import Attack
from rules_core.north_star.cards import Trait
from rules_core.north_star.events import SpeciesAttacked
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, of, refusal
from tests.north_star.scenario import RULES, player, scenario, species


def _table(*, food: int, fat: int = 0, carnivore_traits: tuple[str, ...] = (), hand: tuple[str, ...] = ()) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=4, pop=3, traits=["carnivore", *carnivore_traits]), hand=list(hand)),
            player("Bob", species(1, body=2, pop=2, food=food, fat=fat, traits=["burrowing", "fat_tissue"])),
            bystander(),
        ],
    )


def test_burrowing_protects_a_species_that_has_eaten_its_population():
    refused = refusal(_table(food=2), Attack(0, 0, 1))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "burrowing"


def test_burrowing_does_not_protect_a_hungry_species():
    state, _ = RULES.apply(_table(food=1), Attack(0, 0, 1))
    assert state.species(1).population == 1
    assert state.species(0).food == 2


def test_burrowing_ignores_fat_stored_on_fat_tissue():
    # One food on the board and two fat: still hungry on the board, so it may be attacked.
    state, _ = RULES.apply(_table(food=1, fat=2), Attack(0, 0, 1))
    assert state.species(1).population == 1
    assert state.species(1).fat == 2


def test_intelligence_negates_burrowing():
    state = _table(food=2, carnivore_traits=("intelligence",), hand=("horns",))
    card = state.players[0].hand[0]
    state, events = RULES.apply(state, Attack(0, 0, 1, (card,), (Trait.BURROWING,)))
    assert of(events, SpeciesAttacked)[0].negated == ("burrowing",)
    assert state.species(1).population == 1
    assert card in state.discard
