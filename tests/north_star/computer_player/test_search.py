"""The search in North Star: it returns legal actions only, never depends on what its seat may not see, is
deterministic for a seed, plays whole games to the end and runs in another process; North Star's simulated moves
are legal and a simulation stops two rounds on; the root compares the ranking's first moves and the baseline's move
stands unless another is proven better. The search's budgets and rewards: tests/computer_players/test_search.py."""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from computer_players import choose_action
from computer_players.north_star import ranked
from computer_players.north_star.playout import CARD_VALUE, SIZE_VALUE, estimate, playout_move
from computer_players.registry import PLAYOUTS
from computer_players.search import Budget, choose, play_at_level, search, searches
from computer_players.search.tree import Search
from rules_core.north_star.actions import Action
from rules_core.north_star.state import GameState, Phase
from tests.computer_players.helpers import COMPUTER, FakeClock, play
from tests.north_star.scenario import RULES
from tests.north_star.test_properties import random_game, reshuffle_hidden

TINY = Budget(iterations=3)


def _search(state: GameState, seat: int, budget: Budget = TINY, seed: int = 1) -> Any:
    return search(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat), budget=budget, seed=seed)


def searcher(budget: Budget = TINY) -> Any:
    def policy(ruleset: Any, state: GameState, seat: int) -> Action:
        action: Action = _search(state, seat, budget, seed=state.version)
        return action

    return policy


def _legal(state: GameState, seat: int, action: Action) -> None:
    assert action in RULES.legal_actions(state, seat), (state.phase, action)


def _positions(seed: int, players: int, quick: bool, every: int) -> list[tuple[GameState, int]]:
    """Positions of a random game with a seat that has a choice to make, one in ``every``."""
    found = []
    for index, (state, _, _) in enumerate(random_game(seed, players, quick)):
        for seat in sorted(RULES.to_decide(state)):
            if index % every == 0 and len(RULES.legal_actions(state, seat)) > 1:
                found.append((state, seat))
    return found


@pytest.mark.parametrize(("players", "quick"), [(2, False), (3, True)])
def test_the_search_plays_legal_moves_to_the_end_of_a_game(players: int, quick: bool) -> None:
    policies = [searcher(), *[COMPUTER] * (players - 1)]
    final = play(policies, seed=players, options={"quick_game": quick}, check=_legal, rules=RULES)
    assert final.phase is Phase.GAME_OVER and RULES.outcome(final) is not None


def test_a_choice_does_not_change_when_what_the_seat_cannot_see_is_reshuffled() -> None:
    rng = random.Random(3)
    for state, seat in _positions(seed=3, players=4, quick=True, every=17)[:12]:
        shuffled = reshuffle_hidden(state, seat, rng)
        assert shuffled != state
        assert RULES.seat_view(shuffled, seat) == RULES.seat_view(state, seat)
        assert _search(shuffled, seat, Budget(iterations=8)) == _search(state, seat, Budget(iterations=8))


def test_the_same_seed_gives_the_same_search() -> None:
    for state, seat in _positions(seed=4, players=3, quick=False, every=29)[:3]:
        view, legal = RULES.seat_view(state, seat), RULES.legal_actions(state, seat)
        first = Search(RULES, view, legal, seed=9)
        second = Search(RULES, view, legal, seed=9)
        assert first.run(Budget(iterations=8)) == second.run(Budget(iterations=8))
        assert first.statistics() == second.statistics()


def test_the_search_runs_in_another_process() -> None:
    state, seat = _positions(seed=6, players=2, quick=False, every=13)[1]
    arguments = ("north_star", RULES.seat_view(state, seat), RULES.legal_actions(state, seat), TINY, 4)
    assert pickle.loads(pickle.dumps(arguments)) == arguments
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert pool.submit(choose, *arguments).result() == choose(*arguments)


def test_simulated_moves_are_legal() -> None:
    rng = random.Random(7)
    for quick in (False, True):
        for state, _, _ in random_game(7, 4, quick):
            for seat in RULES.to_decide(state):
                assert playout_move(RULES, state, seat, rng) in RULES.legal_actions(state, seat)


def test_a_simulation_stops_two_rounds_on_and_counts_the_score_cards_and_size() -> None:
    states = [state for state, _, _ in random_game(8, 3, False)]
    start = states[0]
    later = next(s for s in states if s.round == start.round + 2)
    assert estimate(start, states[1]) is None
    scores = estimate(start, later)
    assert scores is not None and len(scores) == 3
    player = later.players[0]
    score = player.bag + sum(s.population + len(s.traits) for s in player.species)
    assert player.hand and player.species  # so both extra terms count here
    extra = CARD_VALUE * len(player.hand) + SIZE_VALUE * sum(s.body_size for s in player.species)
    assert scores[0] == pytest.approx(score + extra)


def test_easy_is_the_baseline_and_the_other_levels_search_where_offered() -> None:
    state, seat = _positions(seed=5, players=2, quick=False, every=11)[2]
    view, legal = RULES.seat_view(state, seat), RULES.legal_actions(state, seat)
    for ruleset in ("north_star", "origin"):
        assert not searches(ruleset, "easy") and searches(ruleset, "normal") and searches(ruleset, "hard")
    assert play_at_level("north_star", view, legal, "easy", seed=1) == choose_action(RULES, view, legal)
    assert play_at_level("north_star", view, legal, "normal", seed=3, clock=FakeClock(step=0.01)) in legal
    with pytest.raises(KeyError):
        searches("north_star", "brutal")


@pytest.mark.parametrize("candidates", [3, 6])
def test_the_root_compares_the_rankings_first_moves_on_the_same_deals(candidates: int) -> None:
    state, seat = next(
        (state, seat)
        for state, seat in _positions(seed=5, players=2, quick=False, every=11)
        if len(RULES.legal_actions(state, seat)) > candidates
    )
    view, legal = RULES.seat_view(state, seat), RULES.legal_actions(state, seat)
    order = ranked(RULES, view, legal)
    assert sorted(map(repr, order)) == sorted(map(repr, legal)) and order[0] == choose_action(RULES, view, legal)
    tree = Search(RULES, view, legal, seed=3, playout=PLAYOUTS["north_star"], ranking=ranked)
    tree.run(Budget(iterations=3 * candidates + 2, candidates=candidates))
    assert list(tree.samples) == order[:candidates] and tree.prior == order[0]
    # Three whole rounds, and the fourth begun with the first two candidates.
    assert [len(samples) for samples in tree.samples.values()] == [4, 4] + [3] * (candidates - 2)


def test_the_baselines_move_stands_unless_another_is_proven_better() -> None:
    state, seat = _positions(seed=5, players=2, quick=False, every=11)[2]
    legal = RULES.legal_actions(state, seat)
    tree = Search(RULES, RULES.seat_view(state, seat), legal, seed=1)
    prior, steady, lucky, better = legal[:4]
    tree.prior = prior
    base = [0.5, 0.2, 0.8, 0.4, 0.6]
    tree.samples = {
        prior: base,
        # A little better on every deal: proven, though the deals vary far more than the gain.
        steady: [v + 0.05 for v in base],
        # Far better on average, but on one deal only: not proven.
        lucky: [*base[:4], 1.0 + 0.5],
        better: list(base),
    }
    assert tree.choice() == steady
    tree.samples[better] = [v + 0.1 for v in base]
    assert tree.choice() == better
    tree.samples = {prior: base, lucky: [*base[:4], 1.5]}
    assert tree.choice() == prior
    # Fewer than two whole rounds prove nothing.
    tree.samples = {prior: base[:1], steady: [1.0]}
    assert tree.choice() == prior
