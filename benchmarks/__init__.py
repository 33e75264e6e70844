"""Scripts that print speed and memory figures (``python -m benchmarks.<name>``); docs/benchmarks.md keeps them."""

from __future__ import annotations

import platform
from datetime import UTC, datetime


class VirtualClock:
    """A clock for the service that stands still until the benchmark moves ``now`` (aware UTC)."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


def machine() -> str:
    """What a figure was measured on, and when: the first line every benchmark prints."""
    return (
        f"python {platform.python_version()} on {platform.machine()} ({platform.system()} {platform.release()}), "
        f"{datetime.now(UTC):%Y-%m-%d}"
    )
