"""The rule texts as data: one package per rule system, one JSON file per language (``<ruleset>/<language>.json``).

Each file is an object::

    {
      "language": "en",
      "ruleset_title": "Evolution (North Star Games)",
      "quotes": ["“", "”"],
      "labels": {"trait": ..., "topic": ..., "aliases": ..., "ruling": ..., "source": ..., "traits": ...,
                 "topics": ..., "not_found": "... {query} ...", "did_you_mean": ...},
      "topics": {"<topic key>": ENTRY, ...},
      "traits": {"<trait key>": ENTRY, ...}
    }

and an ENTRY is::

    {
      "name": "Long Neck",                       # the trait's name, or the topic's title, in this language
      "aliases": ["Longneck", "Neck"],           # other names people use (may be empty)
      "text": "...",                             # the rule, in the project's own words; plain text, "\\n" breaks
      "sources": [{"seed": "000_b758e0fa35e65c93.txt", "passage": "Hosszú nyak"}],
      "ruling": "...",                           # optional: the project's decision where the seed is ambiguous
      "editions": {"1": "..."}                   # optional: the text in each older edition of the cards where it
    }                                            # differs (a dice game keeps its edition: texts.rules.Entry)

A source names a seed file (``../shared/seeds/``) and the passage it comes from, by the heading the seed itself
uses, so sources are the same in every language. Trait keys are the values of the ruleset's ``Trait`` enum; topic
keys are listed in ``texts.rules``. ``texts.rules.validate`` checks a file; the loader refuses an incomplete one.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable


@dataclass(frozen=True)
class RuleBookIndex:
    """What a rule system's ``/rules`` book holds: its trait (or card) keys and its topic keys, in the rule book's
    order, kept beside its texts (``texts/rule_texts/<ruleset>/``: ``INDEX``, found through ``texts.rule_books``).
    A rule book may be registered before its game is playable: the rules can be read first."""

    ruleset: str
    traits: tuple[str, ...]
    topics: tuple[str, ...]

    def folder(self) -> Traversable:
        return resources.files("texts.rule_texts").joinpath(self.ruleset)
