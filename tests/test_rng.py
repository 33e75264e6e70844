"""The game's randomness (rules_core/rng.py): both generators' values in range and replayable, shuffles that are
permutations, scripts that force values; the first generator's draws exactly as they always were (stored games
replay with them), the counter's as its definition says (SplitMix64, exactly uniform bounds, Fisher-Yates over a
draw's words), and uniform by a chi-square over a fixed set of draws."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.rng import COUNTER, GENERATORS, RESEEDED, Rng

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)  # the service's seeds are 63-bit
DRAWS = st.integers(min_value=0, max_value=10**6)
BOUNDS = st.one_of(st.integers(min_value=1, max_value=100), st.integers(min_value=1, max_value=2**64))
GENERATOR = st.sampled_from(GENERATORS)
TOP = 2**64


@given(seed=SEEDS, draws=DRAWS, n=BOUNDS, generator=GENERATOR)
def test_a_value_is_in_range_and_depends_only_on_the_seed_and_the_draws(
    seed: int, draws: int, n: int, generator: int
) -> None:
    rng = Rng(seed, draws, generator=generator)
    value, after = rng.below(n)
    assert 0 <= value < n
    assert Rng(seed, draws, generator=generator).below(n) == (value, after)
    assert after == Rng(seed, draws + 1, generator=generator)


@given(seed=SEEDS, draws=DRAWS, dice=st.integers(0, 12), sides=st.integers(1, 20), generator=GENERATOR)
def test_a_roll_is_one_draw_a_die_each_from_one_to_sides(
    seed: int, draws: int, dice: int, sides: int, generator: int
) -> None:
    rolled, after = Rng(seed, draws, generator=generator).roll(dice, sides)
    assert len(rolled) == dice and all(1 <= value <= sides for value in rolled)
    assert after.draws == draws + dice


@given(seed=SEEDS, draws=DRAWS, items=st.lists(st.integers(0, 9), max_size=60), generator=GENERATOR)
def test_a_shuffle_is_a_permutation_taken_as_one_draw(seed: int, draws: int, items: list[int], generator: int) -> None:
    rng = Rng(seed, draws, generator=generator)
    shuffled, after = rng.shuffled(items)
    assert sorted(shuffled) == sorted(items)
    assert rng.shuffled(items) == (shuffled, after)
    assert after == Rng(seed, draws + 1, generator=generator)


@given(seed=SEEDS, draws=DRAWS, data=st.data(), generator=GENERATOR)
def test_a_sample_is_k_distinct_items_taken_as_one_draw(
    seed: int, draws: int, data: st.DataObject, generator: int
) -> None:
    size = data.draw(st.integers(0, 60))
    k = data.draw(st.integers(0, size))
    sample, after = Rng(seed, draws, generator=generator).sample(range(size), k)
    assert len(sample) == k == len(set(sample)) and all(0 <= item < size for item in sample)
    assert after.draws == draws + 1


@pytest.mark.parametrize(
    ("sides", "generator"), [(0, RESEEDED), (0, COUNTER), (-1, RESEEDED), (-1, COUNTER), (TOP + 1, COUNTER)]
)
def test_a_bound_the_generator_cannot_draw_below_is_refused(sides: int, generator: int) -> None:
    rng = Rng(7, 3, generator=generator)
    with pytest.raises(ValueError):
        rng.roll(1, sides)
    with pytest.raises(ValueError):
        rng.below(sides)


@given(seed=SEEDS, script=st.lists(st.integers(0, 5), max_size=8), generator=GENERATOR)
def test_a_script_forces_the_next_values_then_the_generator_goes_on_from_as_many_draws(
    seed: int, script: list[int], generator: int
) -> None:
    rng = Rng(seed, script=tuple(script), generator=generator)
    rolled, rng = rng.roll(len(script))
    assert rolled == tuple(value + 1 for value in script)
    assert rng == Rng(seed, len(script), generator=generator)


@given(seed=SEEDS, draws=DRAWS, n=BOUNDS, items=st.lists(st.integers(), max_size=30), k=st.integers(0, 30))
def test_the_first_generator_draws_exactly_as_it_always_did(
    seed: int, draws: int, n: int, items: list[int], k: int
) -> None:
    """A fresh ``random.Random`` seeded from ``"seed:draws"`` a draw: the draws every stored game replays."""
    rng = Rng(seed, draws)
    assert rng.generator == RESEEDED  # a state or position that names no generator
    assert rng.below(n)[0] == random.Random(f"{seed}:{draws}").randrange(n)
    expected = list(items)
    random.Random(f"{seed}:{draws}").shuffle(expected)
    assert rng.shuffled(items)[0] == tuple(expected)
    k = min(k, len(items))
    assert rng.sample(items, k)[0] == tuple(random.Random(f"{seed}:{draws}").sample(items, k))


def test_the_counter_is_splitmix64_of_the_seed_at_the_draw_number() -> None:
    """Sebastiano Vigna's splitmix64.c seeded with 1234567 gives these first five words; a whole 64-bit bound
    takes a draw's first word as it is."""
    words = [Rng(1234567, draws, generator=COUNTER).below(TOP)[0] for draws in range(5)]
    assert words == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def _words(seed: int, draws: int) -> list[int]:
    """The first words of one counter draw: its first word, then SplitMix64 seeded with it."""
    first = Rng(seed, draws, generator=COUNTER).below(TOP)[0]
    return [first, *(Rng(first, j, generator=COUNTER).below(TOP)[0] for j in range(200))]


def _uniforms(words: list[int], bounds: list[int]) -> list[int]:
    """Each bound's value from the words in turn, a word in the top ``TOP % n`` values rejected."""
    stream = iter(words)
    return [next(w % n for w in stream if w < TOP - TOP % n) for n in bounds]


@given(seed=SEEDS, draws=DRAWS, n=st.one_of(st.integers(1, 100), st.integers(2**62, TOP)))
def test_a_counter_value_rejects_the_top_remainder_of_the_range(seed: int, draws: int, n: int) -> None:
    """With a bound just above 2**63 about half the first words are rejected: the value comes from the next
    word that is not, so every value is equally likely."""
    assert Rng(seed, draws, generator=COUNTER).below(n)[0] == _uniforms(_words(seed, draws), [n])[0]


@given(seed=SEEDS, draws=DRAWS, items=st.lists(st.integers(), max_size=40), data=st.data())
def test_a_counter_shuffle_and_sample_are_fisher_yates_over_the_draws_words(
    seed: int, draws: int, items: list[int], data: st.DataObject
) -> None:
    rng = Rng(seed, draws, generator=COUNTER)
    picks = _uniforms(_words(seed, draws), list(range(len(items), 0, -1)))
    expected = list(items)
    for place, pick in enumerate(picks):
        other = place + pick
        expected[place], expected[other] = expected[other], expected[place]
    assert rng.shuffled(items)[0] == tuple(expected)
    k = data.draw(st.integers(0, len(items)))
    assert rng.sample(items, k)[0] == tuple(expected[:k])


def _chi_square_bound(df: int) -> float:
    """The chi-square value that ``df`` degrees of freedom exceed with probability 1e-4 (Wilson-Hilferty)."""
    z = 3.719
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _chi_square(counts: Counter[int], cells: int) -> float:
    total = sum(counts.values())
    expected = total / cells
    assert len(counts) <= cells
    return sum((counts.get(cell, 0) - expected) ** 2 / expected for cell in range(cells)) if cells else 0.0


def test_counter_values_are_uniform_by_a_chi_square_over_fixed_draws() -> None:
    """60,000 values of each bound (seeds 0-9, draws 0-5,999: fixed, so this never flakes), and 24,000 shuffles of
    four items over the 24 orders; each chi-square is below its 1-in-10,000 level (a bias of 10 % in one cell of six
    would be far above it)."""
    for n in (2, 3, 6, 7, 10, 53):
        counts = Counter(Rng(seed, draws, generator=COUNTER).below(n)[0] for seed in range(10) for draws in range(6000))
        assert _chi_square(counts, n) < _chi_square_bound(n - 1), n
    orders = {order: index for index, order in enumerate(itertools.permutations(range(4)))}
    shuffles = Counter(
        orders[Rng(seed, draws, generator=COUNTER).shuffled(range(4))[0]] for seed in range(4) for draws in range(6000)
    )
    assert _chi_square(shuffles, 24) < _chi_square_bound(23)
