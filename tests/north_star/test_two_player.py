"""Two-player rules (seed 000, "KÉTSZEMÉLYES SZABÁLYOK"; seed 002, "Regras para 2 jogadores"): 40 trait cards are
removed at random before the game starts, and a species may have at most two trait cards, not three. Ruling: the
removed cards stay out of the game (never reshuffled back)."""

import pytest

from rules_core.copying import evolve
from rules_core.errors import MalformedInput
from rules_core.north_star.actions import PlayTrait, TakePlantFood
from rules_core.north_star.cards import trait_of
from tests.north_star.helpers import refusal_code
from tests.north_star.scenario import RULES, player, scenario, species


def test_forty_cards_are_removed_at_random_before_a_two_player_game():
    state = RULES.new_game(players=["A", "B"], options={}, seed=4)[0]
    assert len(state.removed) == 40
    assert len(state.deck) == 129 - 40 - 8
    assert set(state.removed).isdisjoint(state.deck)
    other = RULES.new_game(players=["A", "B"], options={}, seed=5)[0]
    assert set(other.removed) != set(state.removed)
    assert RULES.new_game(players=["A", "B", "C"], options={}, seed=4)[0].removed == ()


def test_the_removed_cards_are_never_reshuffled_back():
    state = scenario(
        watering_hole=1,
        players=[player("Ann", species(0, pop=1)), player("Bob", species(10, pop=1, food=1))],
    )
    removed, rest = state.deck[:40], state.deck[40:]
    state = evolve(state, removed=removed, deck=rest[:2], discard=rest[2:])
    state, _ = RULES.apply(state, TakePlantFood(0, 0))  # the round ends; the deal reshuffles the discard pile
    assert state.last_round
    assert state.removed == removed
    in_play = set(state.deck) | set(state.discard) | {c for p in state.players for c in p.hand}
    assert in_play.isdisjoint(removed)


def test_a_species_has_at_most_two_traits_with_two_players():
    state = scenario(
        phase="play_cards",
        players=[
            player("Ann", species(0, traits=["horns", "climbing"]), hand=["long_neck", "fertile"]),
            player("Bob", species(10)),
        ],
    )
    card = next(c for c in state.players[0].hand if trait_of(c).value == "long_neck")
    assert state.trait_limit == 2
    assert refusal_code(state, PlayTrait(0, card, 0)) == "trait_limit"
    old = state.species(0).traits[0].card
    state, _ = RULES.apply(state, PlayTrait(0, card, 0, replace=old))
    assert [trait_of(t.card).value for t in state.species(0).traits] == ["climbing", "long_neck"]


def test_three_traits_are_allowed_with_three_players():
    state = scenario(
        phase="play_cards",
        players=[
            player("Ann", species(0, traits=["horns", "climbing"]), hand=["long_neck", "fertile"]),
            player("Bob", species(10)),
            player("Cy", species(20)),
        ],
    )
    card = next(c for c in state.players[0].hand if trait_of(c).value == "long_neck")
    state, _ = RULES.apply(state, PlayTrait(0, card, 0))
    assert len(state.species(0).traits) == 3


def test_a_two_player_position_with_three_traits_on_a_species_is_refused():
    with pytest.raises(MalformedInput) as refused:
        scenario(players=[player("Ann", species(0, traits=["horns", "climbing", "fertile"])), player("Bob")])
    assert refused.value.code == "bad_species"
