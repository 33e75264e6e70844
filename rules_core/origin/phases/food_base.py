"""The food base (seed 003, "Фаза визначення кормової бази"; "Гра з двома наборами (до 8 гравців)").

The first player rolls six-sided dice; the number of dice and the bonus depend on the number of players: 2 players
one die +2; 3 players two dice; 4 players two dice +2; 5 players three dice +2; 6 players three dice +4; 7 players
four dice +2; 8 players four dice +4 (``DICE``). That many red tokens form this turn's food base. The roll happens
inside ``apply`` (no player decides anything) and is told as an event.
"""

from __future__ import annotations

from rules_core.copying import evolve
from rules_core.origin.events import Event, FoodBaseRolled
from rules_core.origin.state import GameState

#: Players -> (dice, bonus).
DICE: dict[int, tuple[int, int]] = {
    2: (1, 2),
    3: (2, 0),
    4: (2, 2),
    5: (3, 2),
    6: (3, 4),
    7: (4, 2),
    8: (4, 4),
}


def roll(state: GameState) -> tuple[GameState, list[Event]]:
    count, bonus = DICE[len(state.players)]
    dice, rng = state.rng.roll(count)
    total = sum(dice) + bonus
    state = evolve(state, rng=rng, food_base=total)
    return state, [FoodBaseRolled(state.first_player, dice, bonus, total)]
