"""CLDR plural categories of the six languages, and ``message`` choosing a plural form by ``n``."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from texts import messages
from texts.languages import LANGUAGES
from texts.messages import Template, message
from texts.plurals import ALLOWED, CATEGORIES, REQUIRED, plural_category, plural_form

# Expected categories from CLDR's plural rules and their @integer samples (plurals.xml).
CASES = {
    "en": {0: "other", 1: "one", 2: "other", 11: "other", 21: "other", 101: "other"},
    "hu": {0: "other", 1: "one", 2: "other", 11: "other", 21: "other"},
    "pt": {0: "one", 1: "one", 2: "other", 5: "other", 21: "other", 1_000_000: "many", 2_000_000: "many"},
    "es": {0: "other", 1: "one", 2: "other", 21: "other", 1_000_000: "many", 1_000_001: "other"},
    "uk": {
        0: "many",
        1: "one",
        2: "few",
        4: "few",
        5: "many",
        10: "many",
        11: "many",
        12: "many",
        14: "many",
        20: "many",
        21: "one",
        22: "few",
        24: "few",
        25: "many",
        101: "one",
        111: "many",
        112: "many",
        122: "few",
    },
    "pl": {
        0: "many",
        1: "one",
        2: "few",
        4: "few",
        5: "many",
        11: "many",
        12: "many",
        14: "many",
        21: "many",
        22: "few",
        24: "few",
        25: "many",
        101: "many",
        102: "few",
        112: "many",
    },
}


@pytest.mark.parametrize(
    ("language", "count", "category"), [(code, n, c) for code, cases in CASES.items() for n, c in cases.items()]
)
def test_cldr_categories(language: str, count: int, category: str) -> None:
    assert plural_category(language, count) == category


def test_every_language_has_rules_and_required_forms() -> None:
    assert set(CASES) == set(LANGUAGES)
    for language in LANGUAGES:
        assert "other" in REQUIRED[language] <= ALLOWED[language] <= set(CATEGORIES)
        # Every category a whole number reaches (up to well past any count in a game) is allowed.
        assert {plural_category(language, n) for n in range(0, 2000)} <= ALLOWED[language]


def test_a_negative_count_takes_the_form_of_its_size() -> None:
    assert plural_category("uk", -2) == "few" and plural_category("en", -1) == "one"


def test_a_missing_form_falls_back_to_other() -> None:
    forms = {"one": "{n} carta", "other": "{n} cartas"}
    assert plural_form(forms, "pt", 3_000_000) == "{n} cartas"


@pytest.fixture
def catalogues(monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, Template]]:
    """Stand-in catalogues (the real ones are checked in test_catalogues)."""
    data: dict[str, dict[str, Template]] = {
        "en": {"cards": {"one": "{n} card", "other": "{n} cards"}, "plain": "{player} left"},
        "pl": {"cards": {"one": "{n} karta", "few": "{n} karty", "many": "{n} kart", "other": "{n} karty"}},
        "uk": {"cards": {"one": "{n} карта", "few": "{n} карти", "many": "{n} карт", "other": "{n} карти"}},
        "hu": {"cards": "{n} lap {oops}", "plain": "{player} kilépett"},
    }

    def catalogue(language: str = "en") -> Mapping[str, Template]:
        return data.get(language, {})

    monkeypatch.setattr(messages, "catalogue", catalogue)
    return data


@pytest.mark.usefixtures("catalogues")
def test_message_picks_the_plural_form_by_n() -> None:
    assert [message("cards", "en", n=n) for n in (1, 2)] == ["1 card", "2 cards"]
    polish = [message("cards", "pl", n=n) for n in (1, 3, 5, 22, 25)]
    assert polish == ["1 karta", "3 karty", "5 kart", "22 karty", "25 kart"]
    assert [message("cards", "uk", n=n) for n in (1, 3, 11, 21)] == ["1 карта", "3 карти", "11 карт", "21 карта"]


@pytest.mark.usefixtures("catalogues")
def test_a_broken_or_missing_translation_falls_back_to_english() -> None:
    assert message("cards", "hu", n=2) == "2 cards"
    assert message("plain", "hu", player="Ada") == "Ada kilépett"
    assert message("plain", "es", player="Ada") == "Ada left"


@pytest.mark.usefixtures("catalogues")
def test_a_plural_message_without_a_whole_number_is_a_bug() -> None:
    with pytest.raises(KeyError):
        message("cards", "en")
    with pytest.raises(ValueError):
        message("cards", "en", n="two")
