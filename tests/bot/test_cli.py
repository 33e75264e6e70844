"""``evolution-bot run`` and ``evolution-bot sync``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import cli_sync
from evolution_bot import __main__ as entry
from evolution_bot.config import Settings
from tests.bot.fakes import FakeDiscord


@pytest.fixture
def no_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "EVOLUTION_BOT_CONFIG", "EVOLUTION_BOT_DEV_GUILD"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.usefixtures("no_config")
@pytest.mark.parametrize("command", ["run", "sync"])
def test_without_a_token_one_line_says_how_to_set_it_and_how_to_play_in_the_console(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert entry.main([command]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert "DISCORD_TOKEN" in err and "config.toml" in err and "evolution-bot console" in err


@pytest.mark.usefixtures("no_config")
def test_a_broken_config_is_reported_not_raised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "config.toml").write_text("[games]\ndefault_language = 'xx'\n")
    assert entry.main(["run"]) == 2
    assert "default_language" in capsys.readouterr().err


def test_the_subcommands_are_listed() -> None:
    text = entry.build_parser(None).format_help()
    assert "run" in text and "sync" in text


async def test_sync_registers_the_commands_in_one_guild(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = FakeDiscord()

    async def request(self: Any, route: Any, **kwargs: Any) -> Any:
        return await fake.http_request(route, **kwargs)

    monkeypatch.setattr(discord.http.HTTPClient, "request", request)
    count = await cli_sync.sync(Settings(token="t", database=tmp_path / "unused.db"), 42)
    assert count == 2  # /evolution (with its subcommands) and /rules
    (path, body) = fake.synced[-1]
    assert path.endswith("/guilds/42/commands")
    evolution = next(c for c in body if c["name"] == "evolution")
    names = sorted(o["name"] for o in evolution["options"])
    assert names == sorted(
        [
            *["new", "join", "leave", "start", "status", "board", "hand", "abandon", "kick", "addbot", "mygames"],
            *["move", "settings", "time", "vote", "autopilot", "language", "history"],
            *["newlink", "replay"],
            *["leaderboard", "stats"],
            "tutorial",
        ]
    )
    # Grouped (Discord allows 25 subcommands a command): the deadlines, the votes and the autopilot.
    groups = {o["name"]: sorted(sub["name"] for sub in o["options"]) for o in evolution["options"] if o["type"] == 2}
    assert groups == {
        "time": ["extend", "pause", "resume"],
        "vote": ["end", "replace"],
        "autopilot": ["away", "back", "off", "on"],
    }
    assert not (tmp_path / "unused.db").exists(), "syncing opens no database"


def test_sync_chooses_the_guild_from_the_option_then_the_settings() -> None:
    parser = argparse.ArgumentParser()
    cli_sync.add_arguments(parser)
    assert parser.parse_args(["--guild", "7"]).guild == 7
    assert parser.parse_args(["--global"]).everywhere
