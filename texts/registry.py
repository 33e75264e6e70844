"""Each rule system's words (and, from ``texts.rule_books``, its ``/rules`` book), found by the ruleset's name:
the front ends ask here and never name a rule system.

A new rule system's presentation is a package under ``texts`` plus one line in :data:`WORDS`; tests may
``WORDS.register`` one of their own for a while.
"""

from __future__ import annotations

from rules_core.errors import MalformedInput
from rules_core.registries import Registry
from rules_core.registry import RULESETS
from texts import dice_combat, north_star, origin
from texts.presentation import RulesetWords

# Re-exported: the front ends find the rule books here with the words.
from texts.rule_books import DEFAULT_RULESET as DEFAULT_RULESET
from texts.rule_books import RULE_BOOKS as RULE_BOOKS

WORDS: Registry[str, RulesetWords] = Registry(
    {words.ruleset: words for words in (north_star.WORDS, origin.WORDS, dice_combat.WORDS)}
)


class NoWords(LookupError):
    """No presentation is known for this rule system (a bug: every playable ruleset has one)."""


def words_for(ruleset: str) -> RulesetWords:
    try:
        return WORDS[ruleset]
    except KeyError:
        raise NoWords(f"no words for the rule system {ruleset!r}") from None


def playable_rulesets() -> list[str]:
    """The rule systems players may choose: registered and presented (their words; a presented one's board and
    computer player are checked by ``tests/test_boundaries.py``), the default first, then by name. A rules core
    merged before its presentation is not offered yet."""
    return sorted((name for name in RULESETS if name in WORDS), key=lambda name: (name != DEFAULT_RULESET, name))


def check_playable(ruleset: object) -> str:
    """``ruleset`` if players may choose it, else the refusal a front end words (``unknown_ruleset``)."""
    if not isinstance(ruleset, str) or ruleset not in playable_rulesets():
        raise MalformedInput(f"unknown rule system {ruleset!r}", code="unknown_ruleset", name=str(ruleset))
    return ruleset
