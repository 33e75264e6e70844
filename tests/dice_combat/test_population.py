"""Population (seed 004, rule 6.c-d, 5.p.ii): bought with food at any moment, never above Energy."""

from __future__ import annotations

from rules_core.dice_combat.actions import BuyPopulation, Pass, PlayEvolution
from rules_core.dice_combat.events import PopulationBought, PopulationLost
from rules_core.dice_combat.state import GameState
from rules_core.engine import Decision
from tests.dice_combat.helpers import RULES, card, energy, of, play, player, refusal, scenario, species_id

PRICE = energy("sabre_tooth")


def _state(ann_food: int = PRICE, ann_pop: int = 1) -> GameState:
    """Bob's evolution turn; Ann owes nothing."""
    return scenario(
        players=[
            player("Ann", "sabre_tooth", pop=ann_pop, food=ann_food),
            player("Bob", "bison_herd", hand=["claws"]),
        ],
        phase="evolution",
        turn=1,
        starting_player=1,
        free_card=True,
    )


def test_a_point_may_be_bought_at_any_moment_for_food_equal_to_energy() -> None:
    state = _state()
    assert RULES.duties(state) == (Decision(1, "evolve", uses_secrets=True),)
    assert Decision(0, "buy_population", opportunity=True) in RULES.decisions(state)
    assert RULES.legal_actions(state, 0) == (BuyPopulation(0),)
    after, events = play(state, BuyPopulation(0))
    assert of(events, PopulationBought) == [PopulationBought(0, 2, 0)]
    # Buying changes nobody's turn: Bob still decides.
    assert RULES.duties(after) == RULES.duties(state)


def test_the_seat_whose_decision_it_is_may_buy_too() -> None:
    state = scenario(
        players=[player("Ann", "sabre_tooth", pop=1, food=PRICE, hand=["claws"]), player("Bob", "bison_herd")],
        phase="evolution",
        turn=0,
        free_card=True,
    )
    assert BuyPopulation(0) in RULES.legal_actions(state, 0)
    state, _ = play(state, BuyPopulation(0))
    assert state.turn == 0 and state.players[0].population == 2


def test_never_above_energy_and_never_without_the_food() -> None:
    assert refusal(_state(ann_pop=PRICE), BuyPopulation(0)).code == "population_at_energy"
    assert refusal(_state(ann_food=PRICE - 1), BuyPopulation(0)).code == "not_enough_food"
    state = _state(ann_food=PRICE - 1)
    assert all(d.seat != 0 for d in RULES.decisions(state))
    assert RULES.legal_actions(state, 0) == ()


def test_the_game_never_waits_for_a_purchase_and_its_timeouts_never_buy() -> None:
    state = _state()
    assert RULES.to_decide(state) == frozenset({1})
    assert RULES.timeout_action(state, 1) == Pass(1)


def test_an_energy_that_falls_below_the_population_cuts_the_population() -> None:
    # Lean Metabolism on a species at its Energy: one point less of each.
    bison = energy("bison_herd")
    state = scenario(
        players=[player("Ann", "sabre_tooth", hand=["lean_metabolism"]), player("Bob", "bison_herd", pop=bison)],
        phase="evolution",
        turn=0,
        free_card=True,
    )
    lean = card(state, 0, "lean_metabolism")
    state, events = play(state, PlayEvolution(0, lean, species_id("bison_herd")))
    assert of(events, PopulationLost) == [PopulationLost(1, 1, bison - 1, "energy")]
