"""The computer player beats players who pick uniformly among the legal moves."""

from __future__ import annotations

import statistics

from tests.computer_players.helpers import COMPUTER, play, scores, uniform_random
from tests.north_star.scenario import RULES


def test_computers_outscore_random_players() -> None:
    # 20 four-player games: two computers and two random players, each seed played with the seats both ways round.
    computer: list[int] = []
    random_: list[int] = []
    won = 0
    for game in range(20):
        seed, flip = divmod(game, 2)
        is_computer = [(seat + flip) % 2 == 0 for seat in range(4)]
        policies = [COMPUTER if c else uniform_random(seed * 4 + seat) for seat, c in enumerate(is_computer)]
        result = scores(play(policies, seed=100 + seed, rules=RULES), RULES)
        for seat, score in result.items():
            (computer if is_computer[seat] else random_).append(score)
        best = max(result.values())
        won += any(is_computer[seat] and score == best for seat, score in result.items())
    assert statistics.mean(computer) > 1.5 * statistics.mean(random_), (computer, random_)
    assert won >= 18


def test_a_table_of_computers_scores_more_than_a_table_of_random_players() -> None:
    # Four computers against each other, and four random players against each other, on the same seeds.
    computers = [
        statistics.mean(scores(play([COMPUTER] * 4, seed=200 + seed, rules=RULES), RULES).values())
        for seed in range(10)
    ]
    randoms = [
        statistics.mean(
            scores(play([uniform_random(seed * 4 + i) for i in range(4)], seed=200 + seed, rules=RULES), RULES).values()
        )
        for seed in range(10)
    ]
    assert statistics.mean(computers) > 1.5 * statistics.mean(randoms), (computers, randoms)
