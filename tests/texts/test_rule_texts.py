"""Every rule book's texts are complete, consistent across languages, cite real passages and fit Discord; the
loader reports and refuses what is missing (shown on North Star's book). A rule book's own names and terms:
``tests/<ruleset>/ui/``."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from texts import rules
from texts.registry import RULE_BOOKS
from texts.rule_books import DEFAULT_RULESET

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
SEED_NAME = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt$")
RULESETS = tuple(RULE_BOOKS)

#: The project's own limits, tighter than Discord's: (trait, topic) characters. A trait in a few sentences, a topic
#: in a screenful; the original game's expansion traits come with the rule book's long clarifications (Anglerfish).
TEXT_LIMITS = {"north_star": (800, 2500), "origin": (1200, 2500), "dice_combat": (800, 2500)}
RULING_LIMIT = 600


def raw(language: str, ruleset: str = DEFAULT_RULESET) -> Any:
    path = resources.files("texts.rule_texts").joinpath(ruleset, f"{language}.json")
    return json.loads(path.read_text(encoding="utf-8"))


def every_entry(language: str, ruleset: str = DEFAULT_RULESET) -> list[rules.Entry]:
    book = rules.book(language, ruleset)
    return [*book.traits.values(), *book.topics.values()]


def every_text(entry: rules.Entry) -> tuple[str, ...]:
    """An entry's text in the newest edition of the cards, and in each older one where it differs."""
    return (entry.text, *entry.editions.values())


# Completeness.


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_each_file_validates(language: str, ruleset: str) -> None:
    assert rules.validate(raw(language, ruleset), ruleset=ruleset, language=language) == []


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_every_key_has_an_entry_in_every_language(language: str, ruleset: str) -> None:
    book = rules.book(language, ruleset)
    for kind in rules.KINDS:
        assert tuple(book.entries(kind)) == rules.keys(kind, ruleset)
        for entry in book.entries(kind).values():
            assert entry.name.strip() and entry.text.strip(), entry.key
            assert entry.sources and all(s.seed.strip() and s.passage.strip() for s in entry.sources), entry.key


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_new_trait_or_topic_without_texts_makes_the_texts_invalid(
    monkeypatch: pytest.MonkeyPatch, ruleset: str
) -> None:
    book = RULE_BOOKS[ruleset]
    monkeypatch.setitem(
        RULE_BOOKS, ruleset, replace(book, traits=(*book.traits, "gills"), topics=(*book.topics, "migration"))
    )
    for language in rules.LANGUAGES:
        problems = rules.validate(raw(language, ruleset), ruleset=ruleset, language=language)
        assert "trait 'gills' has no text" in problems
        assert "topic 'migration' has no text" in problems


def test_a_missing_trait_or_topic_or_field_is_reported() -> None:
    data = raw("en")
    del data["traits"]["long_neck"]
    del data["topics"]["feeding"]
    data["traits"]["horns"]["text"] = " "
    data["traits"]["ambush"]["sources"] = []
    data["traits"]["climbing"]["ruling"] = ""
    data["traits"]["gills"] = data["traits"]["horns"]
    problems = rules.validate(data, ruleset="north_star", language="en")
    for expected in (
        "trait 'long_neck' has no text",
        "topic 'feeding' has no text",
        "trait 'horns': text is missing or empty",
        "trait 'ambush': sources are missing",
        "trait 'climbing': ruling is empty (leave it out when there is none)",
        "trait 'gills' is not a trait of north_star",
    ):
        assert expected in problems


def test_a_malformed_older_edition_is_reported() -> None:
    data = raw("en", "dice_combat")
    data["traits"]["claws"]["editions"] = {}
    data["traits"]["fangs"]["editions"] = {"first": "+1 Strength.", "0": " "}
    data["traits"]["disease"]["editions"] = {"1": data["traits"]["disease"]["text"]}
    data["traits"]["venom"]["editions"] = {"1": "x" * (rules.EMBED_DESCRIPTION_LIMIT // 2 + 1)}
    problems = rules.validate(data, ruleset="dice_combat", language="en")
    for expected in (
        "trait 'claws': editions must be an object of edition numbers and texts (leave it out when there is none)",
        "trait 'fangs': edition 'first' is not an edition's number",
        "trait 'fangs': edition '0' is not an edition's number",
        "trait 'fangs': edition '0' has no text",
        "trait 'disease': edition '1''s text is the newest text (leave it out)",
        f"trait 'venom': edition '1''s text is longer than {rules.EMBED_DESCRIPTION_LIMIT // 2} characters",
    ):
        assert expected in problems


def test_an_incomplete_file_is_refused_when_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    data = raw("pl")
    del data["traits"]["symbiosis"]
    monkeypatch.setattr(rules, "_read", lambda ruleset, language: data)
    rules.book.cache_clear()
    try:
        with pytest.raises(rules.RuleTextError, match="symbiosis"):
            rules.book("pl", "north_star")
    finally:
        monkeypatch.undo()
        rules.book.cache_clear()


def test_unknown_languages_and_rule_systems_are_refused() -> None:
    with pytest.raises(rules.RuleTextError):
        rules.book("fr", "north_star")
    with pytest.raises(rules.RuleTextError):
        rules.book("en", "no_such_game")


# Consistency across languages.


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES[1:])
def test_sources_and_rulings_are_the_same_entries_in_every_language(language: str, ruleset: str) -> None:
    english, other = rules.book("en", ruleset), rules.book(language, ruleset)
    for kind in rules.KINDS:
        for key, entry in other.entries(kind).items():
            reference = english.entries(kind)[key]
            assert entry.sources == reference.sources, key
            assert (entry.ruling is None) == (reference.ruling is None), key


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES[1:])
def test_other_languages_are_translated(language: str, ruleset: str) -> None:
    english, other = rules.book("en", ruleset), rules.book(language, ruleset)
    for kind in rules.KINDS:
        for key, entry in other.entries(kind).items():
            assert entry.text != english.entries(kind)[key].text, key
            # An entry reads differently in the same older editions in every language, each translated.
            assert entry.editions.keys() == english.entries(kind)[key].editions.keys(), key
            for number, text in entry.editions.items():
                assert text != english.entries(kind)[key].editions[number], (key, number)
            if entry.ruling:
                assert entry.ruling != english.entries(kind)[key].ruling, key
    assert other.labels != english.labels


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_cyrillic_only_in_ukrainian(language: str, ruleset: str) -> None:
    cyrillic = re.compile("[\u0400-\u04ff]")
    for entry in every_entry(language, ruleset):
        for text in every_text(entry):
            assert bool(cyrillic.search(text)) == (language == "uk"), entry.key
        assert bool(cyrillic.search(entry.name)) == (language == "uk"), entry.key
        # A Ukrainian name among another language's aliases would answer a Ukrainian query in that language.
        assert language == "uk" or not any(cyrillic.search(alias) for alias in entry.aliases), entry.key


@pytest.mark.parametrize("ruleset", RULESETS)
def test_names_are_unique_within_a_language(ruleset: str) -> None:
    for language in rules.LANGUAGES:
        names = [rules.normalize(e.name) for e in every_entry(language, ruleset)]
        assert len(names) == len(set(names)), language


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_name_or_alias_names_two_entries_in_any_language(ruleset: str) -> None:
    owner: dict[str, tuple[str, str]] = {}
    for language in rules.LANGUAGES:
        for entry in every_entry(language, ruleset):
            for name in (entry.name, *entry.aliases):
                normalized = rules.normalize(name)
                assert normalized, (language, entry.key, name)
                found = owner.setdefault(normalized, (entry.key, language))
                assert found[0] == entry.key, (name, language, found)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_trait_and_topic_keys_do_not_overlap(ruleset: str) -> None:
    assert not set(rules.keys("trait", ruleset)) & set(rules.keys("topic", ruleset))


# Citations.


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_sources_name_seed_files(language: str, ruleset: str) -> None:
    for entry in every_entry(language, ruleset):
        for source in entry.sources:
            assert SEED_NAME.match(source.seed), source


# Sources are the same in every language (tested above), so the English entries cite them all.
@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds are not next to the project")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_cited_passage_is_in_its_seed(ruleset: str) -> None:
    texts: dict[str, str] = {}
    for entry in every_entry("en", ruleset):
        for source in entry.sources:
            if source.seed not in texts:
                texts[source.seed] = (SEEDS / source.seed).read_text(encoding="utf-8")
            assert source.passage in texts[source.seed], (entry.key, source)


# Sizes.


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_texts_fit_discord(language: str, ruleset: str) -> None:
    for kind in rules.KINDS:
        for key in rules.keys(kind, ruleset):
            shown = rules.render(key, language, ruleset)
            assert len(shown.title) <= min(rules.EMBED_TITLE_LIMIT, rules.CHOICE_NAME_LIMIT)
            assert len(shown.text) <= rules.EMBED_DESCRIPTION_LIMIT
            assert shown.ruling is None or len(shown.ruling) <= rules.EMBED_FIELD_LIMIT
            assert len(shown.source) <= rules.EMBED_FIELD_LIMIT
            assert len(", ".join(shown.aliases)) <= rules.EMBED_FIELD_LIMIT
            total = (
                len(shown.title)
                + len(shown.text)
                + len(shown.ruleset_title)
                + len(shown.ruling_label)
                + len(shown.ruling or "")
                + len(shown.source_label)
                + len(shown.source)
                + len(shown.aliases_label)
                + len(", ".join(shown.aliases))
            )
            assert total <= rules.EMBED_TOTAL_LIMIT


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_texts_are_reasonably_short(language: str, ruleset: str) -> None:
    book = rules.book(language, ruleset)
    trait_limit, topic_limit = TEXT_LIMITS[ruleset]
    for entry in book.traits.values():
        assert all(len(text) <= trait_limit for text in every_text(entry)), entry.key
    for entry in book.topics.values():
        assert all(len(text) <= topic_limit for text in every_text(entry)), entry.key
    for entry in every_entry(language, ruleset):
        assert entry.ruling is None or len(entry.ruling) <= RULING_LIMIT, entry.key


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_no_placeholders(language: str, ruleset: str) -> None:
    for entry in every_entry(language, ruleset):
        for text in (entry.name, *every_text(entry), entry.ruling or "", *entry.aliases):
            # Case-sensitive: "todo" is a Spanish and Portuguese word.
            assert not re.search(r"\b(TODO|TBD|FIXME|XXX)\b|[Ll]orem ipsum|[{}]", text), (entry.key, text)
