"""Scripts that print speed and memory figures (``python -m benchmarks.<name>``); docs/benchmarks.md keeps them."""

from __future__ import annotations

import platform
from datetime import UTC, datetime


def machine() -> str:
    """What a figure was measured on, and when: the first line every benchmark prints."""
    return (
        f"python {platform.python_version()} on {platform.machine()} ({platform.system()} {platform.release()}), "
        f"{datetime.now(UTC):%Y-%m-%d}"
    )
