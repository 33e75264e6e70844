"""Hard Shell (Kemény páncél), seed 000: when deciding whether a carnivore can attack it, count its body size 4
higher (a 6 counts as 10); it does not change the meat the attacker takes."""

from rules_core.north_star.actions import Attack
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, refusal
from tests.north_star.scenario import RULES, player, scenario, species


def _table(
    carnivore_body: int, *carnivore_traits: str, prey_body: int = 1, carnivore_pop: int = 3, hand=()
) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player(
                "Ann",
                species(0, body=carnivore_body, pop=carnivore_pop, traits=["carnivore", *carnivore_traits]),
                hand=list(hand),
            ),
            player("Bob", species(1, body=prey_body, pop=3, traits=["hard_shell"])),
            bystander(),
        ],
    )


def test_hard_shell_adds_four_to_the_body_size_for_the_attack_check():
    refused = refusal(_table(5), Attack(0, 0, 1))  # 5 is not greater than 1 + 4
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "hard_shell"


def test_a_carnivore_larger_than_the_shelled_size_attacks_and_takes_only_the_real_body_size():
    state, _ = RULES.apply(_table(6), Attack(0, 0, 1))  # 6 > 1 + 4
    assert state.species(1).population == 2
    assert state.species(0).food == 1  # meat equal to the real body size 1, not 5
    assert state.food_bank == 179


def test_a_shelled_body_size_six_counts_as_ten():
    state = _table(6, "pack_hunting", prey_body=6, carnivore_pop=4)  # 6 + 4 = 10, not greater than 10
    assert refusal(state, Attack(0, 0, 1)).params["reason"] == "hard_shell"
    state = _table(6, "pack_hunting", prey_body=6, carnivore_pop=5)  # 6 + 5 = 11 > 10
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(1).population == 2
    assert state.species(0).food == 5  # capped by the carnivore's population


def test_intelligence_negates_hard_shell_but_not_a_too_small_body_size():
    state = _table(2, "intelligence", hand=("horns",))
    card = state.players[0].hand[0]
    after, _ = RULES.apply(state, Attack(0, 0, 1, (card,), (Trait.HARD_SHELL,)))
    assert after.species(1).population == 2
    # Negating the shell leaves the real body size: a carnivore of size 1 still may not attack size 1.
    small = _table(1, "intelligence", hand=("horns",))
    refused = refusal(small, Attack(0, 0, 1, (small.players[0].hand[0],), (Trait.HARD_SHELL,)))
    assert refused.code == "attack_blocked"
    assert refused.params["reason"] == "body_size"
