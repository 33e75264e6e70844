"""Scripts that print speed and memory figures (``python -m benchmarks.<name>``); docs/benchmarks.md keeps them."""

from __future__ import annotations

import asyncio
import json
import platform
import time
from datetime import UTC, datetime
from typing import Any


class VirtualClock:
    """A clock for the service that stands still until the benchmark moves ``now`` (aware UTC)."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


def rule_option(text: str) -> tuple[str, Any]:
    """A rule option from the command line, ``NAME=VALUE``: ``true``, ``false`` and numbers as JSON reads them, else
    the text."""
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def machine() -> str:
    """What a figure was measured on, and when: the first line every benchmark prints."""
    return (
        f"python {platform.python_version()} on {platform.machine()} ({platform.system()} {platform.release()}), "
        f"{datetime.now(UTC):%Y-%m-%d}"
    )


async def longest_pause(stop: asyncio.Event, pauses: list[float]) -> None:
    """The longest the event loop went without running this task (which asks to run every millisecond)."""
    longest, last = 0.0, time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0.001)
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    pauses.append(longest)
