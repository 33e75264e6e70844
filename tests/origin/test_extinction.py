"""Extinction and new cards (seed 003, "Фаза вимирання та отримання нових карт"): every animal not fed dies with its
traits and the paired traits joining it; so does a poisoned carnivore; each player then draws one card more than
their surviving animals, or six with neither animals nor cards; the tokens come off the animals except the yellow
ones; the next turn begins with the player to the left of this turn's first player."""

from typing import Any

from rules_core.origin.actions import Pass
from rules_core.origin.events import AnimalDied, CardsDealt, FirstPlayerPassed, FoodCleared, TurnStarted
from rules_core.origin.state import GameState, Phase
from tests.origin.scenario import RULES, animal, of, player, scenario


def end_of_feeding(*players: dict[str, Any], **fields: Any) -> tuple[GameState, list[object]]:
    """With the food base empty, everybody still in the feeding passes: the feeding, and the turn, end."""
    state = scenario(food_base=0, players=list(players), **fields)
    events: list[object] = []
    while state.phase is Phase.FEEDING:
        state, more = RULES.apply(state, Pass(RULES.decisions(state)[0].seat))
        events.extend(more)
    return state, events


def test_unfed_animals_die_with_their_cards_and_fed_ones_live():
    state, events = end_of_feeding(
        player("Ann", animal(0, "big#40", food=1, card="swimming#0"), animal(1, food=1)),
        player("Bob", animal(2, "hibernation", hibernating=True), animal(3, "fat_tissue#56", fat=1, card="swimming#1")),
    )
    died = {e.animal: (e.cause, e.discarded) for e in of(events, AnimalDied)}
    assert died == {0: ("starvation", (0, 40)), 3: ("starvation", (1, 56))}
    assert {a.id for _, a in state.all_animals()} == {1, 2}
    assert {0, 40, 1, 56} <= set(state.discard)


def test_each_player_draws_one_more_card_than_animals_left_or_six_with_nothing():
    _, events = end_of_feeding(
        player("Ann", animal(0, food=1), animal(1, food=1), hand=["swimming"]),
        player("Bob", animal(2)),
        player("Cy", hand=["running"]),
    )
    dealt = {e.seat: e.count for e in of(events, CardsDealt)}
    assert dealt == {0: 3, 1: 6, 2: 1}


def test_tokens_come_off_the_animals_but_yellow_ones_stay():
    state, events = end_of_feeding(
        player("Ann", animal(0, "fat_tissue", food=1, fat=1)), player("Bob", animal(1, food=1))
    )
    assert (state.animal(0).food, state.animal(0).fat) == (0, 1)
    assert of(events, FoodCleared) == [FoodCleared(2)]


def test_the_next_turn_begins_with_the_player_to_the_left_and_development():
    state, events = end_of_feeding(
        player("Ann", animal(0, food=1)), player("Bob", animal(1, food=1)), player("Cy", animal(2, food=1))
    )
    assert of(events, FirstPlayerPassed) == [FirstPlayerPassed(1)]
    assert of(events, TurnStarted) == [TurnStarted(2, 1, False)]
    assert state.phase is Phase.DEVELOPMENT and state.active == 1 and state.turn == 2


def test_cards_turned_sideways_turn_upright_and_flags_are_cleared():
    state, _ = end_of_feeding(
        player("Ann", animal(0, "carnivore:used", "piracy:used", food=2, attacked=True)),
        player("Bob", animal(1, food=1)),
    )
    a = state.animal(0)
    assert not any(t.used for t in a.traits) and not a.attacked
