"""Which computer player plays which rule system, by the ruleset's ``name``.

A new rule system's computer player is a package here plus one line in :data:`POLICIES`; tests may
``POLICIES.register`` one of their own for a while.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from computer_players import dice_combat, north_star, origin
from rules_core.engine import AnyRuleset, SeatView
from rules_core.registries import Registry

#: A policy: ``(ruleset, seat_view, legal_actions) -> action``, the action being one of the legal actions. It sees
#: what its seat may see, and nothing more.
Policy = Callable[[Any, Any, Sequence[Any]], Any]

POLICIES: Registry[str, Policy] = Registry(
    {
        north_star.RULES.name: north_star.choose_action,
        origin.RULES.name: origin.choose_action,
        dice_combat.RULES.name: dice_combat.choose_action,
    }
)


class NoComputerPlayer(LookupError):
    """No computer player knows this rule system."""


def has_policy(ruleset: AnyRuleset) -> bool:
    return ruleset.name in POLICIES


def choose_action(ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any]) -> Any:
    """The computer player's choice for ``view.seat``: always one of ``legal``.

    Raises :class:`NoComputerPlayer` for a rule system without a computer player, and ``ValueError`` when the seat
    has no decision to make.
    """
    policy = POLICIES.get(ruleset.name)
    if policy is None:
        raise NoComputerPlayer(f"no computer player plays {ruleset.name!r}")
    return policy(ruleset, view, legal)
