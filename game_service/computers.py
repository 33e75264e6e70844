"""Who plays the computer seats, and where they think.

A computer seat sees what its seat may see and nothing more: the seat's view and its legal actions, never the full
state (which holds the others' hands and the next roll of the dice). It plays at the difficulty level the host chose
for it (``computer_players.search.LEVELS``).

* :class:`PooledComputers` (the default) thinks in a pool of worker processes, every level of every rule system: the
  search spends up to a second per move, and even a baseline move of the original game or the dice game takes up
  to a quarter of a second (docs/benchmarks.md), which on the bot's event loop would hold every other game and
  every click. The pool is started and warmed when the service opens, so the first move waits for no process.
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
from computer_players.search import DEFAULT_LEVEL, LEVELS, offered_level, offered_levels, play_at_level
from rules_core.engine import AnyRuleset, SeatView
from rules_core.registry import RULESETS, find_ruleset

ComputerPolicy = Callable[[AnyRuleset, SeatView, Sequence[Any]], Any]

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "ComputerPolicy",
    "Computers",
    "InlineComputers",
    "NoPolicy",
    "PooledComputers",
    "offered_level",
    "offered_levels",
]


class NoPolicy(LookupError):
    """No computer player knows this rule system: the service plays the ruleset's timeout move instead."""


class Computers(Protocol):
    """Where computer seats choose their moves."""

    async def move(self, ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any], *, level: str, seed: int) -> Any:
        """One of ``legal`` for ``view.seat`` at ``level``; ``seed`` makes a search repeatable."""
        ...

    async def start(self) -> None:
        """Be ready to think at once (start and warm the worker processes)."""
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

    async def start(self) -> None:
        pass

    def close(self) -> None:
        pass


def warm_up() -> None:
    """A worker's start: load every rule system and its computer player before the first move asks for one."""
    for name in RULESETS:
        has_policy(find_ruleset(name))


class PooledComputers:
    """``computer_players.search.play_at_level`` in worker processes, for every level of every rule system.

    Workers are spawned, not forked: the bot's process holds threads (the database driver's), and a fork copies
    their locks in whatever state they were. A pool whose worker died is replaced; the move that was lost raises,
    and the service plays the timeout move for it (logged).
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=warm_up
            )
        return self._pool

    async def start(self) -> None:
        """Spawn every worker now (each imports the rules and the computer players as it starts: about a second,
        paid here rather than by the first move). A spawning pool starts a process for each call that finds no
        idle one, so one call per worker starts them all."""
        pool = self._started()
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, os.getpid) for _ in range(self.workers)))

    async def move(self, ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any], *, level: str, seed: int) -> Any:
        if not has_policy(ruleset):
            raise NoPolicy(f"no computer player plays {ruleset.name!r}")
        pool = self._started()
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
