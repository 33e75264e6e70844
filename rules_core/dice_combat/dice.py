"""The dice comparison of every fight (seed 004, step 5.h.viii-xii and 5.p.i).

Both sides roll as many dice as their Strength. Each roll is sorted from high to low, the larger roll drops its
lowest dice until both have as many, and the dice are compared in pairs: highest with highest, and so on. The
seed's two worked examples are pinned in tests/dice_combat/test_dice.py with their numbers.

* A hunt is won when the hunter wins more comparisons than it loses, lost when it loses more than it wins, and
  tied otherwise (5.h.x-xii; docs/rulings.md, "Won, lost and tied").
* An attack of the extinction round costs the defender "the comparisons won, minus those lost and those tied"
  population points, when that is above zero (5.p.i); otherwise nothing happens (5.p.iii).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules_core.copying import quick_init


@dataclass(frozen=True, slots=True)
class Comparison:
    """The pairs compared (the first side's die, the second side's die), and the count of each result for the
    first side."""

    pairs: tuple[tuple[int, int], ...]
    won: int
    lost: int
    tied: int


quick_init(Comparison)  # one a fight (see ``quick_init``)


def compare(
    first: tuple[int, ...],
    second: tuple[int, ...],
    *,
    first_wins_ties: bool = False,
    second_wins_ties: bool = False,
) -> Comparison:
    """Compare two rolls as the seed does. A side that wins its ties (Ambush) counts a tied pair as won; when both
    would, the pair stays tied."""
    count = min(len(first), len(second))
    pairs = tuple(zip(sorted(first, reverse=True)[:count], sorted(second, reverse=True)[:count], strict=True))
    won = lost = tied = 0
    for a, b in pairs:
        if a > b:
            won += 1
        elif a < b:
            lost += 1
        else:
            tied += 1
    if first_wins_ties and not second_wins_ties:
        won, tied = won + tied, 0
    elif second_wins_ties and not first_wins_ties:
        lost, tied = lost + tied, 0
    return Comparison(pairs, won, lost, tied)


HuntResult = Literal["won", "lost", "tied"]


def hunt_result(comparison: Comparison) -> HuntResult:
    if comparison.won > comparison.lost:
        return "won"
    if comparison.won < comparison.lost:
        return "lost"
    return "tied"


def attack_damage(comparison: Comparison) -> int:
    """Population the defender loses: comparisons won minus those lost and those tied, when above zero."""
    return max(0, comparison.won - comparison.lost - comparison.tied)
