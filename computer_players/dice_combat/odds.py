"""The exact odds of a fight, from the dice counts alone (seed 004's comparison, rules_core/dice_combat/dice.py).

The rolls are sorted high to low, the larger keeps as many dice as the smaller has (``k``), and position ``j`` of one
is compared with position ``j`` of the other. Rather than enumerate every pair of rolls, the dice are dealt out
face by face, from 6 down to 1: with ``r`` dice of a side not yet shown, the number showing face ``v`` follows a
binomial law with chance ``1/v`` (each of them is at most ``v``). As a side's positions fill, a position the other
side filled at a higher face is lost, one both fill at the same face is tied. The state (dice left, positions
filled, won, lost, tied) stays small, so every distribution is exact and quick.
"""

from __future__ import annotations

import functools
from math import comb

Results = dict[tuple[int, int, int], float]


def _shown(left: int, face: int) -> list[tuple[int, float]]:
    """How many of ``left`` dice (each at most ``face``) show ``face``, with the chance of each count."""
    if face == 1:
        return [(left, 1.0)]
    p = 1 / face
    return [(c, comb(left, c) * p**c * (1 - p) ** (left - c)) for c in range(left + 1)]


@functools.cache
def results(first: int, second: int, first_wins_ties: bool, second_wins_ties: bool) -> Results:
    """The chance of each (won, lost, tied) count of the first side, rolling ``first`` dice against ``second``."""
    k = min(first, second)
    # (dice left, positions filled) of each side, and the counts so far -> chance.
    states: dict[tuple[int, int, int, int, int, int, int], float] = {(first, 0, second, 0, 0, 0, 0): 1.0}
    for face in range(6, 0, -1):
        following: dict[tuple[int, int, int, int, int, int, int], float] = {}
        for (ra, pa, rb, pb, won, lost, tied), chance in states.items():
            for ca, p_a in _shown(ra, face):
                a_end = min(k, pa + ca)
                for cb, p_b in _shown(rb, face):
                    b_end = min(k, pb + cb)
                    beaten = max(0, min(b_end, pa) - pb)  # positions the first side filled higher
                    beaten_by = max(0, min(a_end, pb) - pa)
                    level = max(0, min(a_end, b_end) - max(pa, pb))
                    key = (ra - ca, a_end, rb - cb, b_end, won + beaten, lost + beaten_by, tied + level)
                    following[key] = following.get(key, 0.0) + chance * p_a * p_b
        states = following
    out: Results = {}
    for (_, _, _, _, won, lost, tied), chance in states.items():
        if first_wins_ties and not second_wins_ties:
            won, tied = won + tied, 0
        elif second_wins_ties and not first_wins_ties:
            lost, tied = lost + tied, 0
        out[won, lost, tied] = out.get((won, lost, tied), 0.0) + chance
    return out


@functools.cache
def hunt_odds(first: int, second: int, first_wins_ties: bool, second_wins_ties: bool) -> tuple[float, float]:
    """The chance the hunter wins and the chance it loses."""
    won = lost = 0.0
    for (w, lo, _), p in results(first, second, first_wins_ties, second_wins_ties).items():
        if w > lo:
            won += p
        elif w < lo:
            lost += p
    return won, lost


@functools.cache
def damage(first: int, second: int, first_wins_ties: bool, second_wins_ties: bool) -> dict[int, float]:
    """The chance of each population loss an attack inflicts (before Venom)."""
    out: dict[int, float] = {}
    for (w, lo, t), p in results(first, second, first_wins_ties, second_wins_ties).items():
        loss = max(0, w - lo - t)
        out[loss] = out.get(loss, 0.0) + p
    return out
