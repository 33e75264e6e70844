"""The computer player beats players who pick uniformly among the legal moves."""

from __future__ import annotations

import statistics

from tests.computer_players.helpers import computers_against_random, tables_of_computers_and_of_random_players
from tests.north_star.scenario import RULES


def test_computers_outscore_random_players() -> None:
    # 20 four-player games: two computers and two random players, each seed played with the seats both ways round.
    computers, randoms, won = computers_against_random(RULES, 20)
    assert statistics.mean(computers) > 1.5 * statistics.mean(randoms), (computers, randoms)
    assert won >= 18


def test_a_table_of_computers_scores_more_than_a_table_of_random_players() -> None:
    computers, randoms = tables_of_computers_and_of_random_players(RULES, 10)
    assert statistics.mean(computers) > 1.5 * statistics.mean(randoms), (computers, randoms)
