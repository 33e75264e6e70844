"""Quitting at any prompt (q, Ctrl-D, Ctrl-C) keeps the game; starting again resumes exactly where it stood. Shown on
the toy game (``tests/toy``)."""

from __future__ import annotations

import argparse
import io
from pathlib import Path
from typing import TextIO, cast

import pytest

from console import cli
from console.session import Session, channel_id
from console.terminal import Quit, Terminal, real_terminal
from tests.console.helpers import Script, answers, menus, stone_label, toy_service, toy_setup
from tests.toy.nested import nested_picks
from texts.messages import message


async def _version(database: Path) -> int:
    async with await toy_service(database) as service:
        return (await service.game_info(channel_id=channel_id(None))).version


@pytest.mark.parametrize("stop_after", [1, 5, 10])
async def test_quit_and_resume_where_the_game_stood(tmp_path: Path, stop_after: int) -> None:
    database = tmp_path / "games.sqlite3"
    first = Script(quit_after=stop_after)
    async with await toy_service(database) as service:
        setup = toy_setup(("Ann",), 2, seed=11, rounds=9)
        assert await Session(service, first.terminal(), channel_id(None)).run(setup) == 0
    assert "Game saved." in first.output
    version = await _version(database)
    left = menus(first.transcript)[-1]
    assert len(menus(first.transcript)) == stop_after + 1, "quit at the menu after the last answer"

    second = Script()
    async with await toy_service(database) as service:
        assert await Session(service, second.terminal(), channel_id(None)).run(None) == 0
    assert f"Resuming the game at this table (move {version})" in second.output
    # The first question after resuming is the one that was left unanswered.
    assert menus(second.transcript)[0] == left
    assert message("standings.title") in second.output


async def test_quitting_mid_menu_plays_nothing(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    script = answers("1", "q")  # into the stones' menu (one level down), then quit
    script.quit_after = 2  # and should the game go on after all, leave at its next question
    with nested_picks():
        async with await toy_service(database) as service:
            session = Session(service, script.terminal(), channel_id(None))
            await session.run(toy_setup(("Ann",), 1, seed=2))
            assert session.game_id is not None
            history = await service.history(game_id=session.game_id)
    assert not [e for e in history.entries if e.kind == "action" and e.seat == 0], "Ann played nothing"
    assert "Game saved." in script.output
    top, stones = menus(script.transcript)
    assert top.options == [message("toy.decision.pick"), message("toy.choice.R")]
    assert stones.options and all(stone_label().fullmatch(label) for label in stones.options)
    before = await _version(database)
    again = Script(quit_after=0)
    async with await toy_service(database) as service:
        await Session(service, again.terminal(), channel_id(None)).run(None)
    assert await _version(database) == before


#: A new table's game on the command line: the toy game, with people only (the command line's computers play in
#: worker processes, which know the shipped rule systems only).
TOY = ("--ruleset", "toy")


def _args(database: Path, *extra: str) -> argparse.Namespace:
    return cli.parser().parse_args(["--database", str(database), *extra])


def test_ctrl_d_and_ctrl_c_in_a_real_terminal(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    # Ctrl-D: the input simply ends (after Ann took the keyboard and picked a stone).
    out = io.StringIO()
    terminal = real_terminal(io.StringIO("\n1\n"), out)
    assert cli.main(_args(database, *TOY, "--players", "Ann", "Bob", "--seed", "4"), terminal) == 0
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
    cli.main(_args(database, *TOY, "--players", "Ann", "Bob", "--seed", "4"), Script(quit_after=3).terminal())
    script = Script(quit_after=1)
    cli.main(_args(database, *TOY, "--new", "--players", "Bob", "Cy", "--seed", "5"), script.terminal())
    assert "has been abandoned" in script.output
    assert "New game at this table: Bob, Cy." in script.output
