"""``evolution-bot rules``: the console lookup."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from evolution_bot import __main__ as entry
from texts import rules

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = entry.main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_rules_is_a_subcommand() -> None:
    assert entry.SUBCOMMANDS["rules"][0] == "texts.cli"


def test_a_trait_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "long", "neck")
    assert code == 0 and err == ""
    assert out == rules.render("long_neck", "en").as_text()
    assert out.startswith("Long Neck — Evolution (North Star Games)\n")
    assert "Source: Rule book of Evolution (North Star Games): “Long Neck”" in out


def test_the_answer_is_in_the_language_of_the_name_typed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hosszu", "nyak")
    assert code == 0 and out == rules.render("long_neck", "hu").as_text()
    code, out, _ = run(capsys, "довга", "шия")
    assert code == 0 and out == rules.render("long_neck", "uk").as_text()


@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_language_option(capsys: pytest.CaptureFixture[str], language: str) -> None:
    code, out, _ = run(capsys, "--language", language, "long", "neck")
    assert code == 0 and out == rules.render("long_neck", language).as_text()


def test_language_option_takes_a_discord_locale(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "-l", "pt-BR", "lng", "neck")
    assert code == 0 and out.startswith("Pescoço Longo — ")


def test_an_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        entry.main(["rules", "--language", "fr", "horns"])
    assert exit_.value.code == 2
    assert "unknown language" in capsys.readouterr().err


def test_topic(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--topic", "feeding")
    assert code == 0 and out == rules.render("feeding", "en").as_text()
    code, out, _ = run(capsys, "--topic", "--language", "es", "scoring")
    assert code == 0 and out.startswith("Final de la partida y puntuación — ")


def test_trait_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--trait", "feeding")
    assert code == 1 and "No trait or rule matches “feeding”." in err


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--list")
    assert code == 0
    for key in (*rules.keys("trait"), *rules.keys("topic")):
        assert f"{rules.entry(key, 'en').name} ({key})" in out
    code, out, _ = run(capsys, "--list", "--language", "uk", "--trait")
    assert code == 0 and "Довга шия (long_neck)" in out and "(feeding)" not in out


def test_no_query_lists_everything(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and "Long Neck (long_neck)" in out


def test_nothing_found_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "car")
    assert code == 1 and out == ""
    assert "No trait or rule matches “car”." in err
    assert "Did you mean: Carnivore (carnivore)" in err
    code, _, err = run(capsys, "-l", "pl", "xyzzy")
    assert code == 1 and err == "Żadna cecha ani zasada nie pasuje do „xyzzy”.\n"


def test_python_dash_m_prints_utf8_whatever_the_locale() -> None:
    environment = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"}
    result = subprocess.run(
        [sys.executable, "-m", "evolution_bot", "rules", "--language", "uk", "long", "neck"],
        capture_output=True,
        cwd=ROOT,
        env=environment,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    assert result.stdout.decode("utf-8") == rules.render("long_neck", "uk").as_text()
