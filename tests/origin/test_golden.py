"""A golden count of legal actions along fixed seeded games: a silent change in move generation shows here.

If a rule change is meant to alter these numbers, re-run ``python -m tests.origin.test_golden`` and paste the new
figures, saying in the commit which rule changed.
"""

from __future__ import annotations

from rules_core.origin import Origin
from tests.playing import trace

RULES = Origin()


GOLDEN: dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]] = {
    (2, 11): (203, 1507, 14, (2, 17)),
    (4, 12): (181, 1455, 7, (6, 12, 4, 9)),
    (6, 13): (416, 3498, 10, (5, 12, 10, 16, 18, 0)),
    (8, 14): (358, 3128, 7, (6, 14, 5, 10, 13, 21, 7, 23)),
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    for (players, seed), expected in GOLDEN.items():
        assert trace(RULES, players, seed) == expected, (players, seed)


if __name__ == "__main__":
    for players, seed in GOLDEN:
        print(f"    ({players}, {seed}): {trace(RULES, players, seed)},")
