"""Finding North Star's traits and topics by name in any of the six languages, autocomplete, rendering (the
lookup's own spelling rules and locales: tests/texts/test_lookup.py)."""

from __future__ import annotations

import unicodedata

import pytest

from rules_core.north_star.cards import Trait
from texts import rules


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


@pytest.mark.parametrize(
    "query",
    [
        "long neck",
        "Long Neck",
        "LONG NECK",
        "long_neck",
        "lng neck",
        "long nekc",
        "neck",
        "Hosszú nyak",
        "hosszu nyak",
        "HOSSZÚ NYAK",
        "hoszu nyak",
        "Pescoço Longo",
        "pescoço longo",
        "pescoco longo",
        "Довга шия",
        "довга шия",
        "ДОВГА ШИЯ",
        "довга шія",
        "Długa szyja",
        "dluga szyja",
        "Cuello largo",
        "cuello largo",
        "cuelo largo",
        "  long   neck  ",
        "long-neck",
    ],
)
def test_long_neck_is_found_however_it_is_written(query: str) -> None:
    assert rules.lookup_trait(query, ruleset="north_star") == "long_neck"
    assert rules.lookup(query, ruleset="north_star") == rules.lookup(query, None, ruleset="north_star")
    match = rules.lookup(query, ruleset="north_star")
    assert match is not None and match.kind == "trait" and match.key == "long_neck"


@pytest.mark.parametrize("language", rules.LANGUAGES)
@pytest.mark.parametrize("trait", list(Trait), ids=lambda t: t.value)
def test_every_language_own_name_finds_its_trait(language: str, trait: Trait) -> None:
    entry = rules.book(language, "north_star").traits[trait.value]
    for name in (entry.name, *entry.aliases):
        for written in (name, name.upper(), name.casefold(), strip_accents(name)):
            assert rules.lookup_trait(written, ruleset="north_star") == trait.value, written
            assert rules.lookup_trait(written, language, ruleset="north_star") == trait.value, written
            assert rules.lookup_trait(written, "en", ruleset="north_star") == trait.value, written
    match = rules.lookup(entry.name, language, ruleset="north_star")
    assert match is not None and match.language == language


@pytest.mark.parametrize("language", rules.LANGUAGES)
@pytest.mark.parametrize("topic", rules.subjects("north_star")[1])
def test_every_language_own_title_finds_its_topic(language: str, topic: str) -> None:
    entry = rules.book(language, "north_star").topics[topic]
    for name in (entry.name, *entry.aliases):
        assert rules.lookup_topic(name, ruleset="north_star") == topic, name
        assert rules.lookup_topic(strip_accents(name).upper(), ruleset="north_star") == topic, name
        match = rules.lookup(name, ruleset="north_star")
        assert match is not None and (match.kind, match.key) == ("topic", topic), name


@pytest.mark.parametrize(
    ("query", "trait"),
    [
        ("intelligense", "intelligence"),
        ("inteligencia", "intelligence"),
        ("carnivor", "carnivore"),
        ("symbiosys", "symbiosis"),
        ("hard shel", "hard_shell"),
        ("warnin call", "warning_call"),
        ("szimbiozis", "symbiosis"),
        ("dogevo", "scavenger"),
        ("Üregben rejtőzködés", "burrowing"),
        ("uregben rejtozkodes", "burrowing"),
        ("zsirszovet", "fat_tissue"),
        ("Védekező csorda", "defensive_herding"),
        ("tecido adiposo", "fat_tissue"),
        ("Chamado de Alerta", "warning_call"),
        ("necrofago", "scavenger"),
        ("Хижак", "carnivore"),
        ("хижак", "carnivore"),
        ("Падальник", "scavenger"),
        ("drapieznik", "carnivore"),
        ("Drapieżnik", "carnivore"),
        ("padlinozerca", "scavenger"),
        ("zerowanie", "foraging"),
        ("carroñero", "scavenger"),
        ("carronero", "scavenger"),
        ("llamada de alerta", "warning_call"),
        ("madriguera", "burrowing"),
    ],
)
def test_names_typos_and_other_languages(query: str, trait: str) -> None:
    assert rules.lookup_trait(query, ruleset="north_star") == trait


@pytest.mark.parametrize(
    ("query", "trait"),
    [
        # й and ї lose their marks like accented Latin letters: typed with и and і they still match.
        ("жировии запас", "fat_tissue"),
        ("Жировий запас", "fat_tissue"),
        ("зграине полювання", "pack_hunting"),
        ("мясоиднии", "carnivore"),
        ("м'ясоїдний", "carnivore"),
        ("м’ясоїдний", "carnivore"),
        ("МЯСОЇДНИЙ", "carnivore"),
        ("плодючість", "fertile"),
        ("попереджувальнии сигнал", "warning_call"),
    ],
)
def test_cyrillic_short_i_and_yi_match_sensibly(query: str, trait: str) -> None:
    assert rules.lookup_trait(query, ruleset="north_star") == trait


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("feeding", "feeding"),
        ("phase 4", "feeding"),
        ("etetés", "feeding"),
        ("Alimentação", "feeding"),
        ("годування", "feeding"),
        ("karmienie", "feeding"),
        ("alimentación", "feeding"),
        ("scoring", "end_of_game"),
        ("pontozás", "end_of_game"),
        ("pontuação", "end_of_game"),
        ("punktacja", "end_of_game"),
        ("puntuación", "end_of_game"),
        ("tie-break", "end_of_game"),
        ("attacks", "attacks"),
        ("Ragadozók etetése", "attacks"),
        ("kihalás", "extinction"),
        ("two players", "two_player"),
        ("kétszemélyes szabályok", "two_player"),
        ("six players", "quick_game"),
        ("gyors játék", "quick_game"),
        ("setup", "setup"),
        ("előkészületek", "setup"),
        ("food cards", "food_cards"),
        ("deal", "deal"),
        ("play cards", "play_cards"),
        ("overview", "overview"),
    ],
)
def test_topics_are_found(query: str, topic: str) -> None:
    assert rules.lookup_topic(query, ruleset="north_star") == topic


def test_a_trait_is_preferred_to_a_topic_with_a_longer_name() -> None:
    match = rules.lookup("carnivore", ruleset="north_star")
    assert match is not None and (match.kind, match.key) == ("trait", "carnivore")
    match = rules.lookup("carnivores", ruleset="north_star")
    assert match is not None and (match.kind, match.key) == ("topic", "attacks")


@pytest.mark.parametrize("query", ["", "   ", "xyzzy", "c", "ca", "qwertyuiop", "!!!"])
def test_nothing_or_ambiguity_finds_nothing(query: str) -> None:
    assert rules.lookup(query, ruleset="north_star") is None


def test_one_kind_only() -> None:
    assert rules.lookup_trait("feeding", ruleset="north_star") is None
    assert rules.lookup_topic("long neck", ruleset="north_star") is None
    assert rules.lookup_trait("scoring", ruleset="north_star") is None


def test_the_asked_language_breaks_ties_between_languages() -> None:
    # "Carnívoro" is both Portuguese and Spanish.
    assert (match := rules.lookup("carnivoro", "es", ruleset="north_star")) is not None and match.language == "es"
    assert (match := rules.lookup("carnivoro", "pt", ruleset="north_star")) is not None and match.language == "pt"
    assert (match := rules.lookup("carnivoro", "pt-BR", ruleset="north_star")) is not None and match.language == "pt"
    assert (match := rules.lookup("intelligence", ruleset="north_star")) is not None and match.language == "en"


# Autocomplete.


def test_autocomplete_offers_localized_titles() -> None:
    assert rules.autocomplete("long", "hu", ruleset="north_star")[0] == ("long_neck", "Hosszú nyak")
    assert rules.autocomplete("hosszu", "en", ruleset="north_star")[0] == ("long_neck", "Long Neck")
    assert rules.autocomplete("довга", "pl", ruleset="north_star")[0] == ("long_neck", "Długa szyja")
    assert rules.autocomplete("lon", "en", ruleset="north_star") == [("long_neck", "Long Neck")]
    assert rules.autocomplete("lng neck", "es", ruleset="north_star") == [("long_neck", "Cuello largo")]


def test_autocomplete_lists_the_asked_language_first() -> None:
    choices = rules.autocomplete("ca", "es", ruleset="north_star")
    spanish = [key for key, title in choices if rules.normalize(title).startswith("ca")]
    assert choices[: len(spanish)] == [(key, rules.entry(key, "es", "north_star").name) for key in spanish]
    assert {"carnivore", "scavenger", "hard_shell", "pack_hunting"} <= set(spanish)


def test_autocomplete_orders_phases_as_the_rule_book_does() -> None:
    assert [key for key, _ in rules.autocomplete("phase", "en", ruleset="north_star")] == [
        "deal",
        "food_cards",
        "play_cards",
        "feeding",
    ]
    assert [key for key, _ in rules.autocomplete("fase", "es", ruleset="north_star")][:4] == [
        "deal",
        "food_cards",
        "play_cards",
        "feeding",
    ]


@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_autocomplete_without_a_query_lists_traits_then_topics(language: str) -> None:
    choices = rules.autocomplete("", language, ruleset="north_star")
    assert len(choices) == rules.MAX_CHOICES
    traits = [key for key, _ in choices[: len(Trait)]]
    assert sorted(traits) == sorted(t.value for t in Trait)
    titles = [rules.normalize(title) for _, title in choices[: len(Trait)]]
    assert titles == sorted(titles)
    assert [key for key, _ in choices[len(Trait) :]] == list(
        rules.subjects("north_star")[1][: rules.MAX_CHOICES - len(Trait)]
    )
    everything = rules.autocomplete("", language, limit=100, ruleset="north_star")
    assert len(everything) == len(Trait) + len(rules.subjects("north_star")[1])


@pytest.mark.parametrize("query", ["", "a", "e", "fa", "s", "xyzzy", "фаза", "p"])
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_autocomplete_respects_discord_limits(query: str, language: str) -> None:
    choices = rules.autocomplete(query, language, ruleset="north_star")
    assert len(choices) <= rules.MAX_CHOICES
    assert len({key for key, _ in choices}) == len(choices)
    for key, title in choices:
        assert 1 <= len(title) <= rules.CHOICE_NAME_LIMIT and 1 <= len(key) <= rules.CHOICE_NAME_LIMIT
    assert len(rules.autocomplete(query, language, limit=3, ruleset="north_star")) <= 3


def test_autocomplete_by_kind() -> None:
    assert all(
        key in rules.keys("topic", "north_star")
        for key, _ in rules.autocomplete("", "en", kinds=("topic",), ruleset="north_star")
    )
    assert all(
        key in rules.keys("trait", "north_star")
        for key, _ in rules.autocomplete("c", "en", kinds=("trait",), ruleset="north_star")
    )
    assert rules.autocomplete("xyzzy", "en", ruleset="north_star") == []


# Rendering.


def test_render_an_entry() -> None:
    shown = rules.render("long_neck", "hu", "north_star")
    assert (shown.kind, shown.key, shown.language) == ("trait", "long_neck", "hu")
    assert shown.title == "Hosszú nyak"
    assert shown.ruleset_title == rules.book("hu", "north_star").title
    assert shown.ruling is not None and shown.ruling_label == "A projekt döntése"
    assert shown.source == "Az Evolúció (North Star Games) szabálykönyve: „Hosszú nyak”"
    text = shown.as_text()
    assert text.startswith("Hosszú nyak — ")
    assert shown.text in text and shown.ruling in text and shown.source in text


def test_render_cites_each_rule_book_by_its_title_and_the_section_in_the_readers_language() -> None:
    shown = rules.render("end_of_game", "en", "north_star")
    assert shown.source == (
        "Rule book of Evolution (North Star Games); "
        "Rules summary of Evolution (North Star Games): “End of the game and scoring”"
    )
    for ruleset in ("north_star", "origin", "dice_combat"):
        for language in rules.LANGUAGES:
            for kind in rules.KINDS:
                for key in rules.keys(kind, ruleset):
                    shown = rules.render(key, language, ruleset)
                    assert ".txt" not in shown.source and shown.title in shown.source


def test_render_without_a_ruling_and_with_a_locale() -> None:
    shown = rules.render("climbing", "pt-BR", "north_star")
    assert shown.language == "pt" and shown.title == "Escalada" and shown.ruling is None
    assert rules.book("pt", "north_star").labels["ruling"] not in shown.as_text()


def test_render_an_unknown_key() -> None:
    with pytest.raises(KeyError):
        rules.render("gills", "en", "north_star")
    assert rules.entry("feeding", "uk", "north_star").name == "Фаза 4: Годування"
