"""Checks one request the bot sends against what real Discord accepts: the route, parameters and body against
Discord's published OpenAPI description of API v10 (``openapi.py``, where this machine has the pinned file), and
the limits Discord's documentation states (``limits.py``, always)."""

from __future__ import annotations

from collections.abc import Sequence

from tests.discord_api.limits import UPLOAD_LIMIT, check_limits
from tests.discord_api.openapi import published
from tests.discord_api.request import Request, Violation


class Refused(AssertionError):
    """A request real Discord would refuse: a failed test, not an HTTP error for the bot to handle."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        self.violations = tuple(violations)
        super().__init__("a request Discord would refuse:\n" + "\n".join(f"  {v}" for v in self.violations))


def check(request: Request, *, upload_limit: int = UPLOAD_LIMIT) -> list[Violation]:
    """Everything in the request that Discord would refuse."""
    description = published()
    found = [] if description is None else description.check(request)
    return found + check_limits(request, upload_limit=upload_limit)
