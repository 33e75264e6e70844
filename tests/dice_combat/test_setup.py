"""Setting up (seed 004, "Reglas" 1-4) and the first period's beginning (5.a-d)."""

from __future__ import annotations

import random
from collections import Counter

from rules_core.dice_combat import effects
from rules_core.dice_combat.cards import EDITIONS, ENVIRONMENTS
from rules_core.dice_combat.events import (
    CardsReceived,
    EnvironmentRevealed,
    PeriodStarted,
    SpeciesDealt,
    StartingDiceRolled,
)
from rules_core.dice_combat.setup import starting_roll
from rules_core.dice_combat.state import STARTING_POPULATION, Phase
from rules_core.rng import COUNTER, RESEEDED, Rng
from tests.dice_combat.helpers import RULES, of


def test_the_highest_die_starts() -> None:
    first, _, events = starting_roll(Rng(0, script=(2, 5, 0)), [0, 1, 2])
    assert first == 1
    assert events == [StartingDiceRolled(((0, 3), (1, 6), (2, 1)))]


def test_those_tied_for_the_highest_roll_again_until_one_is_highest() -> None:
    # Seats 0 and 2 tie on 5 (seat 1 is out); they roll again and tie on 2; then seat 2 rolls higher.
    first, _, events = starting_roll(Rng(0, script=(4, 1, 4, 1, 1, 2, 5)), [0, 1, 2])
    assert first == 2
    rolls = [e.rolls for e in of(events, StartingDiceRolled)]
    assert rolls == [((0, 5), (1, 2), (2, 5)), ((0, 2), (2, 2)), ((0, 3), (2, 6))]


def test_each_player_gets_a_species_and_five_cards_then_the_first_period_deals_one_more() -> None:
    state, events = RULES.new_game(players=["Ann", "Bob", "Cy"], options={}, seed=4)
    dealt = of(events, SpeciesDealt)
    assert sorted(e.seat for e in dealt) == [0, 1, 2]
    assert len({e.species for e in dealt}) == 3
    for p in state.players:
        # The first period's recovery adds a point to the starting population, up to the species' Energy.
        assert p.population == min(STARTING_POPULATION + 1, effects.energy(p.species, state.environment))
        assert p.food == 0 and p.species.evolutions == ()
        assert len(p.hand) == 6
        assert [len(e.cards) for e in of(events, CardsReceived) if e.seat == p.seat] == [5, 1]
    last = dict(of(events, StartingDiceRolled)[-1].rolls)
    assert state.starting_player == max(last, key=lambda seat: last[seat])
    assert of(events, PeriodStarted) == [PeriodStarted(1, state.starting_player)]
    assert of(events, EnvironmentRevealed) == [EnvironmentRevealed(state.environment or 0)]
    assert state.phase is Phase.EVOLUTION and state.turn == state.starting_player and state.free_card


def test_the_decks_are_shuffled_from_the_seed_and_hold_every_card_once() -> None:
    first, _ = RULES.new_game(players=["A", "B"], options={}, seed=1)
    again, _ = RULES.new_game(players=["A", "B"], options={}, seed=1)
    other, _ = RULES.new_game(players=["A", "B"], options={}, seed=2)
    assert first == again
    assert first.evolution_deck != other.evolution_deck
    cards = Counter(first.evolution_deck) + Counter(c for p in first.players for c in p.hand)
    assert cards == Counter(c.id for c in EDITIONS[first.edition].evolutions)
    species = [*first.species_deck, *(p.species.card for p in first.players)]
    assert sorted(species) == [c.id for c in EDITIONS[first.edition].species]
    assert sorted([*first.environment_deck, first.environment or 0]) == list(range(len(ENVIRONMENTS)))


def test_two_to_six_players() -> None:
    assert (RULES.min_players, RULES.max_players) == (2, 6)
    for count in (2, 6):
        state, _ = RULES.new_game(players=[f"P{i}" for i in range(count)], options={}, seed=0)
        assert len(state.players) == count


def test_a_game_whose_options_name_no_generator_draws_as_before_and_a_new_game_with_the_counter() -> None:
    """Options as stored before the counter generator (none, or the edition alone) keep the first generator's draws:
    the very decks that ``random.Random(f"{seed}:{draws}")`` shuffled; a new game's options (the lobby fills in
    every default) name the counter (docs/engine.md, "Randomness")."""
    players = ["A", "B", "C"]
    for options in ({}, {"edition": 1}, {"edition": 2}):
        state, _ = RULES.new_game(players=players, options=options, seed=9)
        assert state.rng.generator == RESEEDED, options
        edition = EDITIONS[state.edition]
        species = [c.id for c in edition.species]
        random.Random("9:0").shuffle(species)
        assert state.species_deck == tuple(species[len(players) :]), options
    new_game = RULES.read_options({})
    assert new_game["generator"] == COUNTER
    state, _ = RULES.new_game(players=players, options=new_game, seed=9)
    assert state.rng.generator == COUNTER
    assert state.species_deck == Rng(9, generator=COUNTER).shuffled([c.id for c in EDITIONS[2].species])[0][3:]
