"""The search in the dice game: the fast simulated moves are legal in every position a game reaches, a simulation
stops two periods on with each seat's value, the ranking puts the baseline's move first and then orders by worth,
the search plays whole games with legal moves, and its choice never depends on what its seat may not see."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from computer_players import choose_action
from computer_players.dice_combat.judgement import play_value
from computer_players.dice_combat.playout import PERIODS_AHEAD
from computer_players.dice_combat.playout import estimate as dice_estimate
from computer_players.registry import PLAYOUTS, RANKINGS
from computer_players.search import Budget, offered_level, play_at_level, searches
from rules_core.copying import evolve
from rules_core.dice_combat.actions import PlayEvolution
from rules_core.dice_combat.population import energy_of
from tests.computer_players.helpers import play_searching, searched
from tests.dice_combat import test_properties as dice_properties
from tests.dice_combat.helpers import RULES as DICE

TINY = Budget(iterations=8)


def _dice_states(seed: int, players: int) -> list[Any]:
    return [state for state, _, _ in dice_properties.random_game(seed, players)]


def test_the_search_plays_legal_moves_to_the_end_of_a_game() -> None:
    final = play_searching(DICE, players=3, options={}, budget=TINY)
    assert DICE.outcome(final) is not None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_simulated_moves_of_the_dice_game_are_legal(players: int) -> None:
    rng = random.Random(5)
    move = PLAYOUTS[DICE.name].move
    for state in _dice_states(players, players):
        for decision in DICE.duties(state):
            action = move(DICE, state, decision.seat, rng)
            assert action in DICE.legal_actions(state, decision.seat), action


def test_a_choice_in_the_dice_game_does_not_change_when_what_the_seat_cannot_see_is_reshuffled() -> None:
    rng = random.Random(3)
    states = _dice_states(3, 4)
    for state in states[:: max(1, len(states) // 10)]:
        seat = DICE.duties(state)[0].seat
        shuffled = dice_properties.reshuffle_hidden(state, seat, rng)
        assert DICE.seat_view(shuffled, seat) == DICE.seat_view(state, seat)
        assert searched(DICE, shuffled, seat, budget=TINY) == searched(DICE, state, seat, budget=TINY)


def test_a_simulation_of_the_dice_game_stops_two_periods_on_and_values_population_and_food() -> None:
    states = _dice_states(2, 3)
    start = states[0]
    assert all(dice_estimate(start, s) is None for s in states if s.period < start.period + PERIODS_AHEAD)
    later = next(s for s in states if s.period == start.period + PERIODS_AHEAD)
    values = dice_estimate(start, later)
    assert values == [p.population + p.food / energy_of(later, p.seat) for p in later.players]
    # A seat out of the game is worth less than any living one, and the first out least.
    first, second = later.players[0], later.players[1]
    out = evolve(
        later,
        players=(
            evolve(first, extinct=True, population=0),
            evolve(second, extinct=True, population=0),
            *later.players[2:],
        ),
        eliminated=(1, 0),
    )
    values = dice_estimate(start, out)
    assert values is not None and values[1] < values[0] < 0 < values[2]


def test_the_dice_games_ranking_is_every_legal_move_the_baselines_first_then_by_its_worth() -> None:
    ranking = RANKINGS[DICE.name]
    judged = 0
    for state in _dice_states(7, 3)[::3]:
        seat = DICE.duties(state)[0].seat
        view, legal = DICE.seat_view(state, seat), DICE.legal_actions(state, seat)
        order = list(ranking(DICE, view, legal))
        assert order[0] == choose_action(DICE, view, legal)
        assert sorted(map(repr, order)) == sorted(map(repr, legal))
        plays = [a for a in order[1:] if isinstance(a, PlayEvolution)]
        if len(plays) > 1 and DICE.duties(state)[0].kind == "evolve":
            dealt = DICE.determinize(view, seed=view.table.version * 7919 + seat)
            worths = [play_value(dealt, seat, a.card, a.species) for a in plays]
            # The ranking orders by worth less a margin: two worths a rounding error apart may come either way.
            assert all(a >= b - 1e-9 for a, b in itertools.pairwise(worths))
            judged += 1
    assert judged


def test_a_level_not_offered_plays_as_the_strongest_offered_one_below_it() -> None:
    # A dice-game seat from before, or a host's default level: it plays the baseline, at once.
    state = DICE.new_game(players=["A", "B"], options={}, seed=4)[0]
    seat = DICE.duties(state)[0].seat
    view, legal = DICE.seat_view(state, seat), DICE.legal_actions(state, seat)
    assert offered_level("dice_combat", "hard") == offered_level("dice_combat", "normal") == "easy"
    assert not searches("dice_combat", "normal") and not searches("dice_combat", "hard")
    assert play_at_level("dice_combat", view, legal, "hard", seed=2) == choose_action(DICE, view, legal)
    with pytest.raises(KeyError):
        offered_level("dice_combat", "brutal")
