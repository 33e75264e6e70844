"""Big (ВЕЛИКА, +1), seed 003: only a Big carnivore attacks a Big animal; Big raises the food need by 1."""

from rules_core.origin.actions import Attack, TakeFood
from rules_core.origin.food import is_fed, need
from tests.origin.scenario import RULES, animal, player, refused, scenario


def test_only_a_big_carnivore_attacks_a_big_animal():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(2, "carnivore", "big")),
            player("Bob", animal(1, "big")),
        ],
    )
    assert refused(state, Attack(0, 0, 1)).params["reason"] == "big"
    assert Attack(0, 2, 1) in RULES.legal_actions(state, 0)


def test_a_big_carnivore_attacks_small_animals_too():
    state = scenario(food_base=3, players=[player("Ann", animal(0, "carnivore", "big")), player("Bob", animal(1))])
    assert Attack(0, 0, 1) in RULES.legal_actions(state, 0)


def test_big_needs_one_more_token():
    state = scenario(food_base=3, players=[player("Ann", animal(0, "big")), player("Bob", animal(1, food=1))])
    assert need(state.animal(0)) == 2
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert not is_fed(state.animal(0))
    assert TakeFood(0, 0) in RULES.legal_actions(state, 0)
