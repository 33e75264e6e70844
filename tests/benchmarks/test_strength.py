"""The strength benchmark (``python -m benchmarks.strength``) on one tiny game, so it cannot rot: rule options from
the command line reach the game, a move is timed on the clock asked for, and the interval brackets the rate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks import rule_option
from benchmarks.strength import play, wilson
from computer_players.search import Budget

ROOT = Path(__file__).resolve().parents[2]


def test_options_from_the_command_line_are_read_as_json_else_as_text() -> None:
    assert rule_option("time_to_fly=true") == ("time_to_fly", True)
    assert rule_option("tie_break=discards") == ("tie_break", "discards")


def test_the_win_rates_interval_brackets_it() -> None:
    low, high = wilson(30, 40)
    assert 0 <= low < 0.75 < high <= 1


def test_one_game_of_the_original_game_with_both_expansions_on_the_cpu_clock() -> None:
    game = play("origin", 2, 1, Budget(iterations=2), {"time_to_fly": True, "darwins_day": True}, True)
    assert game.win in (0.0, 0.5, 1.0) and game.times and game.other_times


def test_the_command_refuses_an_option_without_a_value() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.strength", "--ruleset", "origin", "--option", "time_to_fly"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "--option takes NAME=VALUE" in done.stderr


def test_the_other_seats_may_search_at_a_lower_level() -> None:
    # --level hard --against normal: every seat searches, and the others' moves are timed too.
    game = play("dice_combat", 2, 3, Budget(iterations=4), {}, False, Budget(iterations=2))
    assert game.win in (0.0, 0.5, 1.0) and game.times and game.other_times
