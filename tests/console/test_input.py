"""Bad input gets a clear message and the question again, never a traceback; setup questions re-ask too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from console.session import Session, Setup, channel_id
from game_service import GameService
from tests.console.helpers import Entry, Script
from texts.messages import message


def _answers(*given: str) -> Script:
    """Answer with ``given`` first, then option 1 for ever (Enter at keyboard hand-overs)."""
    queue: Iterator[str] = iter(given)

    def chooser(prompt: str, transcript: list[Entry]) -> str:
        answer = next(queue, None)
        if answer is not None:
            return answer
        return "" if prompt.startswith("Pass the keyboard") else "1"

    return Script(chooser=chooser)


async def _run(tmp_path: Path, script: Script, setup: Setup | None) -> int:
    async with await GameService.open(database=tmp_path / "games.sqlite3", computer_level="easy") as service:
        return await Session(service, script.terminal(), channel_id(None)).run(setup)


async def test_bad_menu_answers_are_refused_with_a_message(tmp_path: Path) -> None:
    script = _answers("banana", "0", "99", "", "-1", "1.5", "b")
    script.quit_after = 12
    assert await _run(tmp_path, script, Setup(("Ann",), 1, seed=3)) == 0
    out = script.output
    for answer in ("banana", "0", "99", "-1", "1.5"):
        assert message("console.not_a_choice", answer=answer, n=4) in out
    assert message("console.type_number", n=4) in out
    assert "Traceback" not in out
    # "b" at the top menu is not a way back anywhere: refused too.
    assert message("console.not_a_choice", answer="b", n=4) in out
    # After all that, the food card was chosen with the next good answer.
    assert message("north_star.event.FoodCardChosen", player="Ann") in out


async def test_back_returns_to_the_previous_menu(tmp_path: Path) -> None:
    # Food card 1; then "play a trait" (1), back (b), and the top card-play menu is listed again.
    script = _answers("1", "1", "b")
    script.quit_after = 3
    await _run(tmp_path, script, Setup(("Ann",), 1, seed=3))
    outs = [text for kind, text in script.transcript if kind == "out"]
    assert outs.count(message("north_star.question.play_card")) == 2


async def test_v_shows_the_board_again(tmp_path: Path) -> None:
    script = _answers("v")
    script.quit_after = 1
    await _run(tmp_path, script, Setup(("Ann",), 1, seed=3))
    title = message("north_star.status.title", round=1, phase=message("north_star.phase.food_cards"))
    assert script.output.count(f"=== {title} ===") == 2


async def test_setup_questions(tmp_path: Path) -> None:
    script = _answers("", "Ann, ann", "Ann, Bob", "many", "9", "Ann, Bob", "1")
    script.quit_after = 8
    assert await _run(tmp_path, script, None) == 0
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
    assert Setup(("Ann",), 1).problem() is None
    assert Setup((), 3).problem() is not None
    assert Setup(("Ann",), 0).problem() == "a game needs 2 to 6 players, not 1"
    assert Setup(("Ann", "Bob", "Cy", "Di"), 3).problem() == "a game needs 2 to 6 players, not 7"
    assert Setup(("Ann", " "), 1).problem() == "a player's name cannot be empty"
    assert Setup(("A" * 40,), 1).problem() is not None


async def test_rules_can_be_looked_up_at_any_menu(tmp_path: Path) -> None:
    script = _answers("r long neck", "r xyzzy", "r")
    script.quit_after = 3
    await _run(tmp_path, script, Setup(("Ann",), 1, seed=3))
    out = script.output
    assert "When the food cards are revealed, take 1 plant food from the food bank" in out
    assert message("rules.not_found", query="xyzzy") in out
    assert "Type r and a trait or topic" in out
