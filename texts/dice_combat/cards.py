"""The cards of the dice-combat game by name, in the reader's language, read from its ``/rules`` book: a card's name
and effect live in one place per language (``texts/rule_texts/dice_combat/<language>.json``), and every menu,
event line and panel takes them from there. A card's effect in short is the first line of its rule text.

The cards themselves are the project's own design (seed 004 prints none): ``rules_core/dice_combat/cards.py``.
"""

from __future__ import annotations

from rules_core.dice_combat.cards import SPECIES, Kind, kind_of
from texts.languages import language_code
from texts.rules import book

RULESET = "dice_combat"


def _entry_text(key: str, language: str) -> tuple[str, str]:
    entry = book(language_code(language), RULESET).traits[key]
    return entry.name, entry.text


def card_name(key: str, language: str) -> str:
    """A card's name by its key (``wolf_pack``, ``fog``, ``claws``)."""
    return _entry_text(key, language)[0]


def card_effect(key: str, language: str) -> str:
    """A card's effect in one short sentence (the first line of its rule text)."""
    return _entry_text(key, language)[1].split("\n", 1)[0]


def species_title(card: int, language: str) -> str:
    """A species card's name ("Wolf Pack") by its id."""
    return card_name(SPECIES[card].name, language)


def kind_name(kind: Kind | str, language: str) -> str:
    return card_name(kind.value if isinstance(kind, Kind) else kind, language)


def evolution_name(card: int, language: str) -> str:
    """An evolution card's name ("Claws") by its id: the name of its kind."""
    return kind_name(kind_of(card), language)


def evolution_effect(card: int, language: str) -> str:
    return card_effect(kind_of(card).value, language)
