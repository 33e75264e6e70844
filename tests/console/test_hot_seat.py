"""Hot-seat: each player's secrets appear only after "pass the keyboard to <name>" and a cleared screen, and are
wiped before the keyboard goes to anybody else. Shown on the toy game (``tests/toy``); North Star's quick game at
the hot seat: tests/north_star/ui/test_console.py."""

from __future__ import annotations

from pathlib import Path

from console.session import Session, channel_id
from tests.console.helpers import Script, toy_service, toy_setup
from texts.messages import message


async def test_secrets_are_shown_only_to_the_player_at_the_keyboard(tmp_path: Path) -> None:
    script = Script()
    async with await toy_service(tmp_path / "games.sqlite3") as service:
        setup = toy_setup(("Ann", "Bob"), 1, seed=5, rounds=9)
        assert await Session(service, script.terminal(), channel_id(None)).run(setup) == 0
    assert message("standings.title") in script.output

    secrets = (message("toy.hand"), message("toy.pick"))
    shown = 0
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
        elif kind == "out" and text.startswith(secrets):
            assert holder is not None and cleared_since_pass
            shown += 1
    assert turns["Ann"] > 10 and turns["Bob"] > 10
    assert shown == turns["Ann"] + turns["Bob"], "each turn shows the player's own stones"
