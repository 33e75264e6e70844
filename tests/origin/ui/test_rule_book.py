"""The project's rulings a reader of ``/rules`` needs (docs/rulings.md, "The original Evolution (seed 003)") in the
original game's rule texts: which entries carry one, and that each language names the traits there as its rule book
does."""

from __future__ import annotations

import pytest

from rules_core.origin.cards import Trait
from texts import rules
from texts.languages import DEFAULT_LANGUAGE, LANGUAGES

ORIGIN = "origin"
#: Passing and the feeding go, scoring of paired traits and the last turn, timeouts, defending, the order of paired
#: traits, two decks, the tie-break house rule; and the traits whose use the rulings settle.
RULED = {
    "topics": {
        *("setup", "turn", "development", "feeding", "end_of_game", "two_sets", "attacks", "paired_traits"),
        *("time_to_fly", "darwins_day", "house_tie_break"),
    },
    "traits": {
        *("mimicry", "tail_loss", "hibernation", "fat_tissue", "scavenger", "piracy", "carnivore"),
        *("shell", "intellect", "anglerfish", "specialization_a", "specialization_b", "trematode", "metamorphosis"),
        *("ink_cloud", "viviparous", "ambush", "flight", "kleptoplasty", "pack"),
    },
}


def stem(name: str) -> str:
    """The start of a trait name's first word, which Ukrainian, Polish and Hungarian decline."""
    return name.split()[0][:4].casefold()


def test_the_rulings_are_where_a_reader_looks() -> None:
    book = rules.book(DEFAULT_LANGUAGE, ORIGIN)
    for kind, entries in (("topics", book.topics), ("traits", book.traits)):
        assert {key for key, entry in entries.items() if entry.ruling} == RULED[kind]


@pytest.mark.parametrize("language", LANGUAGES)
def test_rulings_name_the_traits_as_the_book_does(language: str) -> None:
    english, book = rules.book(DEFAULT_LANGUAGE, ORIGIN), rules.book(language, ORIGIN)
    for kind in RULED:
        for key in RULED[kind]:
            ruling = getattr(book, kind)[key].ruling
            assert ruling is not None
            said = getattr(english, kind)[key].ruling or ""
            for trait in Trait:
                if english.traits[trait.value].name in said:
                    assert stem(book.traits[trait.value].name) in ruling.casefold(), (key, trait)
