"""The feeding phase (seed 003, "Фаза харчування"): in rounds from the first player, each player takes one red token
from the food base for one of their animals, or uses a trait instead (an attack, fat turned into food), and may use
Stomper, Piracy or Hibernation with the take or instead of it; a fed animal takes no token except onto Fat Tissue;
while the food base holds a token one of their animals may take, a player may not pass before doing something; a
pass ends the player's feeding for the phase; the phase ends when every animal is fed and full, or nobody can do
anything more; the food base left is discarded."""

from rules_core.origin.actions import Attack, EndTurn, Pass, Stomp, TakeFood
from rules_core.origin.events import FeedingEnded, FeedingTurnEnded, FoodTaken, Passed
from rules_core.origin.phases import feeding
from rules_core.origin.state import Phase
from tests.origin.scenario import RULES, animal, link, of, play, player, refusal_code, scenario


def test_a_player_takes_one_red_token_for_an_animal_and_the_turn_passes_on():
    state = scenario(food_base=5, players=[player("Ann", animal(0), animal(1)), player("Bob", animal(2))])
    state, events = RULES.apply(state, TakeFood(0, 1))
    assert state.animal(1).food == 1 and state.food_base == 4
    assert of(events, FoodTaken) == [FoodTaken(0, 1, "food_base", False, "food_base")]
    assert state.active == 1


def test_one_red_token_a_turn():
    state = scenario(
        food_base=5, players=[player("Ann", animal(0), animal(1), animal(2, "stomper")), player("Bob", animal(3))]
    )
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert state.active == 0  # Stomper may still be used in this turn
    assert TakeFood(0, 1) not in RULES.legal_actions(state, 0)
    assert refusal_code(state, TakeFood(0, 1)) == "took"


def test_rounds_go_clockwise_from_the_first_player():
    state = scenario(
        food_base=9,
        first_player=1,
        active=1,
        players=[player("Ann", animal(0, "big")), player("Bob", animal(1, "big")), player("Cy", animal(2, "big"))],
    )
    order = []
    for _ in range(5):
        seat = RULES.decisions(state)[0].seat
        order.append(seat)
        state, _ = RULES.apply(state, TakeFood(seat, seat))
    assert order == [1, 2, 0, 1, 2]


def test_a_fed_animal_takes_no_token_except_onto_fat_tissue():
    state = scenario(
        food_base=5,
        players=[player("Ann", animal(0, food=1), animal(1, "fat_tissue", food=1)), player("Bob", animal(2))],
    )
    assert refusal_code(state, TakeFood(0, 0)) == "cannot_eat"
    state, events = RULES.apply(state, TakeFood(0, 1))
    assert (state.animal(1).food, state.animal(1).fat) == (1, 1)
    assert of(events, FoodTaken)[0].stored


def test_a_player_who_may_take_food_must_do_something():
    state = scenario(food_base=2, players=[player("Ann", animal(0)), player("Bob", animal(1))])
    assert Pass(0) not in RULES.legal_actions(state, 0)
    assert refusal_code(state, Pass(0)) == "must_take"
    assert refusal_code(state, EndTurn(0)) == "nothing_done"


def test_a_player_who_cannot_take_food_may_pass_and_is_out_for_the_phase():
    # Ann's carnivore could attack, but need not: the food base is empty.
    state = scenario(
        food_base=0,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1), animal(2), animal(4, "carnivore"), animal(6, "carnivore")),
        ],
    )
    assert Pass(0) in RULES.legal_actions(state, 0)
    state, events = RULES.apply(state, Pass(0))
    assert of(events, Passed) == [Passed(0, "feeding")]
    state, _ = RULES.apply(state, Attack(1, 4, 1))
    assert state.phase is Phase.FEEDING
    assert state.active == 1  # Ann has passed: Bob goes again
    assert state.players[0].passed


def test_a_turn_with_nothing_more_to_do_ends_by_itself_and_the_player_comes_back_next_round():
    state = scenario(
        food_base=0,
        players=[
            player("Ann", animal(0, "carnivore"), animal(3, "carnivore")),
            player("Bob", animal(1), animal(2), animal(4)),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    # Nothing else for Ann this turn; Bob can do nothing and is skipped; the next round is Ann's again.
    assert (state.active, state.took) == (0, False)
    assert RULES.legal_actions(state, 0) == (Attack(0, 3, 0), Attack(0, 3, 2), Attack(0, 3, 4), Pass(0))


def test_end_turn_keeps_the_player_in_the_phase():
    state = scenario(
        food_base=4,
        players=[player("Ann", animal(0, "stomper"), animal(1, "big")), player("Bob", animal(2, "big"))],
    )
    state, _ = RULES.apply(state, TakeFood(0, 1))
    assert set(RULES.legal_actions(state, 0)) == {Stomp(0, 0), EndTurn(0)}
    state, events = RULES.apply(state, EndTurn(0))
    assert of(events, FeedingTurnEnded) == [FeedingTurnEnded(0)]
    state, _ = RULES.apply(state, TakeFood(1, 2))
    assert state.active == 0 and not state.players[0].passed


def test_a_player_with_nothing_to_do_is_skipped():
    state = scenario(
        food_base=5,
        players=[player("Ann", animal(0, "big")), player("Bob", animal(1, food=1)), player("Cy", animal(2))],
    )
    state, _ = RULES.apply(state, TakeFood(0, 0))
    assert state.active == 2


def test_feeding_ends_when_every_animal_is_fed_and_full_and_the_food_base_left_is_discarded():
    state = scenario(
        food_base=6,
        players=[player("Ann", animal(0), animal(5, "stomper", food=1)), player("Bob", animal(1, food=1))],
    )
    state, events = RULES.apply(state, TakeFood(0, 0))
    assert of(events, FeedingEnded) == [FeedingEnded(5)]
    assert state.phase is Phase.DEVELOPMENT and state.food_base == 0


def test_feeding_ends_when_the_food_base_is_empty_and_nobody_acts():
    state = scenario(food_base=1, players=[player("Ann", animal(0), animal(1)), player("Bob", animal(2))])
    state, events = play(state, TakeFood(0, 0))
    assert of(events, FeedingEnded) == [FeedingEnded(0)]
    assert state.turn == 2


def test_a_carnivore_attacks_instead_of_taking_food():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore"), animal(3, "stomper")), player("Bob", animal(1))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.active == 0 and state.took
    assert TakeFood(0, 3) not in RULES.legal_actions(state, 0)
    assert set(RULES.legal_actions(state, 0)) == {Stomp(0, 3), EndTurn(0)}


def test_a_new_round_turns_upright_only_what_a_round_undoes_and_copies_only_those_players():
    # Stomper's card and paired traits turn upright each round; a card used for the turn (Carnivore) stays sideways.
    state = scenario(
        food_base=5,
        players=[
            player("Ann", animal(0, "stomper:used", "carnivore:used"), animal(1)),
            player("Bob", animal(2), animal(3), links=[link("cooperation", 2, 3, used=True)]),
            player("Cy", animal(4, "carnivore:used")),
        ],
    )
    after = feeding.new_round(state)
    assert [(t.trait.value, t.used) for t in after.animal(0).traits] == [("stomper", False), ("carnivore", True)]
    assert not after.players[1].links[0].used
    assert after.players[2] is state.players[2]
    assert state.animal(0).traits[0].used and state.players[1].links[0].used  # the state held is unchanged
    # With nothing a round undoes, the state is kept as it is (it was copied whole each round).
    assert feeding.new_round(after) is after
