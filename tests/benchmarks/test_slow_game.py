"""The calendar benchmark (``python -m benchmarks.slow_game``) on short games, so it cannot rot: every game
finishes, its figures agree with what the service logged, and every answer came while its person was checked in."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from benchmarks.slow_game import CHANNEL, DAY, HOUR, Model, Person, play_game, summarise
from game_service import GameService

#: North Star's quick game with three seats (two people and the computer): the shortest whole games we have.
RULESET, PLAYERS, OPTIONS = "north_star", 3, {"quick_game": True}
ROOT = Path(__file__).resolve().parents[2]


async def test_two_short_games_finish_with_figures_that_match_the_log(tmp_path):
    figures = []
    # The second game's people take half a minute per answer; the third's leave their feeding to the autopilot.
    models = ((0, Model()), (1, Model(answer_time=timedelta(seconds=30))), (2, Model(autopilot=("feed",))))
    for seed, model in models:
        database = tmp_path / f"game-{seed}.db"
        game = await play_game(
            ruleset=RULESET, players=PLAYERS, options=OPTIONS, seed=seed, database=database, model=model
        )
        figures.append(game)
        async with await GameService.open(database=database) as service:
            (info,) = await service.recent_games(channel_id=CHANNEL)
            history = await service.history(game_id=info.game_id)
        assert info.status == "finished" and info.outcome is not None and info.finished_at is not None
        assert game.days == (info.finished_at - model.start) / DAY > 0
        actions = [entry for entry in history.entries if entry.kind == "action"]
        by_people = [entry for entry in actions if entry.played_by == "player"]
        made_by = {entry.played_by for entry in actions}
        assert {"player", "computer"} <= made_by <= {"player", "computer", "forced", "autopilot"}
        assert ("autopilot" in made_by) == bool(model.autopilot)
        assert all(entry.seat == PLAYERS - 1 for entry in actions if entry.played_by == "computer")
        assert game.answered == tuple(
            sum(1 for entry in by_people if entry.seat == seat) for seat in range(PLAYERS - 1)
        )
        assert min(game.answered) > 0
        # The clock never went back, and each answer was started while its person was checked in: their windows,
        # drawn again, contain the moment it was started.
        assert [entry.at for entry in actions] == sorted(entry.at for entry in actions)
        people = [Person(seat=seat, seed=seed, model=model) for seat in range(PLAYERS - 1)]
        for entry in by_people:
            assert entry.seat is not None
            started = entry.at - model.answer_time
            assert people[entry.seat].checked_in(started) == started
        # A prompt that shows no secret and offers one move never reaches a person: that move makes itself.
        assert game.single_public == 0 and 0 <= game.single_secret <= sum(game.answered)
        # The wait is measured between virtual moments, so it is a whole game's length at most.
        assert 0 < game.longest_wait <= game.days * DAY / HOUR
        assert game.wall > 0
    summary = summarise(figures)
    assert summary.games == 3
    assert min(f.days for f in figures) <= summary.median_days <= summary.p90_days <= max(f.days for f in figures)
    assert summary.answered == sum(sum(f.answered) for f in figures) / (3 * (PLAYERS - 1))
    assert summary.longest_wait_max == max(f.longest_wait for f in figures)


def test_the_command_prints_a_row_per_rule_system_and_player_count():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.slow_game", "--ruleset", RULESET, "--players", str(PLAYERS),
         "--games", "2", "--options", '{"quick_game": true}'],
        capture_output=True, text=True, check=False, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith(f"{RULESET} | {PLAYERS} |")]
    assert len(rows) == 1
    median, p90 = (float(cell) for cell in rows[0].split(" | ")[2:4])
    assert 0 < median <= p90


def test_options_of_another_rule_system_are_refused_with_the_reason():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.slow_game", "--ruleset", "origin", "--games", "1", "--options",
         '{"quick_game": true}'],
        capture_output=True, text=True, check=False, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2
    assert "origin: unknown option 'quick_game'" in result.stderr
    assert "Traceback" not in result.stderr
