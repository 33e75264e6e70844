"""The rule texts of the original "Evolution" and its expansions (seeds 003 and 001) say what the seeds say: the
trait keys of the three card sets, the seeds' own trait names, the expansion each trait comes from, the food tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_core.origin.cards import Trait
from texts import rules
from texts.registry import RULE_BOOKS

SEEDS = Path(__file__).resolve().parents[4] / "shared" / "seeds"
BASE_GAME_SEED = "003_ed689cec067fc58b.txt"
EXPANSIONS_SEED = "001_b72a1d11b0e0e709.txt"
ORIGIN = "origin"

#: Which card set a trait comes from, by the seed its text cites first: seed 003 for the base game, seed 001 for
#: both expansions (told apart by the seed's own sections, see ``card_set``).
TRAITS, TOPICS = rules.subjects(ORIGIN)
FIRST_SEED = {key: rules.book("en", ORIGIN).traits[key].sources[0].seed for key in TRAITS}
BASE_GAME = tuple(key for key in TRAITS if FIRST_SEED[key] == BASE_GAME_SEED)
EXPANSIONS = tuple(key for key in TRAITS if FIRST_SEED[key] == EXPANSIONS_SEED)
CARD_SETS = ("base game", "Time to Fly", "Darwin's Day")

#: How each language names the expansions in the texts.
EXPANSION_NAMES = {
    "en": ("Time to Fly", "Darwin's Day"),
    "hu": ("Ideje repülni", "Darwin-nap"),
    "pt": ("Hora de Voar", "Dia de Darwin"),
    "uk": ("Час літати", "День Дарвіна"),
    "pl": ("Przestworza", "Dzień Darwina"),
    "es": ("Hora de volar", "Día de Darwin"),
}

#: How each language says "the rule book" when a text tells what the seed leaves out.
RULE_BOOK = {
    "en": "rule book",
    "hu": "szabálykönyv",
    "pt": "livro de regras",
    "uk": "книга правил",
    "pl": "instrukcja",
    "es": "reglamento",
}


def seed(name: str) -> str:
    return (SEEDS / name).read_text(encoding="utf-8")


needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds are not next to the project")


def card_set(trait: str) -> str:
    """The card set of a trait, by where the passage its text cites first stands in the seeds."""
    source = rules.book("en", ORIGIN).traits[trait].sources[0]
    if source.seed == BASE_GAME_SEED:
        return CARD_SETS[0]
    time_to_fly, darwins_day = seed(EXPANSIONS_SEED).split("## MINI DODATEK DZIEŃ DARWINA")
    heading = f"### {source.passage}\n"
    assert (heading in time_to_fly) != (heading in darwins_day), source
    return CARD_SETS[1] if heading in time_to_fly else CARD_SETS[2]


def test_the_origin_rule_book_holds_every_trait_of_the_rules() -> None:
    assert ORIGIN in RULE_BOOKS
    assert {trait.value for trait in Trait} <= set(TRAITS)
    assert set(FIRST_SEED.values()) == {BASE_GAME_SEED, EXPANSIONS_SEED}


@needs_seeds
def test_the_traits_are_the_base_game_then_each_expansion() -> None:
    sets = [card_set(trait) for trait in TRAITS]
    assert sets == sorted(sets, key=CARD_SETS.index)
    # Seed 003: 17 listed traits, plus Carnivorous and Fat Tissue in sections of their own; seed 001: ten traits in
    # "Time to Fly", Specialization coming as A and B, and three in "Darwin's Day".
    assert [sets.count(name) for name in CARD_SETS] == [19, 11, 3]


@needs_seeds
@pytest.mark.parametrize("trait", BASE_GAME)
def test_ukrainian_base_trait_names_are_seed_003s(trait: str) -> None:
    name = rules.book("uk", ORIGIN).traits[trait].name
    assert name.upper() in seed(BASE_GAME_SEED)


@needs_seeds
@pytest.mark.parametrize("trait", EXPANSIONS)
def test_polish_expansion_trait_names_are_seed_001s_headings(trait: str) -> None:
    entry = rules.book("pl", ORIGIN).traits[trait]
    # Both Specializations share seed 001's heading "SPECJALIZACJA".
    heading = entry.name.removesuffix(" A").removesuffix(" B").upper()
    assert entry.sources[0] == rules.Source(EXPANSIONS_SEED, heading)
    assert f"### {heading}" in seed(EXPANSIONS_SEED)


@needs_seeds
@pytest.mark.parametrize(
    ("trait", "name", "as_seed_001_writes_it"),
    [
        ("carnivore", "Drapieżnik", "cechy drapieżnika"),
        ("fat_tissue", "Tkanka tłuszczowa", "tkanki tłuszczowej"),
        ("burrowing", "Rycie", "cechę rycie"),
        ("swimming", "Pływanie", "cecha **plywanie**"),
        ("parasite", "Pasożyt", "pasożyta"),
        ("tail_loss", "Odrzucenie ogona", "odrzucenie ogona"),
        ("cooperation", "Kooperacja", "cechą kooperacji"),
        ("hibernation", "Hibernacja", "stanie hibernacji"),
        ("big", "Duża masa ciała", "dużej masy ciała"),
    ],
)
def test_polish_names_of_base_traits_follow_seed_001(trait: str, name: str, as_seed_001_writes_it: str) -> None:
    assert rules.book("pl", ORIGIN).traits[trait].name == name
    assert as_seed_001_writes_it in seed(EXPANSIONS_SEED)


@needs_seeds
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_each_trait_says_which_expansion_it_comes_from(language: str) -> None:
    book = rules.book(language, ORIGIN)
    time_to_fly, darwins_day = EXPANSION_NAMES[language]
    for key, entry in book.traits.items():
        opening = entry.text.split(".")[0]
        named = [name for name in (time_to_fly, darwins_day) if name in opening]
        expected = {CARD_SETS[0]: [], CARD_SETS[1]: [time_to_fly], CARD_SETS[2]: [darwins_day]}[card_set(key)]
        assert named == expected, key
    assert time_to_fly in book.topics["time_to_fly"].name
    assert darwins_day in book.topics["darwins_day"].name


@pytest.mark.parametrize("language", rules.LANGUAGES)
@pytest.mark.parametrize("key", ["kleptoplasty", "darwins_day", "shell", "ink_cloud", "viviparous", "flight", "pack"])
def test_texts_say_what_the_seed_leaves_open(language: str, key: str) -> None:
    # The engine decides these; the lead adds the rulings. The text must not pass off a guess as the rule.
    text = rules.entry(key, language, ORIGIN).text
    assert RULE_BOOK[language] in text.casefold(), key


def seed_001_food_table() -> list[tuple[int, int, int]]:
    """(players, dice, +tokens) from seed 001's table: a cookie is a die, a dot one more food token."""
    rows = re.findall(r"^(\d) 🦁\t(.+)$", seed(EXPANSIONS_SEED), flags=re.MULTILINE)
    return [(int(players), cell.count("🍪"), cell.count("●")) for players, cell in rows]


@needs_seeds
def test_seed_001s_food_table_extends_seed_003s() -> None:
    table = seed_001_food_table()
    assert [players for players, _, _ in table] == list(range(2, 9))
    base = seed(BASE_GAME_SEED)
    # Seed 003 spells the same numbers in words: "2 гравці – результат кидка одного кубика +2", ...
    assert "2 гравці – результат кидка одного кубика +2" in base
    assert "8 гравців – результат кидка чотирьох кубиків +4" in base
    assert table[0] == (2, 1, 2) and table[-1] == (8, 4, 4)


def numbers(line: str) -> list[int]:
    return [int(number) for number in re.findall(r"\d+", line)]


@needs_seeds
@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_food_tables_match_the_seeds(language: str) -> None:
    # Read as the texts write it: "3 players: 2 dice" has no "+ 0".
    without_plus_zero = [number for row in seed_001_food_table() for number in row if number]
    bullets = [line for line in rules.entry("food_bank", language, ORIGIN).text.splitlines() if line.startswith("•")]
    assert [number for line in bullets for number in numbers(line)] == without_plus_zero
    table_line = max(rules.entry("time_to_fly", language, ORIGIN).text.splitlines(), key=lambda line: line.count("+"))
    assert numbers(table_line) == without_plus_zero
    two_sets = [line for line in rules.entry("two_sets", language, ORIGIN).text.splitlines() if line.startswith("•")]
    # Seed 003's two-set table starts at 5 players, after the 8 numbers of rows 2 to 4.
    assert [number for line in two_sets for number in numbers(line)] == without_plus_zero[8:]


@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_scoring_counts_what_seed_003_counts(language: str) -> None:
    text = rules.entry("end_of_game", language, ORIGIN).text
    bullets = [numbers(line) for line in text.splitlines() if line.startswith("•")]
    # 2 a surviving animal, 1 a trait, +1 Carnivorous and High Body Weight, +2 Parasite.
    assert bullets == [[2], [1], [1, 2]]


@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_food_need_bonuses_are_in_the_trait_texts(language: str) -> None:
    for key, bonus in (("big", "+1:"), ("carnivore", "+1:"), ("parasite", "+2:")):
        assert rules.entry(key, language, ORIGIN).text.startswith(bonus), key


@pytest.mark.parametrize("language", rules.LANGUAGES)
def test_each_language_uses_its_game_terms(language: str) -> None:
    terms = {
        "en": ["food bank", "red token", "blue token", "yellow", "fed", "turn", "round"],
        "hu": ["táplálékbázis", "piros jelző", "kék jelző", "sárga", "jóllakott", "forduló", "kör"],
        "pt": ["base alimentar", "ficha vermelha", "fichas azuis", "amarela", "alimentado", "turno", "rodada"],
        "uk": ["кормова база", "червону фішку", "сині фішки", "жовт", "нагодован", "хід", "раунд"],
        "pl": ["bank żywności", "czerwony znacznik", "niebieskie znaczniki", "żółt", "nakarmion", "rund", "kolejk"],
        "es": ["base alimentaria", "ficha roja", "fichas azules", "amarilla", "alimentado", "turno", "ronda"],
    }[language]
    book = rules.book(language, ORIGIN)
    everything = " ".join(e.text for e in (*book.traits.values(), *book.topics.values())).casefold()
    for term in terms:
        assert term.casefold() in everything, term
