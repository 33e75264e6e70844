"""The simplest policy there is, for tests and benchmarks: always the first legal action (no thought, no cost)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def first_legal(ruleset: Any, view: Any, legal: Sequence[Any]) -> Any:
    """The first of the seat's legal actions (the rules list them in a fixed order, so this is deterministic)."""
    return legal[0]
