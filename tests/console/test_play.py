"""Whole console games driven by scripted answers, through the real game service on a temporary SQLite file."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any, cast

from console.session import Session, Setup, channel_id
from game_service import GameService
from tests.console.helpers import Entry, Script
from texts.messages import message


async def _play(database: Path, script: Script, setup: Setup | None, *, table: str | None = None) -> int:
    async with await GameService.open(database=database, computer_level="easy") as service:
        return await Session(service, script.terminal(), channel_id(table)).run(setup)


async def _status(database: Path, table: str | None = None) -> str:
    async with await GameService.open(database=database, computer_level="easy") as service:
        games = await service.recent_games(channel_id=channel_id(table), limit=1)
        return games[0].status


async def test_one_human_and_two_computers_play_to_the_end(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    script = Script()
    assert await _play(database, script, Setup(("Ann",), 2, seed=7)) == 0
    out = script.output
    assert "New game at this table: Ann, Computer 1 (computer), Computer 2 (computer)." in out
    assert message("standings.title") in out
    before, after = message("north_star.event.GameEnded", players="PLAYERS").split("PLAYERS")
    assert re.search(f"^{re.escape(before)}.+{re.escape(after)}$", out, re.MULTILINE)
    assert await _status(database) == "finished"
    # The board was shown in every phase (of some round: a phase whose moves were all forced asks nobody), and the
    # public events in words.
    for phase in ("food_cards", "play_cards", "feeding"):
        title = message("north_star.status.title", round=999, phase=message(f"north_star.phase.{phase}"))
        assert re.search("=== " + re.escape(title).replace("999", "[0-9]+") + " ===", out), phase
    assert "Food cards revealed:" in out
    assert "took 1 plant food from the watering hole" in out
    # A single human is never asked to pass the keyboard, and the screen is never wiped.
    assert "Pass the keyboard" not in out
    assert all(kind != "clear" for kind, _ in script.transcript)


async def test_a_finished_table_starts_a_new_game(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    await _play(database, Script(), Setup(("Ann",), 1, seed=3))
    script = Script(quit_after=1)
    await _play(database, script, Setup(("Bob",), 1, seed=4))
    assert "New game at this table: Bob, Computer 1 (computer)." in script.output


async def test_tables_have_their_own_games(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    await _play(database, Script(quit_after=2), Setup(("Ann",), 1, seed=3), table="kitchen")
    script = Script(quit_after=1)
    await _play(database, script, Setup(("Bob",), 1, seed=4), table="garden")
    assert "New game at this table: Bob" in script.output
    again = Script(quit_after=1)
    await _play(database, again, None, table="kitchen")
    assert "Resuming the game at this table" in again.output and "Ann" in again.output


class _Counting:
    """The service, counting the calls made to it by name."""

    def __init__(self, service: GameService) -> None:
        self._service = service
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._service, name)
        if not callable(found):
            return found

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return found(*args, **kwargs)

        return counted


async def test_a_move_costs_the_move_and_the_wait_for_the_computers(tmp_path: Path) -> None:
    # Who decides next, their prompt and their view come with each result: the console reads nothing again.
    async with await GameService.open(database=tmp_path / "games.sqlite3", computer_level="easy") as service:
        counting = _Counting(service)
        session = Session(cast(GameService, counting), Script().terminal(), channel_id(None))
        assert await session.run(Setup(("Ann", "Bob"), 1, seed=11)) == 0
    calls = counting.calls
    moves = calls.pop("submit")
    waits = calls.pop("idle")
    assert moves > 50
    assert waits <= moves + 1
    # Setting up (create, join, add a computer, start, listen) and the final board; nothing per move.
    assert sum(calls.values()) <= 8, calls


async def test_the_whole_table_is_printed_once_a_phase_not_after_every_feeding_move(tmp_path: Path) -> None:
    """Issue 30: the console reprinted the whole table after every feeding action. Against a computer, the board
    comes when a phase begins; between the player's turns in the phase, the supplies and their own row."""

    def grower(prompt: str, transcript: list[Entry]) -> str:
        """Each card a new species (so that feeding has choices), else the first choice."""
        listed = [text for kind, text in transcript[-12:] if kind == "out"]
        for text in listed:
            number, _, label = text.strip().partition(". ")
            if label == message("north_star.choice.L") and number.isdigit():
                return number
        return "1"

    script = Script(chooser=grower)
    async with await GameService.open(database=tmp_path / "games.sqlite3", computer_level="easy") as service:
        session = Session(service, script.terminal(), channel_id(None))
        assert await session.run(Setup(("Ann",), 1, seed=4)) == 0
    feeding = message("north_star.decision.feed")
    assert sum(1 for kind, text in script.transcript if text.startswith(f"--- Ann, your turn: {feeding}")) > 9
    boards = [text.splitlines()[0] for kind, text in script.transcript if kind == "out" and text.startswith("=== ")]
    assert len(boards) == len(set(boards)), "the whole table once a phase"
    turns = sum(1 for kind, text in script.transcript if kind == "out" and text.startswith("--- Ann, your turn"))
    assert turns > len(boards), "turns in a phase without the whole table"
