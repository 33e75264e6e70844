"""The message catalogue: every refusal code has its words, and every key the bot names exists. (Completeness of
the translations: tests/texts/test_catalogues.py; each rule system's events and traits: tests/<ruleset>/ui/.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game_service import LevelNotOffered
from rules_core.registry import RULESETS
from texts.languages import LANGUAGES
from texts.messages import MessageError, catalogue, message
from texts.refusals import refusal_text
from texts.registry import playable_rulesets

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r'code\s*=\s*"([a-z_]+)"')


def refusal_codes() -> set[tuple[str, str]]:
    """(namespace, code): a code raised inside a rule system's package is worded in its catalogue or the shared
    one; any other code in the shared one (namespace ""). A rules core not yet presented (``playable_rulesets``)
    is worded with its presentation."""
    codes: set[tuple[str, str]] = set()
    for package in ("rules_core", "game_service", "bot"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).parts
            namespace = parts[1] if package == "rules_core" and parts[1] in RULESETS else ""
            if namespace and namespace not in playable_rulesets():
                continue
            codes.update((namespace, code) for code in CODE.findall(path.read_text()) if code not in UNSPOKEN)
    return codes


#: Codes that only the position loader and setup use never reach a player of the bot.
UNSPOKEN = frozenset(
    {
        "bad_animal",
        "bad_card",
        "bad_field",
        "bad_format",
        "bad_link",
        "bad_phase",
        "bad_player",
        "bad_position",
        "bad_species",
        "card_count",
        "duplicate_animal",
        "duplicate_card",
        "duplicate_species",
        "missing_field",
        "too_many_cards",
        "service_refusal",
        "bot_refusal",
    }
)


@pytest.mark.parametrize(("namespace", "code"), sorted(refusal_codes()))
def test_every_refusal_code_is_worded(namespace: str, code: str) -> None:
    english = catalogue("en")
    assert f"refusal.{code}" in english or f"{namespace}.refusal.{code}" in english


def test_every_key_the_bot_names_literally_exists() -> None:
    english = catalogue("en")
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) in ("message", "msg", "text")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                assert node.args[0].value in english, f"{path.name}: {node.args[0].value}"


def test_an_unknown_language_gets_english_and_an_unknown_key_is_a_bug() -> None:
    assert "hu" in LANGUAGES
    assert message("lobby.joined", "xx", n=2, max=6) == "You joined the game (2/6 players)."
    with pytest.raises(MessageError):
        message("no.such.key")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_level_not_offered_is_worded_with_the_levels_names(language: str) -> None:
    refusal = LevelNotOffered("not at hard", level="hard", levels=("easy", "normal"))
    worded = refusal_text(refusal, language)
    easy, normal, hard = (message(f"computer_level.{level}", language) for level in ("easy", "normal", "hard"))
    assert hard in worded and f"{easy}, {normal}" in worded
    assert worded != message("refusal.generic", language)
