"""North Star's rule texts: a text for every trait of the rules core and every topic in every language, the
Hungarian trait names the seed's headings, each language in its own game terms (what every rule book must satisfy:
tests/texts/test_rule_texts.py)."""

from __future__ import annotations

import pytest

from rules_core.north_star.cards import Trait
from texts import rules

TOPICS = rules.subjects("north_star")[1]


def test_the_trait_keys_are_the_rules_core_enum() -> None:
    assert rules.subjects("north_star")[0] == tuple(trait.value for trait in Trait)


@pytest.mark.parametrize("language", rules.LANGUAGES)
@pytest.mark.parametrize("trait", list(Trait), ids=lambda t: t.value)
def test_every_trait_has_a_text_in_every_language(language: str, trait: Trait) -> None:
    entry = rules.book(language, "north_star").traits[trait.value]
    assert entry.name.strip() and entry.text.strip()
    assert entry.sources and all(s.seed.strip() and s.passage.strip() for s in entry.sources)


@pytest.mark.parametrize("language", rules.LANGUAGES)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_has_a_text_in_every_language(language: str, topic: str) -> None:
    entry = rules.book(language, "north_star").topics[topic]
    assert entry.name.strip() and entry.text.strip()
    assert entry.sources and all(s.seed.strip() and s.passage.strip() for s in entry.sources)


def test_hungarian_trait_names_are_the_seed_headings() -> None:
    for key, entry in rules.book("hu", "north_star").traits.items():
        assert entry.name == entry.sources[0].passage, key


@pytest.mark.parametrize(
    ("language", "terms"),
    [
        ("hu", ["itatótábla", "élelmiszertartalék", "élelemzsák", "testméret", "populáció"]),
        ("pt", ["Buraco d'Água", "Banco de Alimentos", "Espécie", "Tamanho Corporal", "População"]),
        ("uk", ["Хижак", "водопій", "запас їжі"]),
        ("pl", ["Drapieżnik", "wodopój", "bank żywności"]),
        ("es", ["Carnívoro", "abrevadero", "banco de comida"]),
    ],
)
def test_each_language_uses_its_game_terms(language: str, terms: list[str]) -> None:
    book = rules.book(language, "north_star")
    everything = " ".join(e.name + " " + e.text for e in [*book.traits.values(), *book.topics.values()]).casefold()
    for term in terms:
        assert term.casefold() in everything, term
    assert book.title
