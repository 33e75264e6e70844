"""Parasite (ПАРАЗИТ, +2), seed 003: played only on another player's animal (tests/origin/test_development.py), once
per animal; it raises that animal's need by 2; Tail Loss may discard it (test_tail_loss.py); its animal's owner
scores 2 more points for it (test_scoring.py)."""

from rules_core.origin.actions import TakeFood
from rules_core.origin.food import is_fed, need
from tests.origin.scenario import RULES, animal, player, scenario


def test_a_parasite_raises_the_need_by_two():
    state = scenario(food_base=5, players=[player("Ann", animal(0, "parasite", food=2)), player("Bob", animal(1))])
    assert need(state.animal(0)) == 3
    assert not is_fed(state.animal(0))
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert is_fed(state.animal(0))


def test_big_and_parasite_need_four_tokens():
    # The seed's own example: "тварина, яка має здібності ВЕЛИКА (+1) та ПАРАЗИТ (+2), буде вважатися нагодованою,
    # якщо отримає 4 фішки їжі".
    state = scenario(food_base=5, players=[player("Ann", animal(0, "big", "parasite")), player("Bob", animal(1))])
    assert need(state.animal(0)) == 4
