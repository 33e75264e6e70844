"""The end of the game (seed 003, "Завершення гри та визначення переможця"): when the deck runs out while the new
cards are dealt, the discard pile is shuffled into a new deck and the next turn is the last; after the extinction of
the last turn the game is scored and nobody draws."""

from rules_core.origin.actions import Pass
from rules_core.origin.events import CardsDealt, DeckReshuffled, GameEnded, TurnStarted
from rules_core.origin.position import card_name
from rules_core.origin.state import GameState, Phase
from tests.origin.scenario import RULES, animal, of, player, scenario


def end_turn(state: GameState) -> tuple[GameState, list[object]]:
    events: list[object] = []
    turn = state.turn
    while state.phase is Phase.FEEDING and state.turn == turn:
        state, more = RULES.apply(state, Pass(RULES.decisions(state)[0].seat))
        events.extend(more)
    return state, events


def table(deck: list[int]) -> GameState:
    """Ann and Bob with a fed animal each (on cards 82 and 83), ``deck`` as the deck, every other card discarded."""
    return scenario(
        food_base=0,
        deck=[card_name(c) for c in deck],
        discard=[card_name(c) for c in range(82) if c not in deck],
        players=[
            player("Ann", animal(0, food=1, card=card_name(82))),
            player("Bob", animal(1, food=1, card=card_name(83))),
        ],
    )


def test_when_the_deck_runs_out_the_discard_pile_becomes_the_deck_and_the_next_turn_is_the_last():
    state, events = end_turn(table([0, 1, 2]))
    assert of(events, CardsDealt) == [CardsDealt(0, 2), CardsDealt(1, 2)]
    assert of(events, DeckReshuffled) == [DeckReshuffled(79)]
    assert of(events, TurnStarted) == [TurnStarted(2, 1, True)]
    assert state.last_turn and len(state.deck) == 78 and state.discard == ()
    assert state.players[0].hand == (0, 1) and state.players[1].hand[0] == 2


def test_a_deck_that_runs_out_exactly_is_reshuffled_too():
    state, events = end_turn(table([0, 1, 2, 3]))
    assert of(events, DeckReshuffled) == [DeckReshuffled(78)] and state.last_turn


def test_a_deck_that_does_not_run_out_leaves_the_next_turn_an_ordinary_one():
    state, events = end_turn(table([0, 1, 2, 3, 4]))
    assert of(events, DeckReshuffled) == [] and not state.last_turn and state.deck == (4,)


def test_after_the_last_turn_the_game_is_scored_and_nobody_draws():
    state = scenario(
        food_base=0,
        last_turn=True,
        players=[player("Ann", animal(0, food=1), animal(2)), player("Bob", animal(1, food=1))],
    )
    state, events = end_turn(state)
    assert state.phase is Phase.GAME_OVER
    assert of(events, CardsDealt) == [] and of(events, GameEnded) == [GameEnded((0, 1))]
    assert RULES.decisions(state) == ()
    outcome = RULES.outcome(state)
    assert outcome is not None and [s.score for s in outcome.standings] == [2, 2]
