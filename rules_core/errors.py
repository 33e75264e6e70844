"""Why an action is refused.

One base class, :class:`Refusal` (a ``ValueError``), with a stable ``code`` and the parameters a front end needs to
word the reason in any language. ``apply`` raises one of these and leaves the state untouched (states are
immutable, so "untouched" is structural, not a promise).
"""

from __future__ import annotations

from typing import Any


class Refusal(ValueError):
    """An action the rules do not allow here. ``code`` is stable; ``params`` fill the localised message;
    ``ruleset`` names the rule system whose rules refused (set on the way out, so that a front end words the
    refusal in that rule system's words)."""

    code: str = "refused"
    ruleset: str | None = None

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.params: dict[str, Any] = params


class NotYourDecision(Refusal):
    """The seat is not one of those that must decide now (not your turn, or you already chose)."""

    code = "not_your_decision"


class IllegalAction(Refusal):
    """A well-formed action that breaks a rule (a card you do not hold, a species that may not be attacked...)."""

    code = "illegal"


class MalformedInput(Refusal):
    """Data that is not an action or a position of this rule system at all (bad JSON, unknown verb)."""

    code = "malformed"
