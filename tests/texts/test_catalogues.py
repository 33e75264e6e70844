"""The message catalogues are complete: every key of English in every language, with the same placeholders; plural
messages with every form their language needs; the board images' labels in every language but English. The shared
catalogue and each rule system's (``texts/<ruleset>/messages/``, keys read as ``<ruleset>.<key>``) are checked
together, as the bot reads them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from renderer.dice_combat.labels import ENGLISH as DICE_COMBAT_BOARD
from renderer.north_star.labels import ENGLISH as NORTH_STAR_BOARD
from renderer.origin.labels import WORDS as ORIGIN_BOARD
from texts import messages
from texts.board_labels import BOARD, TRAIT, board_labels
from texts.languages import DEFAULT_LANGUAGE, LANGUAGE_LABEL, LANGUAGES
from texts.messages import COUNT, catalogue, message, placeholders, template_placeholders
from texts.plurals import ALLOWED, REQUIRED
from texts.rules import book

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)
ENGLISH = catalogue(DEFAULT_LANGUAGE)
#: Each rule system's board labels in English (its drawer's own) that its catalogues translate; the traits' (or
#: cards') names a catalogue leaves out come from the rule system's /rules book.
BOARDS = {"north_star": NORTH_STAR_BOARD, "origin": ORIGIN_BOARD, "dice_combat": DICE_COMBAT_BOARD}
BOARD_ENGLISH = {
    f"{ruleset}.{BOARD}{key}": value for ruleset, labels in BOARDS.items() for key, value in labels.items()
}
BOARD_KEYS = frozenset(BOARD_ENGLISH)


def is_board_key(key: str) -> bool:
    return any(key.startswith(f"{ruleset}.{BOARD}") for ruleset in BOARDS)


def raw(language: str) -> dict[str, Any]:
    """Every catalogue file of ``language`` as written, namespaced as the bot reads it."""
    data: dict[str, Any] = json.loads((ROOT / "texts" / "messages" / f"{language}.json").read_text(encoding="utf-8"))
    for folder in sorted((ROOT / "texts").glob("*/messages")):
        ruleset = folder.parent.name
        own = json.loads((folder / f"{language}.json").read_text(encoding="utf-8"))
        data.update({f"{ruleset}.{key}": value for key, value in own.items()})
    return data


def expected_placeholders(value: messages.Template) -> frozenset[str]:
    """What every form of a translation must use: the English template's fields (its ``other`` form's)."""
    return placeholders(value if isinstance(value, str) else value["other"])


def template_problems(language: str, key: str, value: Any, expected: frozenset[str]) -> list[str]:
    if isinstance(value, str):
        found = placeholders(value)
        return [] if found == expected else [f"{key}: placeholders {sorted(found)}, expected {sorted(expected)}"]
    if not isinstance(value, dict):
        return [f"{key}: neither a string nor plural forms"]
    problems = []
    if COUNT not in expected:
        problems.append(f"{key}: plural forms, but the message has no {{{COUNT}}} to choose them by")
    missing = REQUIRED[language] - set(value)
    if missing:
        problems.append(f"{key}: plural forms {sorted(missing)} are missing")
    unknown = set(value) - ALLOWED[language]
    if unknown:
        problems.append(f"{key}: {sorted(unknown)} are not plural forms of {language}")
    for category, form in value.items():
        if not isinstance(form, str):
            problems.append(f"{key}.{category}: not a string")
        elif placeholders(form) != expected:
            problems.append(f"{key}.{category}: placeholders {sorted(placeholders(form))}, expected {sorted(expected)}")
    return problems


def forms(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value.values())


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalogue_is_a_flat_object_of_templates(language: str) -> None:
    data = raw(language)
    assert data, f"texts/messages/{language}.json is empty"
    for key, value in data.items():
        assert isinstance(value, str | dict), key
        for form in forms(value):
            assert isinstance(form, str) and form.strip(), f"{language}: {key} has an empty form"
            assert all(name.isidentifier() for name in placeholders(form)), f"{language}: {key}"
    # The loader accepts what the test accepts.
    assert set(catalogue(language)) == set(data)


def test_english_plural_messages_have_their_forms() -> None:
    for key, value in raw(DEFAULT_LANGUAGE).items():
        assert template_problems(DEFAULT_LANGUAGE, key, value, expected_placeholders(value)) == [], key


def test_english_does_not_repeat_the_board_labels() -> None:
    assert not [key for key in ENGLISH if is_board_key(key)]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_exists_in_every_language_with_the_same_placeholders(language: str) -> None:
    data = raw(language)
    missing = sorted(set(ENGLISH) - set(data))
    assert not missing, f"{language} lacks {len(missing)} messages: {missing}"
    problems = [
        problem
        for key, value in data.items()
        if key in ENGLISH
        for problem in template_problems(language, key, value, expected_placeholders(ENGLISH[key]))
    ]
    assert not problems, f"{language}: " + "; ".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_language_has_messages_english_lacks(language: str) -> None:
    extra = sorted(set(raw(language)) - set(ENGLISH) - BOARD_KEYS)
    assert not extra, f"{language} has messages English lacks: {extra}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_board_label_is_translated_with_the_same_placeholders(language: str) -> None:
    data = raw(language)
    board = {key: value for key, value in data.items() if is_board_key(key)}
    assert set(board) == BOARD_KEYS, f"{language}: missing {sorted(BOARD_KEYS - set(board))}"
    for key, value in board.items():
        # The renderer formats plain strings: its labels never depend on a count's plural form.
        assert isinstance(value, str), f"{language}: {key} must be a string"
        assert placeholders(value) == placeholders(BOARD_ENGLISH[key]), f"{language}: {key}"
    for ruleset in BOARDS:
        prefix = f"{ruleset}.{BOARD}"
        # The traits' (or cards') names come from the rule book; a catalogue's own board.trait.<key> wins.
        expected = {f"{TRAIT}{key}": entry.name for key, entry in book(language, ruleset).traits.items()}
        expected.update({k.removeprefix(prefix): v for k, v in board.items() if k.startswith(prefix)})
        # And the language, by which the board hyphenates a word too long for its line.
        expected[LANGUAGE_LABEL] = language
        assert dict(board_labels(language, ruleset)) == expected


@pytest.mark.parametrize("language", TRANSLATED)
def test_leading_and_trailing_spaces_are_kept(language: str) -> None:
    """Some messages are appended to others (" It stored 2 as fat."): their spacing must survive translation."""
    data = raw(language)
    for key, english in ENGLISH.items():
        if key not in data:
            continue
        reference = english if isinstance(english, str) else english["other"]
        for form in forms(data[key]):
            assert form[:1].isspace() == reference[:1].isspace(), f"{language}: {key}"
            assert form[-1:].isspace() == reference[-1:].isspace(), f"{language}: {key}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_are_translated(language: str) -> None:
    """Most messages differ from the English (a file copied and left untranslated would pass the key checks)."""
    data = raw(language)
    same = [key for key, value in ENGLISH.items() if data.get(key) == value]
    assert len(same) < len(ENGLISH) // 10, f"{language}: {len(same)} messages are the English: {same[:20]}"


def test_the_board_labels_are_empty_for_english() -> None:
    assert dict(board_labels(DEFAULT_LANGUAGE, "north_star")) == {}


def test_template_placeholders_of_a_plural_message() -> None:
    assert template_placeholders({"one": "{n} card", "other": "{n} cards of {player}"}) == {"n", "player"}


@pytest.mark.parametrize(
    ("language", "value", "problem"),
    [
        ("pl", "Dobierz {n} kart", None),
        ("pl", {"one": "{n} karta", "few": "{n} karty", "many": "{n} kart", "other": "{n} karty"}, None),
        ("pl", {"one": "{n} karta", "other": "{n} kart"}, "['few', 'many'] are missing"),
        ("pl", "Dobierz {count} kart", "placeholders ['count'], expected ['n']"),
        ("uk", {"one": "{n} карта", "few": "{n} карти", "many": "карт", "other": "{n} карти"}, "x.many: placeholders"),
        ("hu", {"one": "{n} lap", "few": "{n} lap", "other": "{n} lap"}, "['few'] are not plural forms of hu"),
        ("pt", {"one": "{n} carta", "many": "{n} de cartas", "other": "{n} cartas"}, None),
    ],
)
def test_the_checks_find_what_a_translation_gets_wrong(language: str, value: Any, problem: str | None) -> None:
    problems = template_problems(language, "x", value, frozenset({"n"}))
    if problem is None:
        assert problems == []
    else:
        assert any(problem in p for p in problems), problems


def test_plural_forms_need_a_count_to_choose_them() -> None:
    problems = template_problems("en", "x", {"one": "{player}", "other": "{player}"}, frozenset({"player"}))
    assert problems == ["x: plural forms, but the message has no {n} to choose them by"]


COMMAND_MENTION = re.compile(r"/(evolution|rules)\b(?: ([a-z_]+)\b)?")


def localised_mention(language: str, command: str, sub: str | None) -> str:
    names = [message(f"command_name.{command}", language)]
    if sub is not None and command == "evolution":
        names.append(message(f"command_name.{sub}", language))
    return "/" + " ".join(names)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_command_named_in_a_message_is_named_as_the_reader_sees_it(language: str) -> None:
    """Discord shows each user the command names of their language: a message naming a command uses them too."""
    data = raw(language)
    for key, english in ENGLISH.items():
        mentions = COMMAND_MENTION.findall(english if isinstance(english, str) else english["other"])
        for command, sub in mentions:
            expected = localised_mention(language, command, sub or None)
            for form in forms(data.get(key, "")):
                assert expected in form, f"{language}: {key} should name {expected}: {form!r}"


@pytest.mark.parametrize("language", ["uk", "pl"])
def test_slavic_plural_messages_read_differently_for_one_few_and_many(language: str) -> None:
    """1, 2 and 5 cards take three different forms in Ukrainian and Polish; a plural object with one text for
    all of them is a translation left half done."""
    plural = {key: value for key, value in raw(language).items() if isinstance(value, dict)}
    assert plural, f"{language} has no plural messages"
    for key in plural:
        texts = {message(key, language, **{name: 0 for name in template_placeholders(ENGLISH[key])} | {COUNT: n})
                 for n in (1, 2, 5)}  # fmt: skip
        assert len(texts) == 3, f"{language}: {key} reads the same for 1, 2 and 5"
