"""The rule lookup's own rules, whatever the rule system: how names are normalized and how far a typo may go, and
which language a Discord locale means (each rule book's lookups: ``tests/<ruleset>/ui/``)."""

from __future__ import annotations

import pytest

from texts import rules

# Normalizing.


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        ("Buraco d'Água", "buraco dagua"),
        ("Buraco d’Água", "buraco dagua"),
        ("Długa szyja", "dluga szyja"),
        ("HOSSZÚ  NYAK", "hosszu nyak"),
        ("Üregben rejtőzködés", "uregben rejtozkodes"),
        ("Довга шия", "довга шия"),
        ("Жировий", "жировии"),
        ("М'ясоїдний", "мясоіднии"),
        ("long_neck", "long neck"),
        ("1. fázis: Kártyaosztás", "1 fazis kartyaosztas"),
        ("Straße", "strasse"),
    ],
)
def test_normalize(text: str, normalized: str) -> None:
    assert rules.normalize(text) == normalized


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("", "", 0), ("neck", "neck", 0), ("lng neck", "long neck", 1), ("nekc", "neck", 1), ("abc", "xyz", 3)],
)
def test_edit_distance(a: str, b: str, distance: int) -> None:
    assert rules.edit_distance(a, b) == distance
    assert rules.edit_distance(b, a) == distance
    assert rules.edit_distance(a, b, limit=1) == min(distance, 2)


# Languages.


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("hu", "hu"),
        ("pt-BR", "pt"),
        ("uk", "uk"),
        ("pl", "pl"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("EN-us", "en"),
        ("pt_BR", "pt"),
        ("fr", "en"),
        ("zh-CN", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_discord_locales(locale: str | None, language: str) -> None:
    assert rules.language_for_locale(locale) == language


def test_a_locale_object_with_a_value_is_understood() -> None:
    class Locale:
        value = "es-419"

    assert rules.language_for_locale(Locale()) == "es"
