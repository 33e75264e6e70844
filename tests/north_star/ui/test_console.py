"""North Star at the console: its quick game at the hot seat with two humans (as in the channel, the card plays are
told only once every player has played, docs/rulings.md, "Quick game", all together, right before the food cards are
revealed), its rule book at a menu, and its table printed once a phase while a player feeds."""

from __future__ import annotations

import re
from pathlib import Path

from console.session import Session, Setup, channel_id
from game_service import GameService
from tests.console.conftest import console_defaults
from tests.console.helpers import Entry, Script, answers
from texts.messages import catalogue, message

#: The console's tests' terminal: English, computers at the baseline level.
__all__ = ["console_defaults"]


async def test_quick_game_with_two_humans(tmp_path: Path) -> None:
    script = Script()
    async with await GameService.open(database=tmp_path / "games.sqlite3", computer_level="easy") as service:
        session = Session(service, script.terminal(), channel_id(None))
        assert await session.run(Setup(("Ann", "Bob"), 2, seed=6, options={"quick_game": True})) == 0
    assert f"({message('north_star.footer.quick_game')})" in script.output
    assert message("standings.title") in script.output
    # As in the channel, the card plays are told only once every player has played (docs/rulings.md, "Quick
    # game"): all together, right before the food cards are revealed.
    plays = [line_pattern(f"north_star.event.{key}") for key in CARD_PLAYS]
    # Told in the same group; their lines resemble others' (Fertile's growth), so they only count as part of it.
    also = [line_pattern(f"north_star.event.{key}") for key in ("BodySizeIncreased", "PopulationIncreased")]
    revealed = line_pattern("north_star.event.FoodCardsRevealed")
    told = line_pattern("north_star.event.TraitsRevealed")
    lines = script.output.splitlines()
    seen = 0
    for index, line in enumerate(lines):
        if any(p.fullmatch(line) for p in plays):
            seen += 1
            following = (x for x in lines[index + 1 :] if not any(p.fullmatch(x) for p in (*plays, *also)))
            after = next((x for x in following if revealed.fullmatch(x) or not told.fullmatch(x)), "")
            assert revealed.fullmatch(after), f"a card play told before the phase ended: {line!r}"
    assert seen, "the card plays were told"


#: Lines of a card play that no other event's line resembles.
CARD_PLAYS = (
    "SpeciesCreated_left",
    "SpeciesCreated_right",
    "TraitPlayedFaceDown",
    "TraitPlayedFaceDown_replaced",
    "TraitPlayedFaceDown_replaced_hidden",
)


def line_pattern(key: str) -> re.Pattern[str]:
    """A message's English template as a pattern of the lines it makes (any text in place of a placeholder)."""
    template = catalogue("en")[key]
    assert isinstance(template, str)
    parts = re.split(r"\{[^}]*\}", template)
    return re.compile(".+".join(re.escape(part) for part in parts))


async def test_rules_can_be_looked_up_at_any_menu(tmp_path: Path) -> None:
    """``r NAME`` at a menu shows the game's rule book (how a game without one answers: tests/console/test_input.py)."""
    script = answers("r long neck", "r xyzzy", "r")
    script.quit_after = 3
    async with await GameService.open(database=tmp_path / "games.sqlite3", computer_level="easy") as service:
        await Session(service, script.terminal(), channel_id(None)).run(Setup(("Ann",), 1, seed=3))
    out = script.output
    assert "When the food cards are revealed, take 1 plant food from the food bank" in out
    assert message("rules.not_found", query="xyzzy") in out
    assert message("console.rules_hint") in out


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
