"""A golden count of legal actions along fixed seeded games: a silent change in move generation shows here.

If a rule or card change is meant to alter these numbers, re-run ``python -m tests.dice_combat.test_golden`` and
paste the new figures, saying in the commit which rule or card changed.
"""

from __future__ import annotations

from tests.dice_combat.helpers import RULES
from tests.rule_checks import legal_action_trace


def trace(players: int, seed: int) -> tuple[int, int, int, int]:
    """Play the game choosing, at each step, the legal action at index (step mod count) of the first seat the game
    waits for. Returns (actions played, sum of legal-action counts, periods, winner)."""
    state = RULES.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=seed)[0]
    steps, total, state = legal_action_trace(RULES, state)
    outcome = RULES.outcome(state)
    assert outcome is not None
    return steps, total, state.period, outcome.winners[0]


GOLDEN: dict[tuple[int, int], tuple[int, int, int, int]] = {
    (2, 11): (150, 388, 15, 1),
    (4, 12): (202, 690, 11, 2),
    (6, 13): (303, 1218, 15, 3),
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    for (players, seed), expected in GOLDEN.items():
        assert trace(players, seed) == expected, (players, seed)


if __name__ == "__main__":
    for players, seed in ((2, 11), (4, 12), (6, 13)):
        print(f"    ({players}, {seed}): {trace(players, seed)},")
