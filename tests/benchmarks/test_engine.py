"""The random-playout benchmark (``python -m benchmarks.engine``) on a few tiny runs, so it cannot rot: rule options
from the command line reach the games, and bad ones are refused with the reason."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks import new_game
from benchmarks.engine import play_random_game
from rules_core.registry import find_ruleset
from rules_core.rng import COUNTER

ROOT = Path(__file__).resolve().parents[2]


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmarks.engine", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_a_random_game_is_played_with_the_options_asked_for() -> None:
    origin = find_ruleset("origin")
    state, actions = play_random_game(origin, 2, 5, options={"time_to_fly": True, "darwins_day": True})
    assert actions > 0 and origin.outcome(state) is not None
    options = origin.public_view(state).options
    assert options.time_to_fly and options.darwins_day


def test_a_random_game_is_a_new_game_as_the_lobby_starts_one() -> None:
    """The dice game's playouts are of a game started today: the newest edition, drawing with the counter (options
    that name neither would be a game stored before them, with the first cards and the first draws)."""
    dice = find_ruleset("dice_combat")
    new = dice.read_options({})  # what the lobby stores
    state, _ = play_random_game(dice, 4, 3, unchecked=True)
    assert (state.edition, state.rng.generator) == (new["edition"], new["generator"]) == (2, COUNTER)


def test_every_benchmark_starts_its_games_as_the_lobby_does_with_the_options_asked_for() -> None:
    # benchmarks.new_game serves the strength, balance, decisions, render and replay benchmarks too.
    dice = find_ruleset("dice_combat")
    first = new_game(dice, 3, 7, {"edition": 1})
    assert (first.edition, first.rng.generator) == (1, COUNTER)
    assert [p.name for p in first.players] == ["P0", "P1", "P2"]
    named = new_game(dice, ["Ann", "Bob"], 7)
    assert (named.edition, named.rng.generator) == (2, COUNTER) and [p.name for p in named.players] == ["Ann", "Bob"]


def test_the_command_prints_the_options_and_a_row_per_player_count() -> None:
    done = run("--ruleset", "origin", "--games", "2", "--players", "2", "--option", "time_to_fly=true", "--unchecked")
    assert done.returncode == 0, done.stderr
    assert "options {'time_to_fly': True}" in done.stdout and "moves by apply_unchecked" in done.stdout
    assert sum(line.startswith("2 players:") for line in done.stdout.splitlines()) == 1


def test_the_command_refuses_an_unknown_option_with_the_reason() -> None:
    done = run("--ruleset", "origin", "--option", "quick_game=true")
    assert done.returncode == 2 and "unknown option 'quick_game'" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_command_refuses_an_option_without_a_value() -> None:
    done = run("--ruleset", "origin", "--option", "time_to_fly")
    assert done.returncode == 2 and "--option takes NAME=VALUE" in done.stderr
