"""The words on a rule system's board images in a reader's language, for ``render_board(view, labels=...)``: the
traits' (or cards') names from its ``/rules`` book and the ``<ruleset>.board.*`` strings of the catalogue."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from texts.languages import DEFAULT_LANGUAGE, LANGUAGE_LABEL, LANGUAGES
from texts.messages import catalogue, edition
from texts.rule_books import RULE_BOOKS
from texts.rules import book

#: The key of the board-image labels in a ruleset's catalogue (``<ruleset>.board.<label key>``).
BOARD = "board."
#: The board-image label of a trait's (or card's) name, by its key in the rule book (``trait.<key>``).
TRAIT = "trait."


def board_labels(language: str, ruleset: str) -> Mapping[str, str]:
    return _board_labels(language, ruleset, edition())


@cache
def _board_labels(language: str, ruleset: str, edition: int) -> Mapping[str, str]:
    """A ruleset's board-image labels in ``language``, for ``render_board(view, labels=...)``: empty for English (the
    drawer's own), else the language's code (``LANGUAGE_LABEL``: the board hyphenates by it), the names of the
    traits (or cards) of the ruleset's ``/rules`` book as ``trait.<key>``, so that a name needs no second copy in
    the catalogue, and every ``<ruleset>.board.*`` string of the catalogue under its label key (a catalogue's own
    ``board.trait.<key>`` wins)."""
    if language == DEFAULT_LANGUAGE:
        return MappingProxyType({})
    prefix = f"{ruleset}.{BOARD}"
    labels = {f"{TRAIT}{key}": name for key, name in _trait_names(language, ruleset).items()}
    labels.update(
        {
            key.removeprefix(prefix): value
            for key, value in catalogue(language).items()
            if key.startswith(prefix) and isinstance(value, str)
        }
    )
    labels[LANGUAGE_LABEL] = language
    return MappingProxyType(labels)


def _trait_names(language: str, ruleset: str) -> dict[str, str]:
    """Each trait's name in the ruleset's ``/rules`` book (none when it has no book)."""
    if ruleset not in RULE_BOOKS or language not in LANGUAGES:
        return {}
    return {key: entry.name for key, entry in book(language, ruleset).traits.items()}
