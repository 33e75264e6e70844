"""Extinction (seed 000, "KIHALÁS"): when a species' population drops to 0 it goes extinct: its board and all its
trait cards are discarded and its owner draws as many cards as were discarded; if the deck runs out and the discard
pile must be reshuffled, the next round is the last; all the food on a species killed by a carnivore goes into its
owner's food bag. "3. Az etetés vége": a species that ate nothing goes extinct (starvation)."""

from rules_core.copying import evolve
from rules_core.north_star.actions import Attack, TakePlantFood
from rules_core.north_star.events import (
    CardsDealt,
    DeckReshuffled,
    GameEnded,
    RoundStarted,
    SpeciesWentExtinct,
)
from rules_core.north_star.state import GameState
from tests.north_star.helpers import bystander, of, play_until
from tests.north_star.scenario import RULES, player, scenario, species


def _attack_table(prey_traits=("horns", "climbing"), *, food: int = 0) -> GameState:
    return scenario(
        watering_hole=5,
        players=[
            player("Ann", species(0, body=4, pop=3, traits=["carnivore", "climbing"])),
            player("Bob", species(1, body=2, pop=1, food=food, traits=list(prey_traits)), species(2, pop=3)),
            bystander(),
        ],
    )


def test_a_species_attacked_to_zero_goes_extinct_and_its_owner_draws_a_card_per_trait_card():
    state = _attack_table(("long_neck", "fat_tissue"), food=1)
    traits = tuple(t.card for t in state.species(1).traits)
    deck_top = state.deck[:2]
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert [s.id for s in state.players[1].species] == [2]
    assert of(events, SpeciesWentExtinct) == [SpeciesWentExtinct(1, 1, "attack", traits)]
    assert set(traits) <= set(state.discard)
    assert state.players[1].hand == deck_top
    assert of(events, CardsDealt) == [CardsDealt(1, 2, "extinction")]


def test_the_food_on_a_species_killed_by_a_carnivore_goes_into_its_owners_bag():
    state, _ = RULES.apply(_attack_table(("fat_tissue",), food=1), Attack(0, 0, 1))
    assert state.players[1].bag == 1


def test_a_species_without_trait_cards_draws_nothing():
    state, events = RULES.apply(_attack_table(()), Attack(0, 0, 1))
    assert state.players[1].hand == ()
    assert of(events, CardsDealt) == []


def test_a_species_that_ate_nothing_goes_extinct_at_the_end_of_feeding_and_its_owner_draws():
    state = scenario(
        watering_hole=1,
        players=[
            player("Ann", species(0, pop=1)),
            player("Bob", species(10, pop=2, traits=["horns", "burrowing"]), species(11, pop=1, food=1)),
            player("Cy", species(20, pop=1, food=1)),
        ],
    )
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    gone = of(events, SpeciesWentExtinct)
    assert [(e.species, e.cause, len(e.discarded)) for e in gone] == [(10, "starvation", 2)]
    assert CardsDealt(1, 2, "extinction") in events
    assert [s.id for s in state.players[1].species] == [11]


def test_a_reshuffle_while_drawing_after_an_extinction_makes_the_next_round_the_last():
    state = _attack_table()
    state = evolve(state, deck=(), discard=state.deck)
    state, events = RULES.apply(state, Attack(0, 0, 1))
    assert of(events, DeckReshuffled)[0].last_round == "next"
    assert state.next_round_last and not state.last_round
    # One more full round is played, then the game ends.
    state, more = play_until(state, lambda s: False)
    started = of(more, RoundStarted)
    assert [(r.round, r.last_round) for r in started] == [(2, True)]
    assert of(more, GameEnded)
    assert state.round == 2


def test_an_extinct_species_id_is_never_reused():
    state = scenario(
        watering_hole=1,
        players=[
            player("Ann", species(0, pop=1)),
            player("Bob", species(10, pop=2)),
            player("Cy", species(20, pop=1, food=1)),
        ],
    )
    state, _ = RULES.apply(state, TakePlantFood(0, 0))
    assert [s.id for s in state.players[1].species] == [21]  # a new species, with a fresh id


def test_a_reshuffle_after_a_starvation_at_the_end_of_feeding_makes_the_next_round_the_last():
    state = scenario(
        watering_hole=1,
        players=[
            player("Ann", species(0, pop=1)),
            player("Bob", species(10, pop=2, traits=["horns", "burrowing"]), species(11, pop=1, food=1)),
            player("Cy", species(20, pop=1, food=1)),
        ],
    )
    state = evolve(state, deck=(), discard=state.deck)
    state, events = RULES.apply(state, TakePlantFood(0, 0))
    reshuffles = of(events, DeckReshuffled)
    assert [r.last_round for r in reshuffles] == ["next"]
    assert of(events, RoundStarted) == [RoundStarted(2, 1, True)]
    assert events.index(reshuffles[0]) < events.index(of(events, RoundStarted)[0])
