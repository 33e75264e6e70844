"""The search in the original game: the fast simulated moves are legal in every position a game reaches (every
option set), a simulation stops when the next turn begins with each seat's outlook, the ranking puts the baseline's
move first, the search plays whole games with legal moves, and its choice never depends on what its seat may not
see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from computer_players import choose_action, origin
from computer_players.origin.estimate import Outlook
from computer_players.origin.playout import estimate as origin_estimate
from computer_players.origin.playout import most_moves
from computer_players.registry import PLAYOUTS, RANKINGS
from computer_players.search import Budget, find_budget
from computer_players.search.tree import Search
from rules_core.origin.state import Phase
from tests.computer_players.helpers import play_searching, searched
from tests.origin import test_properties as origin_properties
from tests.origin.scenario import RULES as ORIGIN

TINY = Budget(iterations=8)
HARD = find_budget("hard")
HARD_SIMULATIONS = HARD.iterations or 0


def _origin_states(seed: int, players: int, options: dict[str, Any]) -> list[Any]:
    return [state for state, _, _, _ in origin_properties.random_game(seed, players, options)]


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"time_to_fly": True, "darwins_day": True})])
def test_the_search_plays_legal_moves_to_the_end_of_a_game(players: int, options: dict[str, Any]) -> None:
    final = play_searching(ORIGIN, players=players, options=options, budget=TINY)
    assert ORIGIN.outcome(final) is not None


@pytest.mark.parametrize("options", origin_properties.OPTION_SETS)
def test_simulated_moves_of_the_original_game_are_legal(options: dict[str, Any]) -> None:
    rng = random.Random(5)
    move = PLAYOUTS[ORIGIN.name].move
    for players in (2, 4):
        for state in _origin_states(players, players, options):
            for decision in ORIGIN.duties(state):
                action = move(ORIGIN, state, decision.seat, rng)
                assert action in ORIGIN.legal_actions(state, decision.seat), (state.phase, action)


def test_a_simulation_of_the_original_game_stops_when_the_next_turn_begins_and_values_each_seats_outlook() -> None:
    states = _origin_states(4, 3, {"time_to_fly": True, "darwins_day": True})
    start = states[0]
    later = next(s for s in states if s.turn == start.turn + 1)
    assert all(origin_estimate(start, s) is None for s in states if s.turn == start.turn)
    values = origin_estimate(start, later)
    outlook = Outlook.of(later, 0)
    assert values == [outlook.worth(later, p) for p in later.players]
    assert origin_estimate(start, states[-1]) is None or states[-1].phase is not Phase.GAME_OVER


def test_a_crowded_table_caps_the_searchs_simulated_moves() -> None:
    # Fewer moves where more animals make each one slower; on a new game's empty table the level's simulations.
    states = _origin_states(4, 4, {"time_to_fly": True, "darwins_day": True})
    caps = sorted(
        {(sum(len(p.animals) for p in state.players), most_moves(ORIGIN.seat_view(state, 0))) for state in states}
    )
    animals = [count for count, _ in caps]
    assert animals[0] == 0 and animals[-1] >= 10
    assert [cap for _, cap in caps] == sorted((cap for _, cap in caps), reverse=True)
    assert caps[0][1] > 30 * HARD_SIMULATIONS  # no first turn's simulations are this long


def test_a_capped_search_stops_at_its_moves() -> None:
    for state in _origin_states(4, 4, {"time_to_fly": True}):
        if state.phase is not Phase.DEVELOPMENT or sum(len(p.animals) for p in state.players) <= 12:
            continue
        seat = ORIGIN.duties(state)[0].seat
        view, legal = ORIGIN.seat_view(state, seat), ORIGIN.legal_actions(state, seat)
        tree = Search(ORIGIN, view, legal, seed=1, playout=PLAYOUTS[ORIGIN.name], ranking=RANKINGS[ORIGIN.name])
        tree.run(Budget(iterations=HARD_SIMULATIONS))
        if tree.iterations:  # the ranking saw more than one move worth a thought
            break
    assert most_moves(view) <= tree.moves and tree.iterations < HARD_SIMULATIONS


def test_the_original_games_ranking_is_every_legal_move_the_baselines_first() -> None:
    ranking = RANKINGS[ORIGIN.name]
    states = _origin_states(6, 3, {"time_to_fly": True})
    for state in states[::13]:
        seat = ORIGIN.duties(state)[0].seat
        view, legal = ORIGIN.seat_view(state, seat), ORIGIN.legal_actions(state, seat)
        order = list(ranking(ORIGIN, view, legal))
        assert order[0] == choose_action(ORIGIN, view, legal) == origin.choose_action(ORIGIN, view, legal)
        assert len(set(order)) == len(order) and set(order) <= set(legal)


def test_a_choice_in_the_original_game_does_not_change_when_what_the_seat_cannot_see_is_reshuffled() -> None:
    rng = random.Random(3)
    states = _origin_states(3, 4, {"time_to_fly": True, "darwins_day": True})
    for state in states[::40][:10]:
        seat = ORIGIN.duties(state)[0].seat
        shuffled = origin_properties.reshuffle_hidden(state, seat, rng)
        assert ORIGIN.seat_view(shuffled, seat) == ORIGIN.seat_view(state, seat)
        assert searched(ORIGIN, shuffled, seat, budget=TINY) == searched(ORIGIN, state, seat, budget=TINY)


def test_where_the_ranking_names_one_move_worth_a_thought_the_search_plays_it_without_simulating() -> None:
    # Running when attacked (a free chance, and compulsory before giving up): the original game's ranking offers it
    # alone, and simulations could only replace it on noise.
    ranking = RANKINGS[ORIGIN.name]
    found = 0
    for seed in range(1, 6):
        for state in _origin_states(seed, 3, {}):
            for decision in ORIGIN.duties(state):
                view, legal = ORIGIN.seat_view(state, decision.seat), ORIGIN.legal_actions(state, decision.seat)
                order = list(ranking(ORIGIN, view, legal))
                if len(legal) > 1 and len(order) == 1:
                    tree = Search(ORIGIN, view, legal, seed=1, playout=PLAYOUTS[ORIGIN.name], ranking=ranking)
                    assert tree.run(Budget(iterations=50)) == order[0] and tree.iterations == 0
                    found += 1
    assert found
