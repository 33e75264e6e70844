"""Phase 2, food cards (seed 000, "2. FÁZIS: ÉLELEMVÁLASZTÁS"): every player secretly picks one trait card from the
hand and puts it face down on the watering hole; the number in its corner is plant food, counted when feeding
starts. Ruling: a player with no card puts none."""

from rules_core.north_star.actions import FinishCardPlay, SelectFoodCard
from rules_core.north_star.events import FoodCardChosen, FoodCardPicked
from rules_core.north_star.state import GameState, Phase
from tests.north_star.helpers import refusal_code
from tests.north_star.scenario import RULES, player, scenario, species


def _picking(**fields) -> GameState:
    return scenario(
        phase="food_cards",
        turn=None,
        players=[
            player("Ann", species(0), hand=["horns", "long_neck"]),
            player("Bob", species(1), hand=["fertile", "foraging"]),
            player("Cy", species(2), hand=["climbing", "ambush"]),
        ],
        **fields,
    )


def test_everybody_picks_at_the_same_time():
    assert sorted((d.seat, d.kind) for d in RULES.decisions(_picking())) == [
        (0, "food_card"),
        (1, "food_card"),
        (2, "food_card"),
    ]


def test_the_food_card_leaves_the_hand_and_lies_secretly_on_the_watering_hole():
    state = _picking()
    card = state.players[2].hand[1]
    state, events = RULES.apply(state, SelectFoodCard(2, card))
    assert state.players[2].food_card == card
    assert card not in state.players[2].hand
    chosen, picked = events
    assert chosen == FoodCardChosen(2) and chosen.audience is None
    assert picked == FoodCardPicked(2, card) and picked.audience == frozenset({2})
    table = RULES.public_view(state)
    assert table.players[2].food_card_chosen
    assert "food_card" not in type(table.players[2]).__dataclass_fields__
    assert RULES.seat_view(state, 2).food_card == card
    assert RULES.seat_view(state, 0).food_card is None


def test_the_card_must_be_in_the_hand_and_each_player_picks_once():
    state = _picking()
    assert refusal_code(state, SelectFoodCard(0, state.players[1].hand[0])) == "card_not_in_hand"
    state, _ = RULES.apply(state, SelectFoodCard(0, state.players[0].hand[0]))
    assert refusal_code(state, SelectFoodCard(0, state.players[0].hand[0])) == "already_decided"


def test_a_player_without_cards_picks_no_food_card():
    state = scenario(
        phase="food_cards",
        turn=None,
        players=[player("Ann", species(0), hand=["horns"]), player("Bob", species(1)), player("Cy", species(2))],
    )
    assert [d.seat for d in RULES.decisions(state)] == [0]
    state, _ = RULES.apply(state, SelectFoodCard(0, state.players[0].hand[0]))
    assert state.players[1].food_card is None


def test_card_play_starts_with_the_first_player_once_everybody_has_picked():
    state = _picking(first_player=1)
    for seat in (0, 1, 2):
        state, _ = RULES.apply(state, SelectFoodCard(seat, state.players[seat].hand[0]))
    assert state.phase is Phase.PLAY_CARDS
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(1, "play_cards")]
    assert refusal_code(state, FinishCardPlay(0)) == "not_your_turn"
