"""Each rule system's words, found by the ruleset's name: the front ends ask here and never name a rule system.

A new rule system's presentation is a package under ``texts`` plus one line in :data:`WORDS`; tests may
:func:`register` one of their own for a while.
"""

from __future__ import annotations

from texts import north_star
from texts.presentation import RulesetWords

WORDS: dict[str, RulesetWords] = {words.ruleset: words for words in (north_star.WORDS,)}


class NoWords(LookupError):
    """No presentation is known for this rule system (a bug: every playable ruleset has one)."""


def words_for(ruleset: str) -> RulesetWords:
    try:
        return WORDS[ruleset]
    except KeyError:
        raise NoWords(f"no words for the rule system {ruleset!r}") from None


def register(words: RulesetWords) -> None:
    if WORDS.get(words.ruleset, words) is not words:
        raise ValueError(f"words for {words.ruleset!r} are registered already")
    WORDS[words.ruleset] = words


def unregister(ruleset: str) -> None:
    WORDS.pop(ruleset, None)
