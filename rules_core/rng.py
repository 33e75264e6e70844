"""Seeded, replayable randomness kept inside the game state.

Each draw builds a fresh ``random.Random`` from ``(seed, draws)``, so a result depends only on the seed and on how
many draws came before it: never on ``PYTHONHASHSEED``, on wall time, or on anything else that used ``random``.
A ``script`` of forced values lets a test (or a position file) decide chance outcomes; scripted values are used
first, in order, each as the result of one ``below(n)`` draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Rng:
    seed: int
    draws: int = 0
    script: tuple[int, ...] = ()

    def _generator(self) -> random.Random:
        # A string seed goes through SHA-512 in CPython: stable across runs and platforms.
        return random.Random(f"{self.seed}:{self.draws}")

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, n)`` and the advanced generator."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if self.script:
            value, rest = self.script[0], self.script[1:]
            if not 0 <= value < n:
                raise ValueError(f"scripted value {value} is outside [0, {n})")
            return value, Rng(self.seed, self.draws + 1, rest)
        return self._generator().randrange(n), Rng(self.seed, self.draws + 1, self.script)

    def roll(self, dice: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """``dice`` rolls of a ``sides``-sided die (1-based), one draw each."""
        rng = self
        values = []
        for _ in range(dice):
            value, rng = rng.below(sides)
            values.append(value + 1)
        return tuple(values), rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items``, taken as one draw (scripts cannot force a shuffle)."""
        generator = self._generator()
        out = list(items)
        generator.shuffle(out)
        return tuple(out), Rng(self.seed, self.draws + 1, self.script)

    def sample(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        """``k`` distinct items chosen at random (one draw), in the order drawn."""
        generator = self._generator()
        return tuple(generator.sample(list(items), k)), Rng(self.seed, self.draws + 1, self.script)
