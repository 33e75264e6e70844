"""Pure rules of the Evolution family of board games.

Standard library only: no Discord, no images, no storage, no asyncio, no clocks, no global ``random``.
Every rule system sits behind :class:`rules_core.engine.Ruleset`; find one with :func:`rules_core.find_ruleset`.
"""

from rules_core.engine import Decision, Outcome, Ruleset, Standing
from rules_core.errors import IllegalAction, MalformedInput, NotYourDecision, Refusal
from rules_core.registry import RULESETS, find_ruleset

__all__ = [
    "RULESETS",
    "Decision",
    "IllegalAction",
    "MalformedInput",
    "NotYourDecision",
    "Outcome",
    "Refusal",
    "Ruleset",
    "Standing",
    "find_ruleset",
]
