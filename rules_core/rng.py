"""Seeded, replayable randomness kept inside the game state.

A value depends only on the seed and on how many draws came before it: never on ``PYTHONHASHSEED``, on wall time,
or on anything else that used ``random``. There are two generators, and a game keeps the one it began with (its
state's ``Rng.generator``; docs/engine.md, "Randomness"):

* ``RESEEDED`` (the first): each draw builds a fresh ``random.Random`` from the string ``f"{seed}:{draws}"``
  (SHA-512 and a whole Mersenne Twister state: 6 to 8 us a draw). Every game stored before there was a choice
  draws this way, and replays with it.
* ``COUNTER``: each draw is SplitMix64 of the seed at position ``draws`` (a few integer operations). A draw that
  needs more than one 64-bit word (a shuffle, a rejected value) takes them from SplitMix64 seeded with its first.

A ``script`` of forced values lets a test (or a position file) decide chance outcomes; scripted values are used
first, in order, each as the result of one ``below(n)`` draw, whatever the generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from rules_core.codec import OMIT_AT_DEFAULT
from rules_core.copying import quick_init

T = TypeVar("T")

#: The generators by number (a game's options and its position file name them so).
RESEEDED = 1
COUNTER = 2
GENERATORS = (RESEEDED, COUNTER)

_TOP = 1 << 64
_MASK = _TOP - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment: 2**64 over the golden ratio, odd


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a bijection of 64-bit words that spreads every input bit over the output."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _uniforms(first: int, bounds: Iterable[int]) -> Iterator[int]:
    """One counter draw's values: for each bound ``n`` in turn, an exactly uniform integer in ``[0, n)``, from the
    64-bit words ``first``, then SplitMix64's stream seeded with it. A word in the top ``2**64 % n`` values of the
    range would favour the low results, so it is rejected and the next word taken (a chance under ``n / 2**64``)."""
    state = word = first
    for n in bounds:
        limit = _TOP - _TOP % n
        while word >= limit:
            state = (state + _GAMMA) & _MASK
            word = _mix(state)
        yield word % n
        state = (state + _GAMMA) & _MASK
        word = _mix(state)


def _first_word(seed: int, draws: int) -> int:
    """The first word of the counter's draw ``draws``: SplitMix64 of the seed (taken modulo 2**64: the service draws
    63-bit seeds) at that position."""
    return _mix((seed + (draws + 1) * _GAMMA) & _MASK)


def _counter_below(seed: int, draws: int, count: int, n: int) -> list[int]:
    """The counter's values in ``[0, n)`` at the ``count`` draws from ``draws`` on: what ``_uniforms`` gives at each,
    without building it in the common case that the first word is taken. Each draw's position is the previous one's
    plus the increment (``_first_word``'s, one multiplication fewer a die)."""
    limit = _TOP - _TOP % n
    position = (seed + (draws + 1) * _GAMMA) & _MASK
    values = []
    for _ in range(count):
        first = _mix(position)
        values.append(first % n if first < limit else next(_uniforms(first, (n,))))
        position = (position + _GAMMA) & _MASK
    return values


def _fisher_yates(pool: list[T], places: int, first: int) -> None:
    """Fill the first ``places`` places of ``pool`` at random (Fisher-Yates), each from the items not yet placed."""
    for i, pick in enumerate(_uniforms(first, range(len(pool), len(pool) - places, -1))):
        j = i + pick
        pool[i], pool[j] = pool[j], pool[i]


# A new one after every draw: a faster constructor pays (see ``quick_init``).
@quick_init
@dataclass(frozen=True, slots=True)
class Rng:
    seed: int
    draws: int = 0
    script: tuple[int, ...] = ()
    #: ``RESEEDED`` or ``COUNTER``. Written only when it is the counter: a state stored without it is of the first,
    #: and the states of games that draw the first way are written as before there was a choice.
    generator: int = field(default=RESEEDED, metadata=OMIT_AT_DEFAULT)

    def _reseeded(self) -> random.Random:
        # A string seed goes through SHA-512 in CPython: stable across runs and platforms.
        return random.Random(f"{self.seed}:{self.draws}")

    def _next(self, script: tuple[int, ...]) -> Rng:
        return Rng(self.seed, self.draws + 1, script, self.generator)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, n)`` and the advanced generator."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if self.script:
            value, rest = self.script[0], self.script[1:]
            if not 0 <= value < n:
                raise ValueError(f"scripted value {value} is outside [0, {n})")
            return value, self._next(rest)
        if self.generator == COUNTER:
            if n > _TOP:
                raise ValueError("the counter generator draws below bounds up to 2**64")
            return _counter_below(self.seed, self.draws, 1, n)[0], Rng(self.seed, self.draws + 1, (), COUNTER)
        return self._reseeded().randrange(n), self._next(self.script)

    def roll(self, dice: int, sides: int = 6) -> tuple[tuple[int, ...], Rng]:
        """``dice`` rolls of a ``sides``-sided die (1-based), one draw each."""
        if self.generator == COUNTER and not self.script and 0 < sides <= _TOP:
            # Each die at its own draw, without building a generator between them (a bad bound: below refuses it).
            rolled = tuple([value + 1 for value in _counter_below(self.seed, self.draws, dice, sides)])
            return rolled, Rng(self.seed, self.draws + dice, (), COUNTER)
        rng = self
        values = []
        for _ in range(dice):
            value, rng = rng.below(sides)
            values.append(value + 1)
        return tuple(values), rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items``, taken as one draw (scripts cannot force a shuffle)."""
        out = list(items)
        if self.generator == COUNTER:
            _fisher_yates(out, len(out) - 1, _first_word(self.seed, self.draws))  # the last place takes what is left
        else:
            self._reseeded().shuffle(out)
        return tuple(out), self._next(self.script)

    def sample(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        """``k`` distinct items chosen at random (one draw), in the order drawn."""
        pool = list(items)
        if self.generator != COUNTER:
            return tuple(self._reseeded().sample(pool, k)), self._next(self.script)
        if not 0 <= k <= len(pool):
            raise ValueError("sample larger than population or is negative")
        _fisher_yates(pool, k, _first_word(self.seed, self.draws))
        return tuple(pool[:k]), self._next(self.script)
