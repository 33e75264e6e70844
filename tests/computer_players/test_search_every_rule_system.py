"""The search in the original game and the dice game: the fast simulated moves are legal in every position a game
reaches (every option set), a simulation stops where it should (the original game: when the next turn begins; the
dice game: two periods on) with each seat's value, the search plays
whole games with legal moves, and its choice never depends on what its seat may not see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from computer_players import choose_action, origin
from computer_players.dice_combat.judgement import play_value
from computer_players.dice_combat.playout import PERIODS_AHEAD
from computer_players.dice_combat.playout import estimate as dice_estimate
from computer_players.origin.estimate import Outlook
from computer_players.origin.playout import estimate as origin_estimate
from computer_players.registry import PLAYOUTS, RANKINGS
from computer_players.search import Budget, search
from computer_players.search.tree import Search
from rules_core.copying import evolve
from rules_core.dice_combat.actions import PlayEvolution
from rules_core.dice_combat.population import energy_of
from rules_core.engine import AnyRuleset
from rules_core.origin.state import Phase
from tests.computer_players.helpers import COMPUTER, play
from tests.dice_combat import test_properties as dice_properties
from tests.dice_combat.helpers import RULES as DICE
from tests.origin import test_properties as origin_properties
from tests.origin.scenario import RULES as ORIGIN

TINY = Budget(iterations=8)


def _origin_states(seed: int, players: int, options: dict[str, Any]) -> list[Any]:
    return [state for state, _, _, _ in origin_properties.random_game(seed, players, options)]


def _dice_states(seed: int, players: int) -> list[Any]:
    return [state for state, _, _ in dice_properties.random_game(seed, players)]


def _search(rules: AnyRuleset, state: Any, seat: int, seed: int = 1) -> Any:
    return search(rules, rules.seat_view(state, seat), rules.legal_actions(state, seat), budget=TINY, seed=seed)


@pytest.mark.parametrize("options", origin_properties.OPTION_SETS)
def test_simulated_moves_of_the_original_game_are_legal(options: dict[str, Any]) -> None:
    rng = random.Random(5)
    move = PLAYOUTS[ORIGIN.name].move
    for players in (2, 4):
        for state in _origin_states(players, players, options):
            for decision in ORIGIN.duties(state):
                action = move(ORIGIN, state, decision.seat, rng)
                assert action in ORIGIN.legal_actions(state, decision.seat), (state.phase, action)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_simulated_moves_of_the_dice_game_are_legal(players: int) -> None:
    rng = random.Random(5)
    move = PLAYOUTS[DICE.name].move
    for state in _dice_states(players, players):
        for decision in DICE.duties(state):
            action = move(DICE, state, decision.seat, rng)
            assert action in DICE.legal_actions(state, decision.seat), action


def test_a_simulation_of_the_original_game_stops_when_the_next_turn_begins_and_values_each_seats_outlook() -> None:
    states = _origin_states(4, 3, {"time_to_fly": True, "darwins_day": True})
    start = states[0]
    later = next(s for s in states if s.turn == start.turn + 1)
    assert all(origin_estimate(start, s) is None for s in states if s.turn == start.turn)
    values = origin_estimate(start, later)
    outlook = Outlook.of(later, 0)
    assert values == [outlook.worth(later, p) for p in later.players]
    assert origin_estimate(start, states[-1]) is None or states[-1].phase is not Phase.GAME_OVER


def test_the_original_games_ranking_is_every_legal_move_the_baselines_first() -> None:
    ranking = RANKINGS[ORIGIN.name]
    states = _origin_states(6, 3, {"time_to_fly": True})
    for state in states[::13]:
        seat = ORIGIN.duties(state)[0].seat
        view, legal = ORIGIN.seat_view(state, seat), ORIGIN.legal_actions(state, seat)
        order = list(ranking(ORIGIN, view, legal))
        assert order[0] == choose_action(ORIGIN, view, legal) == origin.choose_action(ORIGIN, view, legal)
        assert len(set(order)) == len(order) and set(order) <= set(legal)


@pytest.mark.parametrize(
    ("rules", "players", "options"),
    [(ORIGIN, 2, {}), (ORIGIN, 3, {"time_to_fly": True, "darwins_day": True}), (DICE, 3, {})],
)
def test_the_search_plays_legal_moves_to_the_end_of_a_game(
    rules: AnyRuleset, players: int, options: dict[str, Any]
) -> None:
    def searcher(ruleset: AnyRuleset, state: Any, seat: int) -> Any:
        return _search(ruleset, state, seat, seed=ruleset.version(state))

    def legal(state: Any, seat: int, action: Any) -> None:
        assert action in rules.legal_actions(state, seat)

    final = play([searcher, *[COMPUTER] * (players - 1)], seed=players, options=options, check=legal, rules=rules)
    assert rules.outcome(final) is not None


def test_a_choice_in_the_original_game_does_not_change_when_what_the_seat_cannot_see_is_reshuffled() -> None:
    rng = random.Random(3)
    states = _origin_states(3, 4, {"time_to_fly": True, "darwins_day": True})
    for state in states[::40][:10]:
        seat = ORIGIN.duties(state)[0].seat
        shuffled = origin_properties.reshuffle_hidden(state, seat, rng)
        assert ORIGIN.seat_view(shuffled, seat) == ORIGIN.seat_view(state, seat)
        assert _search(ORIGIN, shuffled, seat) == _search(ORIGIN, state, seat)


def test_a_choice_in_the_dice_game_does_not_change_when_what_the_seat_cannot_see_is_reshuffled() -> None:
    rng = random.Random(3)
    states = _dice_states(3, 4)
    for state in states[:: max(1, len(states) // 10)]:
        seat = DICE.duties(state)[0].seat
        shuffled = dice_properties.reshuffle_hidden(state, seat, rng)
        assert DICE.seat_view(shuffled, seat) == DICE.seat_view(state, seat)
        assert _search(DICE, shuffled, seat) == _search(DICE, state, seat)


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
            assert worths == sorted(worths, reverse=True)
            judged += 1
    assert judged
