"""Ambush (ZASADZKA), seed 001, as a standing order: the owner arms a carnivore's Ambush in advance; when another
player takes a red token for an animal the ambusher may attack, it attacks first; eaten, the token stays in the food
base; alive, the animal gets it; the prey may not hide in its Shell; once a turn."""

from rules_core.engine import Decision
from rules_core.origin.actions import Attack, Hide, Run, SetAmbush, SetAnglerfish, TakeFood
from rules_core.origin.cards import Trait
from rules_core.origin.events import AmbushSet, AnimalAttacked, AnimalEaten, FoodTaken
from rules_core.origin.state import GameState, Orders
from tests.origin.scenario import RULES, animal, expanded, of, play, player, refusal_code, scenario


def armed(bob: tuple[dict[str, object], ...], script: list[int] | None) -> GameState:
    state = expanded(
        food_base=3,
        active=1,
        rng={"seed": 0, "script": script or []},
        players=[player("Ann", animal(0, "carnivore", "ambush")), player("Bob", *bob)],
    )
    state, _ = RULES.apply(state, SetAmbush(0, 0, True))
    return state


def test_the_owner_arms_an_ambush_in_advance_and_only_the_owner_knows():
    state = expanded(
        food_base=3, players=[player("Ann", animal(0, "carnivore", "ambush")), player("Bob", animal(1))], active=1
    )
    assert SetAmbush(0, 0, True) in RULES.legal_actions(state, 0)
    state, events = RULES.apply(state, SetAmbush(0, 0, True))
    assert events == (AmbushSet(0, 0, True),) and events[0].audience == frozenset({0})
    assert RULES.seat_view(state, 0).orders == Orders(ambush=(0,))
    assert "ambush=" not in repr(RULES.public_view(state)) and RULES.seat_view(state, 1).orders == Orders()
    assert SetAmbush(0, 0, False) in RULES.legal_actions(state, 0)
    assert refusal_code(state, SetAmbush(0, 0, True)) == "order_set"
    assert refusal_code(state, SetAmbush(1, 1, True)) == "no_ambush"


def test_standing_orders_are_opportunities_nobody_waits_for():
    state = expanded(food_base=3, players=[player("Ann", animal(0)), player("Bob", animal(1))])
    assert RULES.decisions(state) == (
        Decision(0, "feed"),
        Decision(0, "orders", opportunity=True),
        Decision(1, "orders", opportunity=True),
    )
    assert RULES.duties(state) == (Decision(0, "feed"),)
    assert RULES.legal_actions(state, 1) == (SetAnglerfish(1, False),)
    base = scenario(food_base=3, players=[player("Ann", animal(0)), player("Bob", animal(1))])
    assert RULES.decisions(base) == (Decision(0, "feed"),) and RULES.legal_actions(base, 1) == ()


def test_an_armed_ambusher_attacks_the_animal_a_rival_takes_food_for_and_the_token_stays_if_it_is_eaten():
    state = armed((animal(1), animal(2)), None)
    state, events = RULES.apply(state, TakeFood(1, 1))
    (attacked,) = of(events, AnimalAttacked)
    assert (attacked.seat, attacked.carnivore, attacked.target, attacked.ambush) == (0, 0, 1, True)
    assert of(events, AnimalEaten)[0].prey == 1
    assert state.food_base == 3 and not [e for e in of(events, FoodTaken) if e.source == "food_base"]


def test_the_prey_that_lives_gets_its_token():
    state = armed((animal(1, "running"),), [5])
    state, events = play(state, TakeFood(1, 1))
    if not of(events, FoodTaken):
        state, events = play(state, Run(1))
    assert [(e.animal, e.source) for e in of(events, FoodTaken)] == [(1, "food_base")]
    assert state.food_base == 2


def test_the_prey_may_not_hide_in_its_shell():
    state = armed((animal(1, "shell", "tail_loss"),), None)
    state, _ = RULES.apply(state, TakeFood(1, 1))
    assert Hide(1) not in RULES.legal_actions(state, 1)


def test_once_a_turn_it_is_the_ambushers_attack_of_the_turn():
    state = armed((animal(1), animal(2)), None)
    state, _ = RULES.apply(state, TakeFood(1, 1))
    hunter = state.animal(0)
    assert hunter.trait_card(Trait.CARNIVORE).used and hunter.trait_card(Trait.AMBUSH).used  # type: ignore[union-attr]


def test_a_disarmed_ambusher_or_one_that_may_not_attack_the_animal_lets_the_take_be():
    state = armed((animal(1, "swimming"),), None)
    _, events = RULES.apply(state, TakeFood(1, 1))
    assert not of(events, AnimalAttacked)
    state = armed((animal(1),), None)
    state, _ = RULES.apply(state, SetAmbush(0, 0, False))
    _, events = RULES.apply(state, TakeFood(1, 1))
    assert not of(events, AnimalAttacked)


def test_no_ambush_on_the_owners_own_take():
    state = expanded(
        food_base=3, players=[player("Ann", animal(0, "carnivore", "ambush"), animal(1)), player("Bob", animal(2))]
    )
    state, _ = RULES.apply(state, SetAmbush(0, 0, True))
    _, events = RULES.apply(state, TakeFood(0, 1))
    assert not of(events, AnimalAttacked)
    assert Attack(0, 0, 2) in RULES.legal_actions(state, 0)
