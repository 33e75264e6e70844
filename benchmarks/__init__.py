"""Scripts that print speed and memory figures (``python -m benchmarks.<name>``); docs/benchmarks.md keeps them."""

from __future__ import annotations

import asyncio
import json
import platform
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from rules_core.engine import AnyRuleset


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


def new_game(
    ruleset: AnyRuleset, players: int | Sequence[str], seed: int, options: Mapping[str, Any] | None = None
) -> Any:
    """The first state of a game as the lobby starts one today, for ``players`` (names, or a count: P0, P1, ...):
    its options (those given, every other at its default) filled in as the lobby stores them. So the dice game deals
    its newest edition and draws with the counter, where options as stored before those existed would mean the
    first ones (a stored game's)."""
    names = [f"P{i}" for i in range(players)] if isinstance(players, int) else list(players)
    return ruleset.new_game(players=names, options=ruleset.read_options(options or {}), seed=seed)[0]


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
