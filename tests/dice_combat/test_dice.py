"""The dice comparison (seed 004, step 5.h.viii-ix and 5.p.i), with the seed's two worked examples."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.dice_combat.dice import attack_damage, compare, hunt_result


def test_the_hunting_example_a_six_four_two_two_against_b_five_five_two() -> None:
    # Seed 004, 5.h.ix: A (Strength 4) rolls 6, 4, 2, 2; B (Strength 3) rolls 5, 5, 2 (the seed's "2 dados" is read
    # as three: docs/rulings.md). A drops one die; 6-5 won, 4-5 lost, 2-2 tied.
    comparison = compare((2, 6, 2, 4), (5, 2, 5))
    assert comparison.pairs == ((6, 5), (4, 5), (2, 2))
    assert (comparison.won, comparison.lost, comparison.tied) == (1, 1, 1)
    assert hunt_result(comparison) == "tied"


def test_the_hunting_example_with_six_five_three_two_is_a_hunt_won() -> None:
    # 5.h.ix.7: had A rolled 6, 5, 3, 2, the third comparison would be A's and A would win the hunt.
    comparison = compare((6, 5, 3, 2), (5, 5, 2))
    assert comparison.pairs == ((6, 5), (5, 5), (3, 2))
    assert (comparison.won, comparison.lost, comparison.tied) == (2, 0, 1)
    assert hunt_result(comparison) == "won"


def test_the_extinction_example_costs_the_defender_one_point() -> None:
    # Seed 004, 5.p.i: attacker 6, 4, 4, 3, 2 against defender 5, 5, 4, 2, 1: pairs 1, 4 and 5 won, 2 lost, 3 tied,
    # so the defender loses 3 - 1 - 1 = 1 population point.
    comparison = compare((6, 4, 4, 3, 2), (5, 5, 4, 2, 1))
    assert (comparison.won, comparison.lost, comparison.tied) == (3, 1, 1)
    assert attack_damage(comparison) == 1


def test_a_hunt_is_lost_when_more_comparisons_are_lost_than_won() -> None:
    assert hunt_result(compare((3, 2), (4, 1))) == "tied"
    assert hunt_result(compare((3, 2), (4, 3))) == "lost"
    assert hunt_result(compare((1,), (1,))) == "tied"


def test_the_smaller_roll_keeps_every_die_and_the_larger_drops_its_lowest() -> None:
    comparison = compare((1, 1), (6, 5, 4, 1))
    assert comparison.pairs == ((1, 6), (1, 5))
    assert (comparison.won, comparison.lost, comparison.tied) == (0, 2, 0)


def test_an_attack_that_wins_no_more_than_it_loses_and_ties_does_no_damage() -> None:
    assert attack_damage(compare((6, 3), (5, 3))) == 0  # one won, one tied
    assert attack_damage(compare((2,), (5,))) == 0
    assert attack_damage(compare((6, 6, 6), (1, 1, 1))) == 3


def test_ambush_turns_its_ties_into_wins_and_only_one_side_may_do_so() -> None:
    assert (compare((4, 2), (4, 2), first_wins_ties=True).won) == 2
    assert (compare((4, 2), (4, 2), second_wins_ties=True).lost) == 2
    both = compare((4, 2), (4, 2), first_wins_ties=True, second_wins_ties=True)
    assert both.tied == 2


@settings(deadline=None, max_examples=200)
@given(
    st.lists(st.integers(1, 6), min_size=1, max_size=9),
    st.lists(st.integers(1, 6), min_size=1, max_size=9),
)
def test_every_kept_die_is_compared_once_and_the_comparison_is_symmetric(a: list[int], b: list[int]) -> None:
    forward, backward = compare(tuple(a), tuple(b)), compare(tuple(b), tuple(a))
    assert forward.won + forward.lost + forward.tied == min(len(a), len(b))
    assert (forward.won, forward.lost, forward.tied) == (backward.lost, backward.won, backward.tied)
