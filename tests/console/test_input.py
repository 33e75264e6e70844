"""Bad input gets a clear message and the question again, never a traceback; setup questions re-ask too. Shown on
the toy game (``tests/toy``); North Star's rule book at a menu: tests/north_star/ui/test_console.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from console.session import Session, Setup, ask_setup, channel_id
from tests.console.helpers import Script, answers, menus, stone_label, toy_service, toy_setup
from tests.toy.nested import nested_picks
from texts.messages import message


async def _run(tmp_path: Path, script: Script, setup: Setup | Callable[[], Setup] | None) -> int:
    async with await toy_service(tmp_path / "games.sqlite3") as service:
        return await Session(service, script.terminal(), channel_id(None)).run(setup)


def _outs(script: Script) -> list[str]:
    return [text for kind, text in script.transcript if kind == "out"]


async def test_bad_menu_answers_are_refused_with_a_message(tmp_path: Path) -> None:
    # Ann's first menu: her three stones and Resign.
    script = answers("banana", "0", "99", "", "-1", "1.5", "b")
    script.quit_after = 8
    assert await _run(tmp_path, script, toy_setup(("Ann",), 2, seed=3, rounds=3)) == 0
    out = script.output
    for answer in ("banana", "0", "99", "-1", "1.5"):
        assert message("console.not_a_choice", answer=answer, n=4) in out
    assert message("console.type_number", n=4) in out
    assert "Traceback" not in out
    # "b" at the top menu is not a way back anywhere: refused too.
    assert message("console.not_a_choice", answer="b", n=4) in out
    # After all that, the stone was picked with the next good answer, and only then.
    picked = message("toy.event.Picked", player="Ann")
    assert _outs(script).count(picked) == 1
    assert out.index(message("console.not_a_choice", answer="b", n=4)) < out.index(picked)


async def test_back_returns_to_the_previous_menu(tmp_path: Path) -> None:
    # The picks one level down: "picking a stone" (1), back (b), and the top menu is listed again.
    script = answers("1", "b")
    script.quit_after = 2
    with nested_picks():
        await _run(tmp_path, script, toy_setup(("Ann",), 1, seed=3))
    top = [message("toy.decision.pick"), message("toy.choice.R")]
    first, stones, again = menus(script.transcript)[:3]
    assert first.options == again.options == top and first.help == again.help == message("console.help")
    assert all(stone_label().fullmatch(label) for label in stones.options)
    assert len(stones.options) == 2 and stones.help == message("console.help_back"), "one level down, a way back"
    assert message("toy.event.Picked", player="Ann") not in script.output


async def test_v_shows_the_board_again(tmp_path: Path) -> None:
    script = answers("v")
    script.quit_after = 1
    await _run(tmp_path, script, toy_setup(("Ann",), 1, seed=3))
    title = message("toy.status.title", round=1, phase=message("toy.phase.pick"))
    assert sum(1 for text in _outs(script) if text.split("\n")[0] == title) == 2


async def test_setup_questions(tmp_path: Path) -> None:
    script = answers("", "Ann, ann", "Ann, Bob", "many", "9", "Ann, Bob", "1")
    script.quit_after = 8
    terminal = script.terminal()
    assert await _run(tmp_path, script, lambda: ask_setup(terminal, ruleset="toy")) == 0
    out = script.output
    assert "Please type at least one name" in out
    assert "Those names will not do: two players have the same name." in out
    assert "Please type a number from 0 to 4." in out
    assert "That table cannot play: a game needs 2 to 6 players, not 11." in out
    assert "New game at this table: Ann, Bob, Computer 1 (computer)." in out


async def test_quitting_during_setup_starts_nothing(tmp_path: Path) -> None:
    script = Script(quit_after=0)
    assert await _run(tmp_path, script, None) == 0
    assert "No game was started" in script.output


def test_setup_problems() -> None:
    assert toy_setup(("Ann",), 1, seed=1).problem() is None
    assert toy_setup((), 3, seed=1).problem() is not None
    assert toy_setup(("Ann",), 0, seed=1).problem() == "a game needs 2 to 6 players, not 1"
    assert toy_setup(("Ann", "Bob", "Cy", "Di"), 3, seed=1).problem() == "a game needs 2 to 6 players, not 7"
    assert toy_setup(("Ann", " "), 1, seed=1).problem() == "a player's name cannot be empty"
    assert toy_setup(("A" * 40,), 1, seed=1).problem() is not None
    assert toy_setup(("Ann",), 1, seed=1, rounds=10).problem() is not None, "an option the rules refuse"


async def test_r_alone_tells_how_to_look_a_rule_up(tmp_path: Path) -> None:
    script = answers("r")
    script.quit_after = 1
    await _run(tmp_path, script, toy_setup(("Ann",), 1, seed=3))
    assert message("console.rules_hint") in script.output


async def test_a_rule_looked_up_in_a_game_without_a_rule_book_is_not_found(tmp_path: Path) -> None:
    script = answers("r xyzzy")
    script.quit_after = 2
    assert await _run(tmp_path, script, toy_setup(("Ann",), 1, seed=3)) == 0
    assert message("rules.not_found", query="xyzzy") in script.output
    assert message("toy.event.Picked", player="Ann") in script.output
