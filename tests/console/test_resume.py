"""Quitting at any prompt (q, Ctrl-D, Ctrl-C) keeps the game; starting again resumes exactly where it stood."""

from __future__ import annotations

import argparse
import io
from pathlib import Path
from typing import TextIO, cast

import pytest

from console import cli
from console.session import Session, Setup, channel_id
from console.terminal import Quit, Terminal, real_terminal
from game_service import GameService
from tests.console.helpers import Entry, Script
from texts.messages import message

TOP_MENUS = tuple(message(f"north_star.question.{key}") for key in ("play_card", "food_card", "feed", "reveal_order"))


def _last_menu(transcript: list[Entry]) -> list[str]:
    """The lines of the last top-level menu shown (its title and numbered options): the decision asked for."""
    outs = [text for kind, text in transcript if kind == "out"]
    start = max(i for i, text in enumerate(outs) if text.startswith(TOP_MENUS))
    end = next(i for i in range(start, len(outs)) if "q = save and quit" in outs[i])
    return outs[start:end]


async def _version(database: Path) -> int:
    async with await GameService.open(database=database, computer_level="easy") as service:
        return (await service.game_info(channel_id=channel_id(None))).version


@pytest.mark.parametrize("stop_after", [1, 9, 40])
async def test_quit_and_resume_where_the_game_stood(tmp_path: Path, stop_after: int) -> None:
    database = tmp_path / "games.sqlite3"
    first = Script(quit_after=stop_after)
    async with await GameService.open(database=database, computer_level="easy") as service:
        assert await Session(service, first.terminal(), channel_id(None)).run(Setup(("Ann",), 2, seed=11)) == 0
    assert "Game saved." in first.output
    version = await _version(database)
    menu = _last_menu(first.transcript)

    second = Script()
    async with await GameService.open(database=database, computer_level="easy") as service:
        assert await Session(service, second.terminal(), channel_id(None)).run(None) == 0
    assert f"Resuming the game at this table (move {version})" in second.output
    # The first question after resuming is the one that was left unanswered.
    assert (
        _last_menu(second.transcript[: next(i for i, (k, _) in enumerate(second.transcript) if k == "ask") + 1]) == menu
    )
    assert message("standings.title") in second.output


async def test_quitting_mid_menu_plays_nothing(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    answers = iter(["1", "1", "1", "q"])  # food card, then into the card-play menus, then quit
    script = Script(chooser=lambda prompt, transcript: next(answers))
    async with await GameService.open(database=database, computer_level="easy") as service:
        await Session(service, script.terminal(), channel_id(None)).run(Setup(("Ann",), 1, seed=2))
    before = await _version(database)
    again = Script(quit_after=0)
    async with await GameService.open(database=database, computer_level="easy") as service:
        await Session(service, again.terminal(), channel_id(None)).run(None)
    assert await _version(database) == before


def _args(database: Path, *extra: str) -> argparse.Namespace:
    return cli.parser().parse_args(["--database", str(database), *extra])


def test_ctrl_d_and_ctrl_c_in_a_real_terminal(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    # Ctrl-D: the input simply ends.
    out = io.StringIO()
    terminal = real_terminal(io.StringIO("1\n1\n"), out)
    assert cli.main(_args(database, "--players", "Ann", "--computers", "1", "--seed", "4"), terminal) == 0
    assert "Game saved." in out.getvalue()
    version = _version_sync(database)
    assert version > 0

    class Interrupting:
        def readline(self) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    assert cli.main(_args(database), real_terminal(cast(TextIO, Interrupting()), out)) == 0
    assert "Resuming the game at this table" in out.getvalue()
    assert "Game saved." in out.getvalue()
    assert _version_sync(database) == version


def _version_sync(database: Path) -> int:
    import asyncio

    return asyncio.run(_version(database))


def test_q_is_quit_at_any_prompt() -> None:
    terminal = Terminal(lambda prompt: " Q ", lambda text: None, lambda: None)
    with pytest.raises(Quit):
        terminal.ask("> ")


def test_new_abandons_the_running_game(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    cli.main(_args(database, "--players", "Ann", "--computers", "1", "--seed", "4"), Script(quit_after=3).terminal())
    script = Script(quit_after=1)
    cli.main(_args(database, "--new", "--players", "Bob", "--computers", "2", "--seed", "5"), script.terminal())
    assert "has been abandoned" in script.output
    assert "New game at this table: Bob, Computer 1 (computer), Computer 2 (computer)." in script.output
