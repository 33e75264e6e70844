"""North Star at the console in the player's language: a whole game reads in it, board, menus, events, refusals and
scores, with nothing left in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.session import Session, Setup, channel_id
from game_service import GameService
from tests.console.helpers import Script
from texts.languages import LANGUAGES
from texts.messages import message


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
async def test_a_whole_game_reads_in_the_players_language(tmp_path: Path, language: str) -> None:
    answers = iter(["banana"])
    script = Script(chooser=lambda prompt, transcript: next(answers, "1"))
    async with await GameService.open(database=tmp_path / "games.sqlite3", computer_level="easy") as service:
        session = Session(service, script.terminal(), channel_id(None), language=language)
        assert await session.run(Setup(("Ann",), 2, seed=7)) == 0
    out = script.output
    computer = message("player.computer", language, name=message("player.computer_name", language, n=1))
    assert message("console.new_game", language, players=f"Ann, {computer}, " + computer.replace("1", "2")) in out
    assert message("console.help", language) in out
    assert message("north_star.question.food_card", language) in out
    assert message("console.not_a_choice", language, answer="banana", n=4) in out
    assert message("north_star.event.FoodCardChosen", language, player="Ann") in out
    assert message("standings.title", language) in out
    for english in ("your turn", "Your hand", "Cards in your hand", "Watering hole", "Final scores", "(computer)"):
        assert english not in out, english
