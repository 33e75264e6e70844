"""Kleptoplasty (KLEPTOPLASTIA), seed 001 ("Darwin's Day"): 2 points off at the end for each surviving animal with
it; once a turn (the project's effect: a hungry animal gets a blue token in its owner's feeding turn)."""

from rules_core.origin.actions import Photosynthesize
from rules_core.origin.events import FoodTaken
from rules_core.origin.scoring import outcome, score_parts
from tests.origin.scenario import RULES, animal, expanded, of, player, refusal_code


def test_a_hungry_animal_with_kleptoplasty_gets_a_blue_token_once_a_turn():
    state = expanded(food_base=0, players=[player("Ann", animal(0, "kleptoplasty", "big")), player("Bob", animal(1))])
    assert Photosynthesize(0, 0) in RULES.legal_actions(state, 0)
    state, events = RULES.apply(state, Photosynthesize(0, 0))
    assert of(events, FoodTaken) == [FoodTaken(0, 0, "supply", False, "kleptoplasty")]
    used = expanded(food_base=0, players=[player("Ann", animal(0, "kleptoplasty:used")), player("Bob")])
    assert refusal_code(used, Photosynthesize(0, 0)) == "trait_used"
    fed = expanded(food_base=0, players=[player("Ann", animal(0, "kleptoplasty", food=1)), player("Bob")])
    assert refusal_code(fed, Photosynthesize(0, 0)) == "cannot_eat"


def test_each_surviving_animal_with_it_costs_two_points():
    state = expanded(
        phase="game_over",
        active=None,
        players=[player("Ann", animal(0, "kleptoplasty"), animal(2, "kleptoplasty")), player("Bob", animal(1))],
    )
    assert score_parts(state.players[0]) == (4, 2, 0, -4)
    scored = outcome(state)
    assert [s.score for s in sorted(scored.standings, key=lambda s: s.seat)] == [2, 2]
    ann = next(s for s in scored.standings if s.seat == 0)
    assert dict(ann.details)["kleptoplasty"] == -4
