"""The command line: ``evolution-bot console`` and ``python -m console``, the database default, board images."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from computer_players.simple import first_legal
from console import cli
from console.session import Session, Setup, channel_id
from evolution_bot import __main__ as entry
from game_service import GameService
from rules_core.engine import PublicView
from tests.console.helpers import Script, toy_service, toy_setup
from tests.toy import registered
from tests.toy.rules import ToyTable
from texts.messages import message

ROOT = Path(__file__).resolve().parents[2]


def test_the_subcommand_is_registered() -> None:
    assert entry.SUBCOMMANDS["console"][0] == "console.cli"
    args = entry.build_parser("console").parse_args(["console", "--players", "Ann", "Bob", "--computers", "2"])
    assert args.players == ["Ann", "Bob"] and args.computers == 2


def test_python_dash_m_console_plays_and_quits(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    result = subprocess.run(
        [sys.executable, "-m", "console", "--database", str(database), "--players", "Ann", "--computers", "1",
         "--seed", "5"],
        input="1\nq\n", capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    # The first screen says which game starts and where it is saved (issue 30).
    first = f"Evolution (North Star Games), game 1: every move is saved in {database.resolve()}."
    assert result.stdout.startswith(first + "\nNew game at this table: Ann, Computer 1 (computer).\n")
    assert "Game saved." in result.stdout
    assert "Traceback" not in result.stderr


def test_evolution_bot_console_resumes_the_game(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    command = [sys.executable, "-m", "evolution_bot", "console", "--database", str(database)]
    first = subprocess.run(
        [*command, "--players", "Ann", "--computers", "1", "--seed", "5"],
        input="1\n", capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert first.returncode == 0 and "Game saved." in first.stdout, first.stderr
    second = subprocess.run(command, input="q\n", capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert second.returncode == 0
    assert second.stdout.startswith(
        f"Evolution (North Star Games), game 1: every move is saved in {database.resolve()}.\n"
        "Resuming the game at this table"
    )


def test_the_default_database_is_the_bots(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("EVOLUTION_BOT_CONFIG", raising=False)
    monkeypatch.delenv("EVOLUTION_BOT_DB", raising=False)
    assert cli.bot_settings().database == Path("evolution-bot.sqlite3")
    monkeypatch.setenv("EVOLUTION_BOT_DB", str(tmp_path / "elsewhere.sqlite3"))
    assert cli.bot_settings().database == tmp_path / "elsewhere.sqlite3"


def test_bad_command_line_setups_are_refused(tmp_path: Path) -> None:
    script = Script()
    database = str(tmp_path / "g.sqlite3")
    args = cli.parser().parse_args(["--database", database, "--players", "Ann", "--computers", "9"])
    assert cli.main(args, script.terminal()) == 2
    assert "--computers must be between 0 and 6" in script.output
    args = cli.parser().parse_args(["--database", str(tmp_path / "g.sqlite3"), "--players", "Ann", "ann"])
    assert cli.main(args, script.terminal()) == 2
    assert "two players have the same name" in script.output


def test_a_level_the_rule_system_does_not_offer_is_refused_before_the_table_is_laid(tmp_path: Path) -> None:
    # The dice game offers easy alone (computer_players.registry.OFFERED_LEVELS).
    script = Script()
    database = tmp_path / "g.sqlite3"
    args = cli.parser().parse_args(
        ["--database", str(database), "--ruleset", "dice_combat", "--players", "Ann", "--level", "hard"]
    )
    assert cli.main(args, script.terminal()) == 2
    assert message("refusal.level_not_offered", level=message("computer_level.hard"),
                   levels=message("computer_level.easy")) in script.output  # fmt: skip
    assert not database.exists()


async def test_board_images_are_saved_each_phase(tmp_path: Path) -> None:
    rendered: list[PublicView] = []

    def render(view: PublicView) -> bytes:
        rendered.append(view)
        return b"\x89PNG fake"

    images = tmp_path / "boards"
    # Any rule system's phases name its images: the toy game's computer plays in this process, where it is known.
    with registered():
        async with await GameService.open(database=tmp_path / "games.sqlite3", computer_policy=first_legal) as service:
            session = Session(service, Script().terminal(), channel_id(None), images=images, render=render)
            assert await session.run(Setup(("Ann",), 1, seed=9, ruleset="toy")) == 0
    names = sorted(p.name for p in images.iterdir())
    assert names[0] == "game-1-round-01-1-pick.png"
    assert any(name.endswith("-call.png") for name in names)
    assert names[-1].endswith("-over.png")
    assert len({(v.round, v.phase) for v in rendered}) == len(rendered) == len(names)
    assert all(isinstance(v, ToyTable) for v in rendered)


async def test_the_real_renderer_draws_the_board(tmp_path: Path) -> None:
    render = cli.find_renderer()
    if render is None:
        pytest.skip("the renderer is not available")
    images = tmp_path / "boards"
    # The real renderer draws any registered rule system's board (the toy game's here).
    async with await toy_service(tmp_path / "games.sqlite3") as service:
        session = Session(service, Script(quit_after=3).terminal(), channel_id(None), images=images, render=render)
        await session.run(toy_setup(("Ann",), 1, seed=9))
    pngs = list(images.iterdir())
    assert pngs and all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)


async def test_without_a_renderer_the_console_says_so(tmp_path: Path) -> None:
    script = Script(quit_after=2)
    async with await toy_service(tmp_path / "games.sqlite3") as service:
        session = Session(service, script.terminal(), channel_id(None), images=tmp_path / "boards", render=None)
        await session.run(toy_setup(("Ann",), 1, seed=9))
    assert script.output.count("Board images need the renderer") == 1


def test_the_rule_system_and_its_options_are_chosen_on_the_command_line(tmp_path: Path) -> None:
    database = str(tmp_path / "g.sqlite3")
    args = cli.parser().parse_args(["--database", database, "--players", "Ann", "--option", "quick", "--seed", "2"])
    script = Script()
    assert cli.main(args, script.terminal()) == 2
    # The wrong option is named, with the valid ones, once and in one sentence.
    assert script.output.strip() == "This game has no option “quick”. Its options: quick_game."
    args = cli.parser().parse_args(["--database", database, "--ruleset", "dice_combat", "--option", "x"])
    script = Script()
    assert cli.main(args, script.terminal()) == 2
    assert script.output.strip() == "This game has no option “x”. Its options: edition=N."
    args = cli.parser().parse_args(["--database", database, "--option", "quick_game=maybe", "--players", "Ann"])
    assert cli.main(args, Script().terminal()) == 2
    with pytest.raises(SystemExit):  # argparse names the rule systems it knows
        cli.parser().parse_args(["--ruleset", "chess"])
    args = cli.parser().parse_args(
        ["--database", database, "--ruleset", "north_star", "--option", "quick_game", "--players", "Ann", "--seed", "2"]
    )
    script = Script(quit_after=3)
    assert cli.main(args, script.terminal()) == 0
    assert "quick game" in script.output


def test_help_lists_each_rule_systems_options_and_a_wrong_option_exits_non_zero(tmp_path: Path) -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "console", "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60, check=True
    ).stdout
    flat = " ".join(shown.split())
    assert "north_star: quick_game" in flat and "dice_combat: edition=N" in flat
    assert "time_to_fly" in flat and "darwins_day" in flat and "tie_break=printed|discards" in flat
    wrong = subprocess.run(
        [sys.executable, "-m", "console", "--database", str(tmp_path / "g.sqlite3"), "--ruleset", "origin",
         "--option", "time_to_flyy", "--players", "Ann"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr
    assert "“time_to_flyy”" in wrong.stdout and "time_to_fly" in wrong.stdout.split("options:")[1]


def test_the_first_screen_never_prints_a_postgresql_url() -> None:
    assert cli.saved_in("postgresql://bot:secret@db/evolution") is None
    assert cli.saved_in("sqlite:///games.sqlite3") == str(Path("games.sqlite3").resolve())
