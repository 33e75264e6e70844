"""Phase 1, dealing (seed 000, "1. FÁZIS: KÁRTYAOSZTÁS"): every player gets three cards plus one for every species in
front of them. "Ha eközben elfogy a húzópakli és keverni kell, akkor ez lesz a játék utolsó fordulója": if the deck
runs out meanwhile and must be reshuffled, this is the last round. A reshuffle at any other time means one more full
round ("JÁTÉK VÉGI PONTOZÁS"). Ruling: cards are dealt one player at a time from the first player clockwise."""

from rules_core.copying import evolve
from rules_core.north_star.actions import TakePlantFood
from rules_core.north_star.events import CardsDealt, DeckReshuffled, RoundStarted
from rules_core.north_star.state import GameState
from tests.north_star.helpers import of
from tests.north_star.scenario import RULES, player, scenario, species


def _round_about_to_end(**fields) -> GameState:
    """Ann takes the last plant food: the round ends and the next one is dealt. Ann has 2 species, Bob 1, Cy 3."""
    return scenario(
        watering_hole=1,
        players=[
            player("Ann", species(0, pop=1), species(1, pop=1, food=1)),
            player("Bob", species(10, pop=1, food=1)),
            player("Cy", species(20, pop=1, food=1), species(21, pop=1, food=1), species(22, pop=1, food=1)),
        ],
        **fields,
    )


def _with_deck(state: GameState, size: int) -> GameState:
    """Leave ``size`` cards in the deck; the rest go to the discard pile."""
    cards = state.deck + state.discard
    return evolve(state, deck=cards[:size], discard=cards[size:])


def test_each_player_gets_three_cards_plus_one_per_species():
    state, events = RULES.apply(_round_about_to_end(), TakePlantFood(0, 0))
    assert [len(p.hand) for p in state.players] == [5, 4, 6]
    assert [(e.seat, e.count) for e in of(events, CardsDealt)] == [(1, 4), (2, 6), (0, 5)]


def test_dealing_starts_with_the_first_player():
    state = _round_about_to_end()
    top = state.deck[:15]
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert state.first_player == 1  # the token passed at the end of the round
    assert state.players[1].hand == top[:4]
    assert state.players[2].hand == top[4:10]
    assert state.players[0].hand == top[10:15]


def test_a_reshuffle_while_dealing_makes_this_round_the_last():
    state = _with_deck(_round_about_to_end(), 7)
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    assert of(events, DeckReshuffled)[0].last_round == "this"
    assert of(events, RoundStarted) == [RoundStarted(2, 1, True)]
    assert state.last_round
    assert [len(p.hand) for p in state.players] == [5, 4, 6]  # the deal goes on from the reshuffled pile


def test_a_deck_that_runs_out_exactly_without_a_reshuffle_does_not_end_the_game():
    state = _with_deck(_round_about_to_end(), 15)
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    assert state.deck == ()
    assert of(events, DeckReshuffled) == []
    assert not state.last_round


def test_a_round_announced_by_an_earlier_reshuffle_is_the_last():
    state, events = RULES.apply(_round_about_to_end(next_round_last=True), TakePlantFood(0, 0))
    assert of(events, RoundStarted) == [RoundStarted(2, 1, True)]
    assert state.last_round and not state.next_round_last
