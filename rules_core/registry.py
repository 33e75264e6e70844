"""The rule systems the bot can play, by name (like python-chess's ``find_variant``)."""

from __future__ import annotations

from typing import Any

from rules_core.engine import Ruleset
from rules_core.errors import MalformedInput
from rules_core.north_star import NorthStar

RULESETS: dict[str, Ruleset[Any, Any, Any]] = {ruleset.name: ruleset for ruleset in (NorthStar(),)}


def find_ruleset(name: str) -> Ruleset[Any, Any, Any]:
    try:
        return RULESETS[name]
    except KeyError:
        raise MalformedInput(f"unknown rule system {name!r}", code="unknown_ruleset", name=name) from None
