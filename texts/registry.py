"""Each rule system's words, found by the ruleset's name: the front ends ask here and never name a rule system.

A new rule system's presentation is a package under ``texts`` plus one line in :data:`WORDS`; tests may
``WORDS.register`` one of their own for a while.
"""

from __future__ import annotations

from rules_core.registries import Registry
from texts import north_star
from texts.presentation import RulesetWords

WORDS: Registry[str, RulesetWords] = Registry({words.ruleset: words for words in (north_star.WORDS,)})


class NoWords(LookupError):
    """No presentation is known for this rule system (a bug: every playable ruleset has one)."""


def words_for(ruleset: str) -> RulesetWords:
    try:
        return WORDS[ruleset]
    except KeyError:
        raise NoWords(f"no words for the rule system {ruleset!r}") from None
