"""Finished games' replays: built in a worker process, kept per game and language.

A replay draws dozens of boards and encodes them as a GIF: seconds of CPU (a six-player game of the dice combat took
15 s, docs/benchmarks.md), which in the bot's process would hold every other game, even in a thread (drawing is
Python code, which holds the interpreter lock). So it is built in a process of its own, spawned at the first replay
asked for, and the GIF is kept: a finished game never changes, so each game's replay is built once per language
and upload size, and asked again it answers at once. The worker draws with the real renderer (``render_board``):
a replay is only ever its boards.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from renderer import render_board
from renderer.animation import animate
from rules_core.engine import PublicView

#: How many bytes of replays are kept (the oldest asked for go first).
KEPT_BYTES = 64 * 1024 * 1024


def build(views: Sequence[PublicView], labels: Mapping[str, str], max_bytes: int) -> bytes:
    """The replay of ``views`` (the worker's unit of work): ``renderer.animation.animate`` with the real boards."""
    return animate(views, render=render_board, labels=labels, max_bytes=max_bytes)


class Replays:
    """Builds replays in a worker process (or in the ``executor`` given: a rule system registered at run time, as the
    tests' toy game, has its drawer in this process only) and keeps them."""

    def __init__(self, *, executor: Executor | None = None, kept_bytes: int = KEPT_BYTES) -> None:
        self._given = executor
        self._pool: ProcessPoolExecutor | None = None
        self._kept: OrderedDict[tuple[int, str, int], bytes] = OrderedDict()
        self._kept_bytes = kept_bytes
        #: Replays being built, so that two asking at once wait for one build.
        self._building: dict[tuple[int, str, int], asyncio.Future[bytes]] = {}

    async def replay(
        self, game_id: int, language: str, views: Sequence[PublicView], labels: Mapping[str, str], max_bytes: int
    ) -> bytes:
        """The finished game's replay in ``language`` (its ``labels``), at most ``max_bytes``: kept, or built now
        (``ReplayTooLarge`` when it cannot fit)."""
        key = (game_id, language, max_bytes)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        building = self._building.get(key)
        if building is not None:
            return await asyncio.shield(building)
        future = asyncio.get_running_loop().create_future()
        self._building[key] = future
        try:
            gif = await self._built(views, labels, max_bytes)
        except BaseException as failed:
            future.set_exception(failed)
            future.exception()  # retrieved: whoever waits on it gets it; nobody waiting is no error to log
            raise
        finally:
            del self._building[key]
        future.set_result(gif)
        self._keep(key, gif)
        return gif

    async def _built(self, views: Sequence[PublicView], labels: Mapping[str, str], max_bytes: int) -> bytes:
        loop = asyncio.get_running_loop()
        if self._given is not None:
            return await loop.run_in_executor(self._given, build, tuple(views), dict(labels), max_bytes)
        if self._pool is None:
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        pool = self._pool
        try:
            return await loop.run_in_executor(pool, build, tuple(views), dict(labels), max_bytes)
        except BrokenProcessPool:
            # The worker died (out of memory, killed): the next replay starts a new one.
            if self._pool is pool:
                self._pool = None
            raise

    def _keep(self, key: tuple[int, str, int], gif: bytes) -> None:
        self._kept[key] = gif
        total = sum(len(kept) for kept in self._kept.values())
        while total > self._kept_bytes and len(self._kept) > 1:
            _, dropped = self._kept.popitem(last=False)
            total -= len(dropped)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
