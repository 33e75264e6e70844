"""Setting up (seed 000, "ELŐKÉSZÜLETEK", "A DOBOZ TARTALMA"): every player gets a species board with body size 1 and
population 1 and a food bag; the 180 food tokens form the food bank; the 129 trait cards (17 Carnivore, 7 of every
other trait) are shuffled face down; a random player takes the first-player token. Then the first round is dealt
("1. FÁZIS") and every player picks a food card ("2. FÁZIS")."""

from collections import Counter

import pytest

from rules_core.errors import MalformedInput
from rules_core.north_star.cards import CARDS, DECK_SIZE, Trait
from rules_core.north_star.state import Phase
from tests.north_star.scenario import RULES


def test_the_box_holds_129_trait_cards_17_carnivores_and_7_of_each_other_trait():
    counts = Counter(card.trait for card in CARDS)
    assert DECK_SIZE == 129
    assert counts[Trait.CARNIVORE] == 17
    assert all(counts[t] == 7 for t in Trait if t is not Trait.CARNIVORE)
    assert all(-3 <= card.food <= 8 for card in CARDS)


def test_every_player_starts_with_one_species_of_body_size_one_and_population_one_and_an_empty_bag():
    state = RULES.new_game(players=["A", "B", "C", "D"], options={}, seed=3)[0]
    for p in state.players:
        (s,) = p.species
        assert (s.body_size, s.population, s.food, s.fat, s.traits) == (1, 1, 0, 0, ())
        assert p.bag == 0
    assert state.food_bank == 180
    assert state.watering_hole == 0
    assert state.removed == ()


def test_the_first_round_is_dealt_and_everybody_picks_a_food_card():
    state = RULES.new_game(players=["A", "B", "C", "D"], options={}, seed=3)[0]
    assert state.round == 1
    assert state.phase is Phase.FOOD_CARDS
    assert [len(p.hand) for p in state.players] == [4, 4, 4, 4]
    assert len(state.deck) == 129 - 16
    assert sorted(state.deck + tuple(c for p in state.players for c in p.hand)) == list(range(129))
    assert sorted((d.seat, d.kind) for d in RULES.decisions(state)) == [(s, "food_card") for s in range(4)]


def test_the_deck_is_shuffled_and_the_first_player_chosen_at_random_from_the_seed():
    games = [RULES.new_game(players=["A", "B", "C"], options={}, seed=seed)[0] for seed in range(30)]
    assert {g.first_player for g in games} == {0, 1, 2}
    assert len({g.deck for g in games}) == 30
    again = RULES.new_game(players=["A", "B", "C"], options={}, seed=7)[0]
    assert again == games[7]


@pytest.mark.parametrize("count", [1, 7])
def test_north_star_takes_two_to_six_players(count):
    with pytest.raises(MalformedInput) as refused:
        RULES.new_game(players=[f"P{i}" for i in range(count)], options={}, seed=1)[0]
    assert refused.value.code == "player_count"


def test_unknown_options_are_refused():
    with pytest.raises(MalformedInput) as refused:
        RULES.new_game(players=["A", "B", "C"], options={"dice": True}, seed=1)[0]
    assert refused.value.code == "unknown_option"


def test_the_rule_modules_constants_are_the_traits_and_phases_themselves() -> None:
    # The hot paths name traits and phases by module constants (a global is found faster than an enum member).
    from rules_core.north_star import cards, state

    assert all(getattr(cards, trait.name) is trait for trait in Trait)
    assert all(getattr(state, phase.name) is phase for phase in Phase)
