"""The rule systems the bot can play, by name (like python-chess's ``find_variant``).

A new rule system is a package under ``rules_core`` plus one line in :data:`RULESETS`. Tests may
``RULESETS.register`` a ruleset of their own for a while (the toy game of ``tests/toy``).
"""

from __future__ import annotations

from rules_core.dice_combat import DiceCombat
from rules_core.engine import AnyRuleset
from rules_core.errors import MalformedInput
from rules_core.north_star import NorthStar
from rules_core.origin import Origin
from rules_core.registries import Registry

RULESETS: Registry[str, AnyRuleset] = Registry(
    {ruleset.name: ruleset for ruleset in (NorthStar(), Origin(), DiceCombat())}
)


def find_ruleset(name: str) -> AnyRuleset:
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise MalformedInput(f"unknown rule system {name!r}", code="unknown_ruleset", name=str(name)) from None
