"""Seed 001's expansions as options of the original game (rules_core/origin/setup.py): who may play with which
boxes, the deck each table uses ("Time to Fly": one base deck for 2 to 6, two for 7 and 8, halved by main trait for
2; "Darwin's Day": 2 to 4 alone), and the food table per player count."""

from collections import Counter
from typing import Any

import pytest

from rules_core.errors import MalformedInput
from rules_core.origin.cards import Trait, traits_of
from rules_core.origin.events import FoodBaseRolled
from rules_core.origin.phases import food_base
from rules_core.origin.setup import cards_of_game
from rules_core.origin.state import Options, TieBreak
from tests.origin.scenario import RULES, play_until

TTF = Options(time_to_fly=True)
DD = Options(darwins_day=True)
BOTH = Options(time_to_fly=True, darwins_day=True)


def names(players: int) -> list[str]:
    return [f"P{i}" for i in range(players)]


def test_the_expansions_are_off_by_default_and_chosen_alone_or_together():
    assert RULES.read_options({}) == {
        "two_decks": False,
        "time_to_fly": False,
        "darwins_day": False,
        "tie_break": "printed",
    }
    chosen: tuple[dict[str, Any], ...] = (
        {"time_to_fly": True},
        {"darwins_day": True},
        {"time_to_fly": True, "darwins_day": True},
        {"tie_break": TieBreak.DISCARDS},
    )
    for options in chosen:
        state = RULES.new_game(players=names(3), options=options, seed=1)[0]
        assert state.options == Options(**options)


def test_time_to_fly_plays_up_to_eight_and_darwins_day_alone_two_to_four():
    def allowed(options: dict[str, bool]) -> tuple[int, int]:
        return RULES.player_range(RULES.read_options(options))

    assert allowed({"time_to_fly": True}) == (2, 8)
    assert allowed({"darwins_day": True}) == (2, 4)
    assert allowed({"time_to_fly": True, "darwins_day": True}) == (2, 8)
    with pytest.raises(MalformedInput) as refusal:
        RULES.new_game(players=names(5), options={"darwins_day": True}, seed=1)
    assert refusal.value.code == "player_count"
    RULES.new_game(players=names(8), options={"time_to_fly": True, "darwins_day": True}, seed=1)


@pytest.mark.parametrize(("players", "size"), [(3, 84 + 42), (6, 84 + 42), (7, 168 + 42), (8, 168 + 42)])
def test_time_to_fly_mixes_one_base_deck_up_to_six_players_and_two_for_seven_or_eight(players, size):
    assert len(cards_of_game(TTF, players)) == size


def test_two_decks_with_time_to_fly_is_the_variant_of_two_base_games_and_two_expansions():
    assert len(cards_of_game(Options(two_decks=True, time_to_fly=True), 4)) == 168 + 84


def test_two_players_halve_each_main_trait_of_the_base_deck_and_of_the_expansion():
    cards = cards_of_game(TTF, 2)
    assert len(cards) == 42 + 21
    main = Counter(traits_of(c)[0] for c in cards)
    # Flight lies on three kinds of card (with Carnivore, Specialization A, B): half of the six, whatever the edge.
    assert main[Trait.FLIGHT] == 3 and main[Trait.TREMATODE] == 4 and main[Trait.ANGLERFISH] == 2
    assert main[Trait.SWIMMING] == 4 and main[Trait.BIG] == 4 and main[Trait.PARASITE] == 4
    # The base game alone is not halved.
    assert len(cards_of_game(Options(), 2)) == 84


def test_darwins_day_adds_its_sixteen_cards():
    assert len(cards_of_game(DD, 3)) == 84 + 16
    assert len(cards_of_game(BOTH, 8)) == 168 + 42 + 16
    assert len(cards_of_game(BOTH, 2)) == 63 + 16


@pytest.mark.parametrize("players", range(2, 9))
def test_the_food_table_of_time_to_fly_is_the_base_games(players):
    # Seed 001's table: a cookie is a die, a dot one token more ("2: 🍪 + ●●" ... "8: 🍪🍪🍪🍪 + ●●●●").
    table = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}
    assert food_base.DICE[players] == table[players]
    state = RULES.new_game(players=names(players), options={"time_to_fly": True}, seed=players)[0]
    _, events = play_until(state, lambda s: s.phase.value == "feeding")
    rolled = next(e for e in events if isinstance(e, FoodBaseRolled))
    assert (len(rolled.dice), rolled.bonus) == table[players]
