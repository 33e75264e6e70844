"""The information-set Monte Carlo tree search's own rules, whatever the rule system (shown on the toy game): it
keeps to its budget (iterations, or time on a clock it is handed), levels are named budgets, a seat without a
decision is refused, and rewards favour the winner by the margin. The search in each rule system (legal moves, blind
to what its seat may not see, deterministic, whole games): tests/<ruleset>/computer_player/test_search.py."""

from __future__ import annotations

from typing import Any

import pytest

from computer_players.registry import Playout
from computer_players.search import DEFAULT_LEVEL, LEVELS, Budget, find_budget, offered_level, offered_levels, search
from computer_players.search.tree import UNIFORM, Search, outcome_rewards, paired_gain, rewards
from rules_core.engine import Outcome, Standing
from tests.computer_players.helpers import FakeClock, searched
from tests.toy.rules import RULES

TINY = Budget(iterations=3)


def opening() -> Any:
    """The toy game's first position: both seats pick one of their two stones (or resign), so seat 0 has a choice."""
    state = RULES.new_game(players=["Ann", "Bob"], options={}, seed=1)[0]
    assert len(RULES.legal_actions(state, 0)) > 1
    return state


def test_the_search_stops_after_its_iterations() -> None:
    state, seat = opening(), 0
    tree = Search(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat), seed=1)
    tree.run(Budget(iterations=7))
    assert tree.iterations == 7
    assert sum(visits for visits, _ in tree.statistics().values()) == 7


def test_the_search_stops_when_its_time_is_up() -> None:
    state, seat = opening(), 0
    clock = FakeClock(step=0.125)
    tree = Search(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat), seed=1)
    tree.run(Budget(seconds=1.0), clock)
    # The clock is read once at the start, then before each iteration: the eighth step of 1/8 s ends the search.
    assert tree.iterations == 7 and clock.reads == 9
    # With both limits, the first one reached counts.
    tree = Search(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat), seed=1)
    tree.run(Budget(iterations=3, seconds=1.0), FakeClock(step=0.125))
    assert tree.iterations == 3
    tree = Search(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat), seed=1)
    tree.run(Budget(iterations=50, seconds=1.0), FakeClock(step=0.125))
    assert tree.iterations == 7


def capped(cap: int | None, asked: list[Any]) -> Playout:
    """Uniform playouts whose simulations may make ``cap`` moves a position, noting each view the cap is asked for."""

    def most_moves(view: Any) -> int | None:
        asked.append(view)
        return cap

    return Playout(UNIFORM.move, most_moves=most_moves)


def test_a_rule_system_may_cap_the_moves_of_a_positions_simulations() -> None:
    state, seat = opening(), 0
    view, legal = RULES.seat_view(state, seat), RULES.legal_actions(state, seat)
    free = Search(RULES, view, legal, seed=1)
    free.run(Budget(iterations=50))
    cap = 10 * free.moves // free.iterations
    asked: list[Any] = []
    tree = Search(RULES, view, legal, seed=1, playout=capped(cap, asked))
    tree.run(Budget(iterations=50))
    assert asked == [view]
    # It stops after the simulation that reaches the cap: one simulation fewer had not reached it.
    assert cap <= tree.moves and tree.iterations < 50
    shorter = Search(RULES, view, legal, seed=1)
    shorter.run(Budget(iterations=tree.iterations - 1))
    assert shorter.moves < cap
    # No cap, or one the level's simulations never reach, leaves the level's budget.
    for loose in (None, 10 * free.moves):
        tree = Search(RULES, view, legal, seed=1, playout=capped(loose, asked))
        tree.run(Budget(iterations=50))
        assert tree.iterations == 50 and tree.moves == free.moves
    # It bounds a budget in time alone too.
    tree = Search(RULES, view, legal, seed=1, playout=capped(cap, asked))
    tree.run(Budget(seconds=1.0), FakeClock(step=0.001))
    assert tree.iterations < 1000


def test_a_time_budget_needs_a_clock() -> None:
    state, seat = opening(), 0
    with pytest.raises(ValueError):
        searched(RULES, state, seat, budget=Budget(seconds=0.5))


def test_levels_are_named_budgets() -> None:
    assert find_budget("normal") == LEVELS["normal"]
    assert find_budget(TINY) is TINY
    normal, hard = (find_budget(name) for name in ("normal", "hard"))
    assert normal.iterations is not None and hard.iterations is not None and normal.iterations < hard.iterations
    # normal is the narrower search: fewer of the baseline's first moves compared (docs/benchmarks.md).
    assert normal.candidates < hard.candidates
    # Simulations decide; the time is a cap for a very busy host.
    assert all(level.seconds is not None and 1.0 < level.seconds <= 3.0 for level in (normal, hard))
    assert list(LEVELS) == ["easy", "normal", "hard"] and DEFAULT_LEVEL in LEVELS
    for not_searching in ("impossible", "easy"):
        with pytest.raises(KeyError):
            find_budget(not_searching)
    with pytest.raises(ValueError):
        Budget()
    with pytest.raises(ValueError):
        Budget(iterations=10, candidates=1)


def test_a_seat_without_a_decision_is_refused() -> None:
    state = opening()
    with pytest.raises(ValueError):
        search(RULES, RULES.seat_view(state, 0), (), budget=TINY, seed=1)


def test_rewards_favour_the_winner_and_the_margin() -> None:
    outcome = Outcome(
        (Standing(1, 30, (), 1), Standing(0, 20, (), 2), Standing(2, 10, (), 3)),
        winners=(1,),
    )
    values = outcome_rewards(outcome, 3)
    assert values[1] > values[0] > values[2]
    assert all(0.0 <= v <= 1.0 for v in values)
    shared = rewards([12.0, 12.0], [0, 1])
    assert shared[0] == shared[1] == pytest.approx(0.5)


def test_a_rule_system_offers_only_the_levels_it_honours() -> None:
    # The dice game's search is not shown stronger than its baseline (docs/benchmarks.md): easy alone.
    assert offered_levels("north_star") == offered_levels("origin") == tuple(LEVELS)
    assert offered_levels("dice_combat") == ("easy",)
    assert all(offered_level("north_star", level) == level for level in LEVELS)


def test_a_paired_gain_is_the_mean_difference_and_its_standard_error() -> None:
    # Differences 1, 2, 2: mean 5/3, sample variance ((2/3)^2 + 2 (1/3)^2) / 2 = 1/3, standard error sqrt(1/3 / 3).
    gain, error = paired_gain([1.0, 2.0, 3.0], [0.0, 0.0, 1.0])
    assert gain == pytest.approx(5 / 3)
    assert error == pytest.approx(1 / 3)
