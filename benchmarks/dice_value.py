"""Fit the dice game's position model (``computer_players.dice_combat.playout.WEIGHTS``) to games of baselines.

Usage: python -m benchmarks.dice_value [--games N] [--test N]

Two-player games of the baseline against itself, seeded from 0 (``--games``, to fit) and from 1,000,000 (``--test``,
to check). A sample is each period's first decision while both species live: the first seat's features less the
second's (``playout.features``), and whether the first seat won. The model is logistic without an intercept (the
seats are alike), fitted by Newton's method. Printed: the weights, and the mean log loss and accuracy on both sets
for these weights and for those in use (an equal guess: 0.693 and 50 %).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from computer_players.dice_combat import decide
from computer_players.dice_combat.playout import WEIGHTS, features
from rules_core.dice_combat import DiceCombat
from rules_core.dice_combat.state import GameState

Sample = tuple[tuple[float, ...], float]


def samples(games: range) -> list[Sample]:
    rules = DiceCombat()
    found: list[Sample] = []
    for seed in games:
        state = rules.new_game(players=["A", "B"], options={}, seed=seed)[0]
        starts: list[GameState] = []
        while duties := rules.duties(state):
            if (not starts or starts[-1].period != state.period) and not any(p.extinct for p in state.players):
                starts.append(state)
            seat = duties[0].seat
            state, _ = rules.apply_unchecked(state, decide(state, seat, rules.legal_actions(state, seat)))
        outcome = rules.outcome(state)
        assert outcome is not None
        won = 1.0 if 0 in outcome.winners else 0.0
        for start in starts:
            mine, theirs = features(start, 0, 1), features(start, 1, 0)
            found.append((tuple(a - b for a, b in zip(mine, theirs, strict=True)), won))
    return found


def _chance(weights: Sequence[float], x: Sequence[float]) -> float:
    z = sum(w * v for w, v in zip(weights, x, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and positive definite)."""
    n = len(vector)
    rows = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit(data: Sequence[Sample], *, ridge: float = 1e-3) -> list[float]:
    """The logistic model's weights, by Newton's method with a little ridge (the features are correlated)."""
    k = len(data[0][0])
    weights = [0.0] * k
    for _ in range(50):
        hessian = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        gradient = [-ridge * w for w in weights]
        for x, won in data:
            p = _chance(weights, x)
            for i in range(k):
                gradient[i] += (won - p) * x[i]
                for j in range(k):
                    hessian[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return weights


def scores(weights: Sequence[float], data: Sequence[Sample]) -> tuple[float, float]:
    """The mean log loss and the share of games whose winner the model favoured."""
    loss = right = 0.0
    for x, won in data:
        p = min(max(_chance(weights, x), 1e-12), 1 - 1e-12)
        loss -= won * math.log(p) + (1 - won) * math.log(1 - p)
        right += (p > 0.5) == (won > 0.5)
    return loss / len(data), right / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3000, help="games to fit the model to")
    parser.add_argument("--test", type=int, default=800, help="other games to check it on")
    args = parser.parse_args()
    training = samples(range(args.games))
    testing = samples(range(1_000_000, 1_000_000 + args.test))
    fitted = fit(training)
    print(f"{len(training)} samples from {args.games} games; {len(testing)} from {args.test} other games")
    print("weights", tuple(round(w, 3) for w in fitted))
    for name, weights in (("fitted", fitted), ("in use", WEIGHTS)):
        (fit_loss, fit_right), (test_loss, test_right) = scores(weights, training), scores(weights, testing)
        print(f"{name}: log loss {fit_loss:.4f} / {test_loss:.4f}, right {fit_right:.1%} / {test_right:.1%}")


if __name__ == "__main__":
    main()
