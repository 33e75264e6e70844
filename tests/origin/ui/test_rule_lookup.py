"""Finding the original game's traits and topics by name, in any of the six languages, with typos."""

from __future__ import annotations

import unicodedata

import pytest

from texts import rules

ORIGIN = "origin"


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


@pytest.mark.parametrize(
    ("query", "trait"),
    [
        # English: the published names and the plain ones.
        ("swimming", "swimming"),
        ("swiming", "swimming"),
        ("High Body Weight", "big"),
        ("big", "big"),
        ("hgh body weight", "big"),
        ("grazing", "stomper"),
        ("stomper", "stomper"),
        ("tail loss", "tail_loss"),
        ("carnivore", "carnivore"),
        ("carnivorous", "carnivore"),
        ("hibernation", "hibernation"),
        ("anglerfish", "anglerfish"),
        ("anglerfsh", "anglerfish"),
        ("ink cloud", "ink_cloud"),
        ("specialization b", "specialization_b"),
        ("kleptoplasty", "kleptoplasty"),
        # Hungarian.
        ("Úszás", "swimming"),
        ("uszas", "swimming"),
        ("ragadozo", "carnivore"),
        ("Horgászhal", "anglerfish"),
        ("tintafelho", "ink_cloud"),
        ("falka", "pack"),
        # Portuguese.
        ("Natação", "swimming"),
        ("natacao", "swimming"),
        ("Peixe-Pescador", "anglerfish"),
        ("nuvem de tinta", "ink_cloud"),
        ("tecido adiposo", "fat_tissue"),
        # Ukrainian: seed 003's names, and the common word for swimming.
        ("плавання", "swimming"),
        ("Водоплавна", "swimming"),
        ("водоплавана", "swimming"),
        ("Хижак", "carnivore"),
        ("жировии запас", "fat_tissue"),
        ("Тупотун", "stomper"),
        ("топотун", "stomper"),
        ("вудильник", "anglerfish"),
        ("клептопластія", "kleptoplasty"),
        # Polish: seed 001's names.
        ("pływanie", "swimming"),
        ("plywanie", "swimming"),
        ("plywnie", "swimming"),
        ("Drapieżnik", "carnivore"),
        ("diabel morski", "anglerfish"),
        ("Sepia", "ink_cloud"),
        ("przywra", "trematode"),
        ("wataha", "pack"),
        ("odpornosc", "immunity"),
        ("rycie", "burrowing"),
        # Spanish.
        ("Natación", "swimming"),
        ("natacion", "swimming"),
        ("pez pescador", "anglerfish"),
        ("nube de tinta", "ink_cloud"),
        ("jauria", "pack"),
    ],
)
def test_traits_are_found_in_every_language(query: str, trait: str) -> None:
    assert rules.lookup_trait(query, ruleset=ORIGIN) == trait


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("feeding", "feeding"),
        ("фаза харчування", "feeding"),
        ("faza żywienia", "feeding"),
        ("táplálkozás", "feeding"),
        ("alimentación", "feeding"),
        ("blue token", "feeding"),
        ("scoring", "end_of_game"),
        ("pontozás", "end_of_game"),
        ("підрахунок очок", "end_of_game"),
        ("punktacja", "end_of_game"),
        ("tie-break", "end_of_game"),
        ("dice", "food_bank"),
        ("кормова база", "food_bank"),
        ("bank żywności", "food_bank"),
        ("two sets", "two_sets"),
        ("8 players", "two_sets"),
        ("development", "development"),
        ("фаза розвитку", "development"),
        ("extinction", "extinction"),
        ("paired traits", "paired_traits"),
        ("парні здібності", "paired_traits"),
        ("cechy podwójne", "paired_traits"),
        ("special cases", "special_cases"),
        ("time to fly", "time_to_fly"),
        ("przestworza", "time_to_fly"),
        ("час літати", "time_to_fly"),
        ("darwin's day", "darwins_day"),
        ("dzień darwina", "darwins_day"),
        ("setup", "setup"),
        ("turn", "turn"),
        ("attacks", "attacks"),
    ],
)
def test_topics_are_found(query: str, topic: str) -> None:
    assert rules.lookup_topic(query, ruleset=ORIGIN) == topic


@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_every_name_and_alias_finds_its_entry(language: str) -> None:
    book = rules.book(language, ORIGIN)
    for kind in rules.KINDS:
        for key, entry in book.entries(kind).items():
            for name in (entry.name, *entry.aliases):
                # Lookups normalize case and accents, so this one writing stands for "Úszás", "úszás", "USZAS".
                written = strip_accents(name).upper()
                match = rules.lookup(written, ruleset=ORIGIN)
                assert match is not None and (match.kind, match.key) == (kind, key), (written, match)


def test_the_name_typed_gives_the_answer_language() -> None:
    # The console answers in the language of the name typed, so a seed's own names live in its language's file only.
    for query, language in (
        ("pływanie", "pl"),
        ("Diabeł morski", "pl"),
        ("Водоплавна", "uk"),
        ("Úszás", "hu"),
        ("Natação", "pt"),
        ("Pez pescador", "es"),
        ("Grazing", "en"),
    ):
        match = rules.lookup(query, ruleset=ORIGIN)
        assert match is not None and match.language == language, query


def test_the_rule_systems_keep_their_own_names() -> None:
    # "Swimming" is a trait of the original game only; "Long Neck" of North Star's only.
    assert rules.lookup_trait("swimming", ruleset="north_star") is None
    assert rules.lookup_trait("long neck", ruleset=ORIGIN) is None
    assert (
        rules.lookup_trait("carnivore", ruleset="north_star")
        == rules.lookup_trait("carnivore", ruleset=ORIGIN)
        == "carnivore"
    )


@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_autocomplete_lists_the_traits_by_their_localized_names(language: str) -> None:
    choices = rules.autocomplete("", language, ruleset=ORIGIN)
    assert len(choices) == rules.MAX_CHOICES
    titles = [rules.normalize(title) for _, title in choices]
    assert titles == sorted(titles)
    assert all(key in rules.subjects(ORIGIN)[0] for key, _ in choices)
    everything = rules.autocomplete("", language, limit=100, ruleset=ORIGIN)
    assert [key for key, _ in everything[len(rules.subjects(ORIGIN)[0]) :]] == list(rules.subjects(ORIGIN)[1])


def test_autocomplete_in_polish() -> None:
    assert rules.autocomplete("diab", "pl", ruleset=ORIGIN)[0] == ("anglerfish", "Diabeł morski")
    assert rules.autocomplete("angler", "uk", ruleset=ORIGIN)[0] == ("anglerfish", "Вудильник")
    specializations = [key for key, _ in rules.autocomplete("specjal", "pl", ruleset=ORIGIN)]
    assert specializations[:2] == ["specialization_a", "specialization_b"]


def test_render_cites_both_rule_books_by_their_titles() -> None:
    shown = rules.render("swimming", "en", ORIGIN)
    assert shown.title == "Swimming" and shown.ruleset_title == "Evolution: Origin of Species"
    assert shown.source == (
        "Rule book of Evolution: Origin of Species (3rd edition); "
        "Rule book of the expansions Time to Fly and Darwin's Day: “Swimming”"
    )
    assert rules.render("swimming", "pl", ORIGIN).source == (
        "Instrukcja gry Ewolucja: Pochodzenie gatunków (3. edycja); "
        "Instrukcja dodatków „Przestworza” i „Dzień Darwina”: „Pływanie”"
    )
    assert shown.ruling is None
