"""Who plays the computer seats: an injected policy ``(ruleset, state, seat) -> action``.

The default is ``computer_players.choose_action`` (imported lazily, at the first computer move, so the service
does not depend on that package being present); without it, or for a rule system it has no policy for
(``computer_players.has_policy(ruleset)``), the ruleset's own timeout move, which every rule system defines and
which always keeps the game moving.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rules_core.engine import Ruleset

ComputerPolicy = Callable[[Ruleset[Any, Any, Any], Any, int], Any]


def timeout_policy(ruleset: Ruleset[Any, Any, Any], state: Any, seat: int) -> Any:
    """The ruleset's timeout move: always legal for a seat that owes a decision."""
    return ruleset.timeout_action(state, seat)


class DefaultPolicy:
    """``computer_players.choose_action`` if that exists, else :func:`timeout_policy`; resolved once."""

    def __init__(self) -> None:
        self._chosen: ComputerPolicy | None = None

    def __call__(self, ruleset: Ruleset[Any, Any, Any], state: Any, seat: int) -> Any:
        if self._chosen is None:
            self._chosen = _resolve()
        return self._chosen(ruleset, state, seat)


def _resolve() -> ComputerPolicy:
    try:
        module = importlib.import_module("computer_players")
    except ImportError:
        return timeout_policy
    choose = getattr(module, "choose_action", None)
    if not callable(choose):
        return timeout_policy
    has_policy = getattr(module, "has_policy", None)

    def policy(ruleset: Ruleset[Any, Any, Any], state: Any, seat: int) -> Any:
        # A rule system the computer players do not know yet is played by its timeout move, not as an error.
        if callable(has_policy) and not has_policy(ruleset):
            return timeout_policy(ruleset, state, seat)
        return choose(ruleset, state, seat)

    return policy
