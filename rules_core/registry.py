"""The rule systems the bot can play, by name (like python-chess's ``find_variant``).

A new rule system is a package under ``rules_core`` plus one line in :data:`RULESETS`. Tests may
:func:`register` a ruleset of their own for a while (the toy game of ``tests/toy``).
"""

from __future__ import annotations

from rules_core.dice_combat import DiceCombat
from rules_core.engine import AnyRuleset
from rules_core.errors import MalformedInput
from rules_core.north_star import NorthStar

RULESETS: dict[str, AnyRuleset] = {ruleset.name: ruleset for ruleset in (NorthStar(), DiceCombat())}


def find_ruleset(name: str) -> AnyRuleset:
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise MalformedInput(f"unknown rule system {name!r}", code="unknown_ruleset", name=str(name)) from None


def register(ruleset: AnyRuleset) -> None:
    """Make ``ruleset`` playable under its name (it must not take another's)."""
    if RULESETS.get(ruleset.name, ruleset) is not ruleset:
        raise ValueError(f"a rule system called {ruleset.name!r} is registered already")
    RULESETS[ruleset.name] = ruleset


def unregister(name: str) -> None:
    RULESETS.pop(name, None)
