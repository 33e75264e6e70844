"""Who plays the computer seats, and where they think.

A computer seat sees what its seat may see and nothing more: the seat's view and its legal actions, never the full
state (which holds the others' hands and the next roll of the dice). It plays at the difficulty level the host chose
for it (``computer_players.search.LEVELS``).

* :class:`PooledComputers` (the default) thinks in a pool of worker processes: the search spends up to a second
  per move, and on the bot's event loop that second would hold every other game and every click.
* :class:`InlineComputers` runs a plain policy ``(ruleset, seat_view, legal_actions) -> action`` on the loop, for
  tests and tools whose policy answers at once.

For a rule system no computer player knows (:class:`NoPolicy`), the service plays the ruleset's own timeout move,
which every rule system defines and which always keeps the game moving.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from computer_players import has_policy
from computer_players.search import DEFAULT_LEVEL, LEVELS, play_at_level, searches
from rules_core.engine import AnyRuleset, SeatView

ComputerPolicy = Callable[[AnyRuleset, SeatView, Sequence[Any]], Any]

__all__ = ["DEFAULT_LEVEL", "LEVELS", "ComputerPolicy", "Computers", "InlineComputers", "NoPolicy", "PooledComputers"]


class NoPolicy(LookupError):
    """No computer player knows this rule system: the service plays the ruleset's timeout move instead."""


class Computers(Protocol):
    """Where computer seats choose their moves."""

    async def move(self, ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any], *, level: str, seed: int) -> Any:
        """One of ``legal`` for ``view.seat`` at ``level``; ``seed`` makes a search repeatable."""
        ...

    def close(self) -> None:
        """Stop whatever thinks (worker processes); a later move starts it again."""
        ...


def timeout_policy(ruleset: AnyRuleset, state: Any, seat: int) -> Any:
    """The ruleset's timeout move: always legal for a seat that owes a decision."""
    return ruleset.timeout_action(state, seat)


class InlineComputers:
    """A plain policy, called on the event loop (the level is not its concern)."""

    def __init__(self, policy: ComputerPolicy) -> None:
        self.policy = policy

    async def move(self, ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any], *, level: str, seed: int) -> Any:
        return self.policy(ruleset, view, legal)

    def close(self) -> None:
        pass


class PooledComputers:
    """``computer_players.search.play_at_level`` in worker processes, started at the first search. A level that
    does not search (the baseline answers in milliseconds) plays on the loop, with no process to start.

    Workers are spawned, not forked: the bot's process holds threads (the database driver's), and a fork copies
    their locks in whatever state they were. A pool whose worker died is replaced; the move that was lost raises,
    and the service plays the timeout move for it (logged).
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None

    async def move(self, ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any], *, level: str, seed: int) -> Any:
        if not has_policy(ruleset):
            raise NoPolicy(f"no computer player plays {ruleset.name!r}")
        if not searches(ruleset.name, level):
            return play_at_level(ruleset.name, view, legal, level, seed)
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        pool = self._pool
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                pool, play_at_level, ruleset.name, view, tuple(legal), level, seed, time.perf_counter
            )
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
