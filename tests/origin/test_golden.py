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


#: With seed 001's expansions: (players, seed, options) -> the same figures.
EXPANDED: dict[tuple[int, int, str], tuple[int, int, int, tuple[int, ...]]] = {
    (2, 21, "ttf"): (137, 1824, 7, (39, 5)),
    (3, 22, "dd"): (198, 1438, 12, (11, 20, 8)),
    (5, 23, "both"): (376, 3014, 9, (9, 12, 17, 7, 12)),
    (8, 24, "both"): (571, 5622, 8, (10, 19, 5, 9, 11, 2, 13, 9)),
}
OPTIONS = {
    "ttf": {"time_to_fly": True},
    "dd": {"darwins_day": True},
    "both": {"time_to_fly": True, "darwins_day": True},
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    for (players, seed), expected in GOLDEN.items():
        assert trace(RULES, players, seed) == expected, (players, seed)


def test_legal_action_counts_with_the_expansions_are_unchanged() -> None:
    for (players, seed, name), expected in EXPANDED.items():
        assert trace(RULES, players, seed, options=OPTIONS[name]) == expected, (players, seed, name)


if __name__ == "__main__":
    for players, seed in GOLDEN:
        print(f"    ({players}, {seed}): {trace(RULES, players, seed)},")
    for players, seed, name in ((2, 21, "ttf"), (3, 22, "dd"), (5, 23, "both"), (8, 24, "both")):
        print(f'    ({players}, {seed}, "{name}"): {trace(RULES, players, seed, options=OPTIONS[name])},')
