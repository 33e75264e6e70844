"""The move made for a seat that lets its deadline pass (rules_core/north_star/timeouts.py; docs/rulings.md,
"Timeouts"): food card: the highest food value (lowest id among equals); card play: keep the hand; reveal effects:
the default order (Fertile, Fat Tissue, Long Neck); feeding: the mandatory feeding when the rules demand one
(plant food for the leftmost hungry non-carnivore, else the attack without discards that gives most meat,
preferring other players' species), otherwise stop. No card is ever discarded and no fat stored for the player."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.errors import NotYourDecision
from rules_core.north_star.actions import (
    Attack,
    FinishCardPlay,
    ResolveRevealEffect,
    SelectFoodCard,
    StopFeeding,
    TakePlantFood,
)
from rules_core.north_star.cards import Trait
from rules_core.north_star.events import IntelligenceUsed, SpeciesCreated, TraitPlayedFaceDown
from rules_core.north_star.phases import feeding
from rules_core.north_star.state import Phase
from tests.north_star.helpers import bystander, of, play_until, reveal
from tests.north_star.scenario import RULES, player, scenario, species
from tests.north_star.test_properties import random_game


def test_a_silent_seat_puts_down_its_highest_food_card_lowest_id_first():
    # long_neck#94 and fertile#65 are both worth 8; carnivore#14 is worth -3.
    state = scenario(
        phase="food_cards",
        turn=None,
        players=[player("Ann", species(0), hand=["long_neck#94", "carnivore#14", "fertile#65"]), bystander("Bob")],
    )
    assert RULES.timeout_action(state, 0) == SelectFoodCard(0, 65)


def test_a_silent_seat_keeps_its_hand_in_card_play():
    state = scenario(phase="play_cards", players=[player("Ann", species(0), hand=["horns"]), bystander("Bob")])
    assert RULES.timeout_action(state, 0) == FinishCardPlay(0)


def test_a_silent_seat_orders_its_reveal_effects_fertile_first():
    ann = species(0, body=3, pop=1, fat=3, traits=["fat_tissue", "fertile"])
    state, _ = reveal([player("Ann", ann), player("Bob", species(10, pop=3)), bystander()], watering_hole=2)
    assert state.phase is Phase.REVEAL_EFFECTS
    assert RULES.timeout_action(state, 0) == ResolveRevealEffect(0, 0, Trait.FERTILE)


def test_a_silent_seat_feeds_its_leftmost_hungry_herbivore_when_it_must():
    state = scenario(
        watering_hole=3,
        players=[
            player(
                "Ann",
                species(0, pop=1, food=1),
                species(1, body=3, pop=2, traits=["carnivore"]),
                species(2, pop=2),
                species(3, pop=2),
            ),
            player("Bob", species(10, pop=3)),
            bystander(),
        ],
    )
    assert RULES.timeout_action(state, 0) == TakePlantFood(0, 2)


def test_a_silent_carnivore_attacks_for_the_most_meat_preferring_other_players():
    state = scenario(
        watering_hole=0,
        players=[
            player(
                "Ann",
                species(0, body=4, pop=3, traits=["carnivore", "intelligence"]),
                species(1, body=3, pop=1),
                hand=["horns"],
            ),
            player(
                "Bob",
                species(10, body=1, pop=3),
                species(11, body=2, pop=3),
                species(12, body=3, pop=1, traits=["climbing"]),
            ),
            player("Cy", species(20, body=1, pop=2)),
        ],
    )
    assert RULES.timeout_action(state, 0) == Attack(0, 0, 11)


def test_a_silent_carnivore_avoids_horns_when_another_target_exists():
    # Population 1: a Horns wound would kill it, so the smaller plain prey is chosen over the bigger horned one.
    state = scenario(
        watering_hole=0,
        players=[
            player("Ann", species(0, body=4, pop=1, traits=["carnivore"])),
            player("Bob", species(10, body=3, pop=2, traits=["horns"]), species(11, body=2, pop=2)),
            bystander(),
        ],
    )
    assert RULES.timeout_action(state, 0) == Attack(0, 0, 11)


def test_a_silent_seat_stops_when_nothing_must_be_fed():
    # Fat could be stored and Intelligence used, but neither is done for a silent player.
    state = scenario(
        watering_hole=3,
        players=[
            player("Ann", species(0, body=2, pop=1, food=1, traits=["fat_tissue", "intelligence"]), hand=["horns"]),
            player("Bob", species(10, pop=3)),
            bystander(),
        ],
    )
    assert RULES.timeout_action(state, 0) == StopFeeding(0)


def test_a_silent_carnivore_stops_when_the_food_bank_has_no_meat():
    # A free attack is open, but with the bank empty a carnivore cannot eat, so it need not attack.
    state = scenario(
        watering_hole=0,
        food_bank=0,
        players=[
            player("Ann", species(0, body=4, pop=2, traits=["carnivore"])),
            player("Bob", species(10, body=2, pop=2)),
            bystander(),
        ],
    )
    assert RULES.timeout_action(state, 0) == StopFeeding(0)


def test_a_seat_that_owes_no_decision_has_no_timeout_move():
    state = scenario(watering_hole=3, players=[player("Ann", species(0, pop=2)), bystander("Bob")])
    with pytest.raises(NotYourDecision):
        RULES.timeout_action(state, 1)


def test_timeout_moves_alone_play_a_whole_game_to_its_end():
    state = RULES.new_game(players=["A", "B", "C", "D"], options={}, seed=11)[0]
    state, events = play_until(state, lambda s: False)
    assert state.phase is Phase.GAME_OVER
    assert RULES.outcome(state) is not None
    # No card was spent for a silent player beyond the food card each round.
    assert of(events, IntelligenceUsed) == []
    assert of(events, TraitPlayedFaceDown) == []
    assert of(events, SpeciesCreated) == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=6))
def test_a_silent_seat_feeds_exactly_when_the_rules_say_it_must_and_legally(seed: int, players: int) -> None:
    # The timeout's feeding finds on its own whether a hungry species must eat: it must agree with the rule as
    # ``feeding.must_feed`` states it, in every feeding turn of random games.
    for state, _, _ in random_game(seed, players, quick=False):
        if state.phase is not Phase.FEEDING or state.turn is None:
            continue
        move = RULES.timeout_action(state, state.turn)
        assert (move != StopFeeding(state.turn)) == feeding.must_feed(state, state.turn)
        assert move in RULES.legal_actions(state, state.turn)
