"""A golden count of legal actions along fixed seeded games: a silent change in move generation shows here.

If a rule or card change is meant to alter these numbers, re-run ``python -m tests.dice_combat.test_golden`` and
paste the new figures, saying in the commit which rule or card changed.
"""

from __future__ import annotations

from tests.dice_combat.helpers import RULES
from tests.playing import trace

GOLDEN: dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]] = {
    (2, 11): (50, 195, 4, (1, 0)),
    (4, 12): (151, 660, 9, (1, 0, 3, 2)),
    (6, 13): (305, 1406, 15, (3, 2, 0, 4, 1, 5)),
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    for (players, seed), expected in GOLDEN.items():
        assert trace(RULES, players, seed) == expected, (players, seed)


if __name__ == "__main__":
    for players, seed in ((2, 11), (4, 12), (6, 13)):
        print(f"    ({players}, {seed}): {trace(RULES, players, seed)},")
