"""Each rule system's ``/rules`` book, found by the rule system's name: the index of its traits (or cards) and
topics, which lives beside its texts (``texts/rule_texts/<ruleset>/``). A rule book may come before its game is
playable. This registry sits below every rule system's words, which name traits as their rule books do.

A new rule system's rule book is a package under ``texts/rule_texts`` plus one line here; tests may
``RULE_BOOKS.register`` one of their own for a while.
"""

from __future__ import annotations

from rules_core.registries import Registry
from texts.rule_texts import RuleBookIndex, dice_combat, north_star, origin

RULE_BOOKS: Registry[str, RuleBookIndex] = Registry(
    {index.ruleset: index for index in (north_star.INDEX, origin.INDEX, dice_combat.INDEX)}
)

#: The rule system of a new game when none is chosen, listed (and searched) first wherever rule systems are listed.
DEFAULT_RULESET = north_star.INDEX.ruleset
