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
    assert out == rules.render("long_neck", "en", "north_star").as_text()
    assert out.startswith("Long Neck — Evolution (North Star Games)\n")
    assert "Source: Rule book of Evolution (North Star Games): “Long Neck”" in out


def test_the_answer_is_in_the_language_of_the_name_typed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hosszu", "nyak")
    assert code == 0 and out == rules.render("long_neck", "hu", "north_star").as_text()
    code, out, _ = run(capsys, "довга", "шия")
    assert code == 0 and out == rules.render("long_neck", "uk", "north_star").as_text()


@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_language_option(capsys: pytest.CaptureFixture[str], language: str) -> None:
    code, out, _ = run(capsys, "--language", language, "long", "neck")
    assert code == 0 and out == rules.render("long_neck", language, "north_star").as_text()


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
    assert code == 0 and out == rules.render("feeding", "en", "north_star").as_text()
    code, out, _ = run(capsys, "--topic", "--language", "es", "scoring")
    assert code == 0 and out.startswith("Final de la partida y puntuación — ")


def test_trait_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--trait", "feeding")
    assert code == 1 and "No trait or rule matches “feeding”." in err


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--list")
    assert code == 0
    for key in (*rules.keys("trait", "north_star"), *rules.keys("topic", "north_star")):
        assert f"{rules.entry(key, 'en', 'north_star').name} ({key})" in out
    code, out, _ = run(capsys, "--list", "--language", "uk", "--trait")
    assert code == 0 and "Довга шия (long_neck)" in out and "(feeding)" not in out


def test_no_query_lists_everything(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and "Long Neck (long_neck)" in out


def test_nothing_found_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--game", "north_star", "car")
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
    assert result.stdout.decode("utf-8") == rules.render("long_neck", "uk", "north_star").as_text()


def test_every_rule_system_is_searched_like_slash_rules(capsys: pytest.CaptureFixture[str]) -> None:
    # The original game's Tail Loss, typed in Ukrainian: found although North Star has no such trait.
    code, out, err = run(capsys, "відкидання", "хвоста")
    assert code == 0 and err == ""
    assert out == rules.render("tail_loss", "uk", "origin").as_text()
    assert out.startswith("Відкидання хвоста — " + rules.book("uk", "origin").title)
    # The dice game's cards too.
    key, title = rules.autocomplete("", "en", kinds=("trait",), ruleset="dice_combat")[0]
    code, out, _ = run(capsys, title)
    assert code == 0 and out == rules.render(key, "en", "dice_combat").as_text()


def test_game_narrows_the_search_to_one_rule_system(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--game", "north_star", "відкидання", "хвоста")
    assert code == 1 and out == "" and "відкидання хвоста" in err
    code, out, _ = run(capsys, "--game", "origin", "carnivore")
    assert code == 0 and out == rules.render("carnivore", "en", "origin").as_text()
    code, out, _ = run(capsys, "carnivore")
    assert code == 0 and out == rules.render("carnivore", "en", "north_star").as_text(), "North Star's first"
    code, out, _ = run(capsys, "--list", "--game", "origin")
    assert code == 0 and out.startswith(rules.book("en", "origin").title) and "(swimming)" in out
    code, out, _ = run(capsys, "--list")
    assert all(rules.book("en", name).title in out for name in rules.searched())
