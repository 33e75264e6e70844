"""Feeding (seed 000, "4. FÁZIS, 2. A fajok etetése", "Fontos etetési szabályok", "3. Az etetés vége"): starting
with the first player and going clockwise, each player in turn MUST feed one of their hungry species (less food
than population); a non-carnivore takes 1 plant food from the watering hole; no species ever gets more food than
its population; "Egy fajnak muszáj ennie ha még éhes, és van még élelem" (a species must eat while it is hungry and
food remains). Rulings ("Mandatory and optional feeding"): a player may stop only when no hungry species of theirs
can eat without a card; stopping takes them out for the round; a player with nothing to feed is skipped."""

import pytest

from rules_core.north_star.actions import Attack, StopFeeding, TakePlantFood
from rules_core.north_star.events import FeedingEnded, FeedingStopped, FoodTaken
from rules_core.north_star.phases import feeding
from rules_core.north_star.state import GameState, Phase
from tests.north_star.helpers import bystander, of, refusal_code, reveal
from tests.north_star.scenario import RULES, player, scenario, species


def _three(*, watering_hole: int = 5, turn: int = 0, bob=None, **fields) -> GameState:
    return scenario(
        watering_hole=watering_hole,
        turn=turn,
        players=[
            player("Ann", species(0, pop=3), species(1, pop=2, food=2, traits=["fat_tissue"])),
            bob or player("Bob", species(10, pop=3)),
            player("Cy", species(20, pop=3)),
        ],
        **fields,
    )


def test_feeding_starts_with_the_first_player():
    state, _ = reveal(
        [player("Ann", species(0, pop=3)), player("Bob", species(10, pop=3)), player("Cy", species(20, pop=3))],
        first_player=1,
        watering_hole=5,
    )
    assert state.phase is Phase.FEEDING
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(1, "feed")]


def test_a_herbivore_takes_one_plant_food_from_the_watering_hole():
    state, events = RULES.apply(_three(), TakePlantFood(0, 0))
    assert state.species(0).food == 1
    assert state.watering_hole == 4
    assert of(events, FoodTaken) == [FoodTaken(0, 0, "watering_hole", "plant", 1, 0, "feeding")]


def test_each_player_feeds_one_species_then_the_turn_passes_clockwise():
    state = _three(turn=2)
    state, _ = RULES.apply(state, TakePlantFood(2, 20))
    assert state.turn == 0
    assert refusal_code(state, TakePlantFood(2, 20)) == "not_your_turn"
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert state.turn == 1


def test_a_player_must_feed_a_hungry_species_that_can_eat():
    assert refusal_code(_three(), StopFeeding(0)) == "must_feed"


def test_a_player_may_stop_when_no_hungry_species_can_eat():
    # Empty watering hole: Ann's hungry herbivore cannot eat; she could still store fat, but need not.
    _, events = RULES.apply(_three(watering_hole=0), StopFeeding(0))
    assert of(events, FeedingStopped) == [FeedingStopped(0)]


def test_a_stopped_player_gets_no_more_turns_this_round():
    bob = player("Bob", species(10, pop=1, food=1, traits=["fat_tissue"]), species(11, pop=1, food=1))
    state = _three(turn=1, bob=bob)
    state, _ = RULES.apply(state, StopFeeding(1))
    turns = []
    for _ in range(4):
        turns.append(state.turn)
        seat = state.turn
        assert seat is not None
        hungry = next(s for s in state.players[seat].species if s.hungry)
        state, _ = RULES.apply(state, TakePlantFood(seat, hungry.id))
    assert turns == [2, 0, 2, 0]


def test_a_player_with_nothing_to_feed_is_skipped():
    bob = player("Bob", species(10, pop=2, food=2))
    state, _ = RULES.apply(_three(bob=bob), TakePlantFood(0, 0))
    assert state.turn == 2


def test_no_species_takes_food_beyond_its_population():
    bob = player("Bob", species(10, pop=2, food=2), species(11, pop=2))
    state = _three(turn=1, bob=bob)
    assert refusal_code(state, TakePlantFood(1, 10)) == "species_full"


def test_a_player_feeds_only_their_own_species():
    assert refusal_code(_three(), TakePlantFood(0, 10)) == "not_your_species"


def test_plant_food_needs_plant_food_on_the_watering_hole():
    state = scenario(
        watering_hole=0,
        players=[
            player("Ann", species(0, body=3, pop=2, traits=["carnivore"]), species(1, pop=2)),
            player("Bob", species(10, pop=3)),
            bystander(),
        ],
    )
    assert refusal_code(state, TakePlantFood(0, 1)) == "watering_hole_empty"


def test_feeding_ends_when_nobody_can_eat_any_more():
    state = scenario(
        watering_hole=2,
        players=[
            player("Ann", species(0, pop=1)),
            player("Bob", species(10, pop=1, food=1)),
            player("Cy", species(20, pop=1, food=1)),
        ],
    )
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    assert of(events, FeedingEnded) == [FeedingEnded(1)]
    assert state.round == 2
    assert state.phase is Phase.FOOD_CARDS


def test_a_hungry_carnivore_need_not_attack_when_the_food_bank_is_empty():
    # "muszáj ennie ha még éhes, és van még élelem": with no meat left, an attack feeds nobody; the player may stop.
    state = scenario(
        watering_hole=5,
        food_bank=0,
        players=[
            player("Ann", species(0, body=3, pop=2, traits=["carnivore"])),
            player("Bob", species(1, body=1, pop=2)),
            bystander(),
        ],
    )
    state, events = RULES.apply(state, StopFeeding(0))
    assert of(events, FeedingStopped) == [FeedingStopped(0)]
    assert state.species(1).population == 2


def test_a_hungry_carnivore_with_a_target_must_attack():
    state = scenario(
        watering_hole=0,
        players=[
            player("Ann", species(0, body=3, pop=2, traits=["carnivore"])),
            player("Bob", species(1, body=1, pop=2)),
            bystander(),
        ],
    )
    assert refusal_code(state, StopFeeding(0)) == "must_feed"
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.species(0).food == 1


def test_feeding_is_refused_outside_the_feeding_phase():
    state = scenario(phase="play_cards", turn=0, players=[player("Ann", species(0), hand=["horns"]), bystander("Bob")])
    assert refusal_code(state, TakePlantFood(0, 0)) == "wrong_phase"


def test_plant_food_moves_made_once_are_offered_again_and_the_store_stays_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Move generation hands out a plant-food move it made before (``actions.keep``), emptying its store when full.
    monkeypatch.setattr(feeding, "_TAKES", {})
    monkeypatch.setattr(feeding, "_TAKES_HELD", 1)
    state = _three()
    first = RULES.legal_actions(state, 0)
    assert TakePlantFood(0, 0) in first and len(feeding._TAKES) == 1
    again = RULES.legal_actions(state, 0)
    assert again == first and all(a is b for a, b in zip(again, first, strict=True) if isinstance(a, TakePlantFood))
