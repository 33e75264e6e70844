"""The cards of the dice-combat game by name, in the reader's language, read from its ``/rules`` book: a card's name
and effect live in one place per language (``texts/rule_texts/dice_combat/<language>.json``), and every menu,
event line and panel takes them from there. A card's effect in short is the first line of its rule text.

An edition of the cards changes what a card does, never its name: a name is found by the card's key, an effect by
the card's id, whose edition (``rules_core/dice_combat/cards.py``, ``EDITIONS``) picks the rule text of the game's
own cards (an entry holds the text of each older edition where it differs).

The cards themselves are the project's own design (seed 004 prints none): ``rules_core/dice_combat/cards.py``.
"""

from __future__ import annotations

from rules_core.dice_combat.cards import ENVIRONMENTS, EVOLUTIONS, SPECIES, Kind, kind_of
from texts.languages import language_code
from texts.rules import Entry, book

RULESET = "dice_combat"


def _entry(key: str, language: str) -> Entry:
    return book(language_code(language), RULESET).traits[key]


def card_name(key: str, language: str) -> str:
    """A card's name by its key (``wolf_pack``, ``fog``, ``claws``): the same in every edition."""
    return _entry(key, language).name


def _effect(key: str, edition: int | None, language: str) -> str:
    """A card's effect in one short sentence (the first line of its rule text) in an edition of the cards."""
    return _entry(key, language).text_in(edition).split("\n", 1)[0]


def species_title(card: int, language: str) -> str:
    """A species card's name ("Wolf Pack") by its id."""
    return card_name(SPECIES[card].name, language)


def kind_name(kind: Kind | str, language: str) -> str:
    return card_name(kind.value if isinstance(kind, Kind) else kind, language)


def evolution_name(card: int, language: str) -> str:
    """An evolution card's name ("Claws") by its id: the name of its kind."""
    return kind_name(kind_of(card), language)


def evolution_effect(card: int, language: str) -> str:
    """An evolution card's effect by its id, in the card's own edition."""
    found = EVOLUTIONS[card]
    return _effect(found.kind.value, found.edition, language)


def environment_effect(card: int, language: str) -> str:
    """An environment card's effect by its id (the environment deck is the same in every edition)."""
    return _effect(ENVIRONMENTS[card].name, None, language)
