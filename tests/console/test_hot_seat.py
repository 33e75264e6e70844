"""Hot-seat: each player's secrets appear only after "pass the keyboard to <name>" and a cleared screen, and are
wiped before the keyboard goes to anybody else."""

from __future__ import annotations

import re
from pathlib import Path

from console.session import Session, Setup, channel_id
from game_service import GameService
from tests.console.helpers import Script
from texts.messages import catalogue, message


async def test_secrets_are_shown_only_to_the_player_at_the_keyboard(tmp_path: Path) -> None:
    script = Script()
    async with await GameService.open(database=tmp_path / "games.sqlite3", computer_level="easy") as service:
        assert await Session(service, script.terminal(), channel_id(None)).run(Setup(("Ann", "Bob"), 1, seed=5)) == 0
    assert message("standings.title") in script.output

    holder: str | None = None  # whose secrets may be on the screen now
    cleared_since_pass = False
    turns = {"Ann": 0, "Bob": 0}
    for kind, text in script.transcript:
        if kind == "ask" and text.startswith("Pass the keyboard to "):
            name = text.removeprefix("Pass the keyboard to ").split(" and press")[0]
            # Nobody else's secrets may still be on the screen when the keyboard changes hands.
            assert holder is None, f"{holder}'s secrets were still on the screen when {name} took the keyboard"
            holder, cleared_since_pass = name, False
        elif kind == "clear":
            if holder is not None and cleared_since_pass:
                holder = None  # the screen was wiped after the player's move
            else:
                cleared_since_pass = True
        elif kind == "out" and text.startswith("--- ") and "your turn" in text:
            name = text.removeprefix("--- ").split(",")[0]
            assert name == holder and cleared_since_pass, f"{name}'s turn shown without passing the keyboard"
            turns[name] += 1
        elif kind == "out" and text.startswith("Cards in your hand"):
            assert holder is not None and cleared_since_pass
    assert turns["Ann"] > 10 and turns["Bob"] > 10


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
