"""Which policy plays which rule system, by the ruleset's ``name``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from computer_players import north_star
from rules_core.engine import Ruleset

#: A policy: ``(ruleset, state, seat) -> action``, the action being one of the seat's legal actions.
Policy = Callable[[Ruleset[Any, Any, Any], Any, int], Any]

POLICIES: dict[str, Policy] = {
    "north_star": north_star.choose_action,
}


class NoComputerPlayer(LookupError):
    """No computer player knows this rule system."""


def has_policy(ruleset: Ruleset[Any, Any, Any]) -> bool:
    return ruleset.name in POLICIES


def choose_action(ruleset: Ruleset[Any, Any, Any], state: Any, seat: int) -> Any:
    """The computer player's choice for ``seat``: always one of ``ruleset.legal_actions(state, seat)``.

    Raises :class:`NoComputerPlayer` for a rule system without a computer player, and ``ValueError`` when the seat
    has no decision to make.
    """
    policy = POLICIES.get(ruleset.name)
    if policy is None:
        raise NoComputerPlayer(f"no computer player plays {ruleset.name!r}")
    return policy(ruleset, state, seat)
