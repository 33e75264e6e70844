"""The food base (seed 003, "Фаза визначення кормової бази"; "Гра з двома наборами"): once everybody has passed in
development, the first player rolls: 2 players one die +2, 3 players two dice, 4 players two dice +2, 5 players three
dice +2, 6 players three dice +4, 7 players four dice +2, 8 players four dice +4; as many red tokens form the food
base, and feeding begins with the first player."""

import pytest

from rules_core.origin.actions import Pass
from rules_core.origin.events import FoodBaseRolled
from rules_core.origin.state import Phase
from tests.origin.scenario import RULES, animal, of, player, scenario


@pytest.mark.parametrize(
    "players, dice, bonus",
    [(2, 1, 2), (3, 2, 0), (4, 2, 2), (5, 3, 2), (6, 3, 4), (7, 4, 2), (8, 4, 4)],
)
def test_the_first_player_rolls_the_dice_of_the_table_size(players, dice, bonus):
    table = [player(f"P{i}", animal(i), passed=i != 1) for i in range(players)]
    script = [5, 0, 2, 3]  # dice of 6, 1, 3, 4
    state = scenario(phase="development", active=1, first_player=1, players=table, rng={"seed": 1, "script": script})
    state, events = RULES.apply(state, Pass(1))
    (rolled,) = of(events, FoodBaseRolled)
    expected = tuple(v + 1 for v in script[:dice])
    assert rolled == FoodBaseRolled(1, expected, bonus, sum(expected) + bonus)
    assert state.phase is Phase.FEEDING
    assert state.food_base == sum(expected) + bonus
    assert state.active == 1


def test_the_roll_comes_from_the_games_seed():
    rolls = set()
    for seed in range(20):
        table = [player("Ann", animal(0)), player("Bob", animal(1), passed=True)]
        state = scenario(phase="development", players=table, seed=seed)
        _, events = RULES.apply(state, Pass(0))
        rolls.add(of(events, FoodBaseRolled)[0].food_base)
    assert rolls <= set(range(3, 9)) and len(rolls) > 2
