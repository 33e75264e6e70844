"""Whole console games driven by scripted answers, through the real game service on a temporary SQLite file, shown
on the toy game (``tests/toy``); North Star's: tests/north_star/ui/."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any, cast

from console.session import Session, Setup, channel_id
from game_service import GameService
from tests.console.helpers import Script, toy_service, toy_setup
from texts.messages import message
from texts.registry import words_for


async def _play(database: Path, script: Script, setup: Setup | None, *, table: str | None = None) -> int:
    async with await toy_service(database) as service:
        return await Session(service, script.terminal(), channel_id(table)).run(setup)


async def _status(database: Path, table: str | None = None) -> str:
    async with await toy_service(database) as service:
        games = await service.recent_games(channel_id=channel_id(table), limit=1)
        return games[0].status


async def test_one_human_and_two_computers_play_to_the_end(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    script = Script()
    assert await _play(database, script, toy_setup(("Ann",), 2, seed=7, rounds=3)) == 0
    out = script.output
    assert "New game at this table: Ann, Computer 1 (computer), Computer 2 (computer)." in out
    assert await _status(database) == "finished"
    # The final scores, every player in them.
    final = next(text for kind, text in script.transcript if kind == "out" and message("standings.title") in text)
    for name in ("Ann", "Computer 1", "Computer 2"):
        standing = message("toy.standing", rank=9, player=name, score=9)
        assert re.search(re.escape(standing).replace("9", "[0-9]+"), final), name
    # The board was shown in every phase (of some round: a phase in which the player owes nothing asks nobody), and
    # the public events in words.
    for phase in words_for("toy").phases:
        title = message("toy.status.title", round=999, phase=message(f"toy.phase.{phase}"))
        assert re.search("^" + re.escape(title).replace("999", "[0-9]+") + "$", out, re.MULTILINE), phase
    assert message("toy.event.Picked", player="Ann") in out
    assert message("toy.event.Shown", stones="STONES").split("STONES")[0] in out
    # A single human is never asked to pass the keyboard, and the screen is never wiped.
    assert "Pass the keyboard" not in out
    assert all(kind != "clear" for kind, _ in script.transcript)


async def test_a_finished_table_starts_a_new_game(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    await _play(database, Script(), toy_setup(("Ann",), 1, seed=3))
    script = Script(quit_after=1)
    await _play(database, script, toy_setup(("Bob",), 1, seed=4))
    assert "New game at this table: Bob, Computer 1 (computer)." in script.output


async def test_tables_have_their_own_games(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    await _play(database, Script(quit_after=2), toy_setup(("Ann",), 1, seed=3), table="kitchen")
    script = Script(quit_after=1)
    await _play(database, script, toy_setup(("Bob",), 1, seed=4), table="garden")
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
    async with await toy_service(tmp_path / "games.sqlite3") as service:
        counting = _Counting(service)
        session = Session(cast(GameService, counting), Script().terminal(), channel_id(None))
        assert await session.run(toy_setup(("Ann", "Bob"), 1, seed=11, rounds=9)) == 0
    calls = counting.calls
    moves = calls.pop("submit")
    waits = calls.pop("idle")
    assert moves > 20
    assert waits <= moves + 1
    # Setting up (create, join, add a computer, start, listen) and the final board; nothing per move.
    assert sum(calls.values()) <= 8, calls
