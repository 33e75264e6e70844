"""Who plays the computer seats: an injected policy ``(ruleset, seat_view, legal_actions) -> action``.

A policy sees what its seat may see and nothing more: the seat's view and its legal actions, never the full state
(which holds the others' hands and the next roll of the dice). The default is ``computer_players.choose_action``
(imported lazily, at the first computer move, so the service does not depend on that package being present). For
a rule system no computer player knows (:class:`NoPolicy`), the service plays the ruleset's own timeout move,
which every rule system defines and which always keeps the game moving.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from rules_core.engine import AnyRuleset, SeatView

ComputerPolicy = Callable[[AnyRuleset, SeatView, Sequence[Any]], Any]


class NoPolicy(LookupError):
    """No computer player knows this rule system: the service plays the ruleset's timeout move instead."""


def timeout_policy(ruleset: AnyRuleset, state: Any, seat: int) -> Any:
    """The ruleset's timeout move: always legal for a seat that owes a decision."""
    return ruleset.timeout_action(state, seat)


class DefaultPolicy:
    """``computer_players.choose_action`` if that exists; resolved once."""

    def __init__(self) -> None:
        self._chosen: ComputerPolicy | None = None

    def __call__(self, ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any]) -> Any:
        if self._chosen is None:
            self._chosen = _resolve()
        return self._chosen(ruleset, view, legal)


def _unavailable(ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any]) -> Any:
    raise NoPolicy(f"no computer player plays {ruleset.name!r}")


def _resolve() -> ComputerPolicy:
    try:
        module = importlib.import_module("computer_players")
    except ImportError:
        return _unavailable
    choose = getattr(module, "choose_action", None)
    if not callable(choose):
        return _unavailable
    has_policy = getattr(module, "has_policy", None)

    def policy(ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any]) -> Any:
        if callable(has_policy) and not has_policy(ruleset):
            raise NoPolicy(f"no computer player plays {ruleset.name!r}")
        return choose(ruleset, view, legal)

    return policy
