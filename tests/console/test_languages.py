"""The console in six languages: the terminal's language or ``--language`` chooses (a whole game read in it:
tests/north_star/ui/test_console_languages.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from console import cli
from tests.console.helpers import Script
from texts.messages import message


@pytest.mark.parametrize(
    "environ, language",
    [
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "uk_UA.UTF-8"}, "uk"),
        ({"LANG": "pl_PL"}, "pl"),
        ({"LANG": "es_ES.UTF-8@euro"}, "es"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, None),
        ({"LANG": "C.UTF-8"}, None),
        ({"LC_ALL": "uk_UA.UTF-8", "LANG": "hu_HU.UTF-8"}, "uk"),
        ({"LC_MESSAGES": "pl_PL.UTF-8", "LANG": "hu_HU.UTF-8"}, "pl"),
        ({}, None),
    ],
)
def test_the_terminals_language(environ: dict[str, str], language: str | None) -> None:
    assert cli.terminal_language(environ) == language


def test_the_language_option_wins_over_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "hu_HU.UTF-8")
    script = Script(quit_after=1)
    # A new table of the toy game, for two people (the command line's computers would play in worker processes,
    # which know the shipped rule systems only).
    new = ["--ruleset", "toy", "--players", "Ann", "Bob", "--seed", "3"]
    args = cli.parser().parse_args(["--database", str(tmp_path / "g.sqlite3"), *new])
    assert cli.main(args, script.terminal()) == 0
    assert message("console.new_game", "hu", players="Ann, Bob") in script.output
    script = Script(quit_after=1)
    args = cli.parser().parse_args(["--database", str(tmp_path / "g.sqlite3"), "--language", "uk"])
    assert cli.main(args, script.terminal()) == 0
    assert message("console.resuming_hint", "uk") in script.output
    bad = Script()
    args = cli.parser().parse_args(["--database", str(tmp_path / "h.sqlite3"), "--players", "Ann", "ann"])
    assert cli.main(args, bad.terminal()) == 2
    assert message("console.problem.same_name", "hu") in bad.output
