"""Quick game (seed 000, "GYORS JÁTÉK SZABÁLYAI"; "HATSZEMÉLYES SZABÁLYOK"; seed 002, "Variante rápida e regras para 6
jogadores"): in phase 3 everybody plays their cards at the same time, without watching the others; a six-player
game always uses the quick-game rules."""

import pytest

from rules_core.errors import MalformedInput
from rules_core.north_star.actions import FinishCardPlay, IncreasePopulation, SelectFoodCard
from rules_core.north_star.state import GameState, Phase
from tests.north_star.helpers import refusal_code
from tests.scenario import RULES, player, scenario, species


def _playing(count: int, quick: bool) -> GameState:
    return scenario(
        phase="play_cards",
        options={"quick_game": quick},
        players=[player(f"P{i}", species(i), hand=["horns", "climbing"]) for i in range(count)],
    )


def test_in_the_quick_game_everybody_plays_cards_at_once():
    state = _playing(3, True)
    assert sorted((d.seat, d.kind) for d in RULES.decisions(state)) == [
        (0, "play_cards"),
        (1, "play_cards"),
        (2, "play_cards"),
    ]
    state, _ = RULES.apply(state, IncreasePopulation(2, state.players[2].hand[0], 2))  # the last seat goes first
    state, _ = RULES.apply(state, FinishCardPlay(1))
    assert sorted(d.seat for d in RULES.decisions(state)) == [0, 2]
    assert refusal_code(state, FinishCardPlay(1)) == "already_decided"
    state, _ = RULES.apply(state, FinishCardPlay(2))
    state, _ = RULES.apply(state, FinishCardPlay(0))
    assert state.phase is not Phase.PLAY_CARDS


def test_without_the_quick_game_cards_are_played_in_turn():
    state = _playing(3, False)
    assert [d.seat for d in RULES.decisions(state)] == [0]
    assert refusal_code(state, FinishCardPlay(2)) == "not_your_turn"


def test_six_players_always_play_the_quick_game():
    state = _playing(6, False)
    assert state.quick_game
    assert sorted(d.seat for d in RULES.decisions(state)) == list(range(6))
    assert not _playing(5, False).quick_game


def test_a_new_six_player_game_plays_cards_simultaneously_after_the_food_cards():
    state = RULES.new_game(players=[f"P{i}" for i in range(6)], options={}, seed=2)[0]
    for seat in range(6):
        state, _ = RULES.apply(state, SelectFoodCard(seat, state.players[seat].hand[0]))
    assert state.phase is Phase.PLAY_CARDS
    assert state.turn is None
    assert sorted(d.seat for d in RULES.decisions(state)) == list(range(6))


def test_the_quick_game_option_must_be_true_or_false():
    with pytest.raises(MalformedInput) as refused:
        RULES.new_game(players=["A", "B", "C"], options={"quick_game": "yes"}, seed=1)[0]
    assert refused.value.code == "bad_option"
