"""A golden count of legal actions along fixed seeded games: a silent change in move generation shows here.

If a rule change is meant to alter these numbers, re-run ``python -m tests.north_star.test_golden`` and paste the
new figures, saying in the commit which rule changed.
"""

from __future__ import annotations

from rules_core.north_star import NorthStar
from tests.playing import trace

RULES = NorthStar()


GOLDEN: dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]] = {
    (2, 11): (147, 2251, 9, (41, 38)),
    (4, 12): (251, 4680, 6, (34, 41, 47, 56)),
    (6, 13): (269, 4378, 5, (32, 29, 33, 18, 24, 22)),
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    for (players, seed), expected in GOLDEN.items():
        assert trace(RULES, players, seed) == expected, (players, seed)


if __name__ == "__main__":
    for players, seed in GOLDEN:
        print(f"    ({players}, {seed}): {trace(RULES, players, seed)},")
