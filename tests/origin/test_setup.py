"""Setting up (seed 003, "Підготовка до гри"; "Гра з двома наборами (до 8 гравців)"): the deck is shuffled, every
player gets six cards, the first player is drawn by lot; one deck for 2 to 4 players, two for 5 to 8 (or when the
table chooses); development begins with the first player."""

import pytest

from rules_core.errors import MalformedInput
from rules_core.origin.events import CardsDealt, CardsReceived, TurnStarted
from rules_core.origin.state import Phase
from tests.origin.scenario import RULES, of


def test_every_player_gets_six_cards_from_a_shuffled_deck():
    state, events = RULES.new_game(players=["A", "B", "C"], options={}, seed=3)
    assert [len(p.hand) for p in state.players] == [6, 6, 6]
    assert len(state.deck) == 84 - 18
    assert sorted(state.deck + tuple(c for p in state.players for c in p.hand)) == list(range(84))
    assert [e.count for e in of(events, CardsDealt)] == [6, 6, 6]
    assert [e.audience for e in of(events, CardsReceived)] == [frozenset({0}), frozenset({1}), frozenset({2})]
    assert all(not p.animals for p in state.players)


def test_development_begins_with_the_first_player_drawn_by_lot():
    games = [RULES.new_game(players=["A", "B", "C"], options={}, seed=seed) for seed in range(30)]
    assert {g.first_player for g, _ in games} == {0, 1, 2}
    assert len({g.deck for g, _ in games}) == 30
    for state, events in games:
        assert state.phase is Phase.DEVELOPMENT and state.turn == 1
        assert RULES.decisions(state)[0].seat == state.first_player
        assert RULES.decisions(state)[0].kind == "develop" and RULES.decisions(state)[0].uses_secrets
        assert of(events, TurnStarted) == [TurnStarted(1, state.first_player, False)]
    assert RULES.new_game(players=["A", "B", "C"], options={}, seed=7)[0] == games[7][0]


@pytest.mark.parametrize("players, cards", [(2, 84), (4, 84), (5, 168), (8, 168)])
def test_five_to_eight_players_mix_two_decks(players, cards):
    state = RULES.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=1)[0]
    assert len(state.deck) + 6 * players == cards


def test_a_smaller_table_may_choose_two_decks():
    state = RULES.new_game(players=["A", "B"], options={"two_decks": True}, seed=1)[0]
    assert len(state.deck) == 168 - 12


@pytest.mark.parametrize("count", [1, 9])
def test_the_game_takes_two_to_eight_players(count):
    with pytest.raises(MalformedInput) as refused:
        RULES.new_game(players=[f"P{i}" for i in range(count)], options={}, seed=1)
    assert refused.value.code == "player_count"


def test_unknown_options_are_refused():
    with pytest.raises(MalformedInput) as refused:
        RULES.new_game(players=["A", "B"], options={"quick_game": True}, seed=1)
    assert refused.value.code == "unknown_option"
