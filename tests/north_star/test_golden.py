"""A golden count of legal actions along fixed seeded games: a silent change in move generation shows here.

If a rule change is meant to alter these numbers, re-run ``python -m tests.north_star.test_golden`` and paste the
new figures, saying in the commit which rule changed.
"""

from __future__ import annotations

from rules_core.north_star import NorthStar
from tests.rule_checks import legal_action_trace

RULES = NorthStar()


def trace(players: int, seed: int) -> tuple[int, int, int, tuple[int, ...]]:
    """Play the game choosing, at each step, the legal action at index (step mod count) of the first deciding seat.
    Returns (actions played, sum of legal-action counts, rounds, final scores by seat)."""
    state = RULES.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=seed)[0]
    steps, total, state = legal_action_trace(RULES, state)
    outcome = RULES.outcome(state)
    assert outcome is not None
    scores = tuple(s.score for s in sorted(outcome.standings, key=lambda s: s.seat))
    return steps, total, state.round, scores


GOLDEN: dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]] = {
    (2, 11): (147, 2251, 9, (41, 38)),
    (4, 12): (241, 4525, 6, (43, 42, 41, 43)),
    (6, 13): (269, 4378, 5, (32, 29, 33, 18, 24, 22)),
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    for (players, seed), expected in GOLDEN.items():
        assert trace(players, seed) == expected, (players, seed)


if __name__ == "__main__":
    for players, seed in GOLDEN:
        print(f"    ({players}, {seed}): {trace(players, seed)},")
