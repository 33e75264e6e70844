"""North Star's quick game at the console's hot seat with two humans: as in the channel, the card plays are told only
once every player has played (docs/rulings.md, "Quick game"), all together, right before the food cards are
revealed."""

from __future__ import annotations

import re
from pathlib import Path

from console.session import Session, Setup, channel_id
from game_service import GameService
from tests.console.conftest import console_defaults
from tests.console.helpers import Script
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
