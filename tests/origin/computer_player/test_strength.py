"""The computer player beats players who pick uniformly among the legal moves."""

from __future__ import annotations

import statistics

from tests.computer_players.helpers import COMPUTER, play, scores, uniform_random
from tests.origin.scenario import RULES


def test_computers_outscore_random_players() -> None:
    # 12 four-player games: two computers and two random players, each seed played with the seats both ways round.
    computers: list[int] = []
    randoms: list[int] = []
    won = 0
    for game in range(12):
        seed, flip = divmod(game, 2)
        is_computer = [(seat + flip) % 2 == 0 for seat in range(4)]
        policies = [COMPUTER if c else uniform_random(seed * 4 + seat) for seat, c in enumerate(is_computer)]
        result = scores(play(policies, seed=100 + seed, rules=RULES), RULES)
        for seat, score in result.items():
            (computers if is_computer[seat] else randoms).append(score)
        best = max(result.values())
        won += any(is_computer[seat] and score == best for seat, score in result.items())
    assert statistics.mean(computers) > 1.5 * statistics.mean(randoms), (computers, randoms)
    assert won >= 9
