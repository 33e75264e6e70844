"""The dice-combat position format (docs/position-format.md, "The dice-combat game")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_core.dice_combat.actions import Hunt
from rules_core.dice_combat.cards import EDITIONS, FIRST_EDITION, Kind
from rules_core.errors import MalformedInput
from rules_core.rng import COUNTER, RESEEDED
from tests.dice_combat.helpers import RULES, play, player, scenario


def test_a_game_round_trips_through_its_position() -> None:
    state, _ = RULES.new_game(players=["Ann", "Bob", "Cy"], options={}, seed=3)
    data = json.loads(json.dumps(RULES.dump_position(state)))
    assert RULES.load_position(data) == state
    assert RULES.dump_position(RULES.load_position(data)) == data


def test_a_new_game_round_trips_with_its_generator_and_a_position_without_one_draws_the_first_way() -> None:
    state, _ = RULES.new_game(players=["Ann", "Bob", "Cy"], options=RULES.read_options({}), seed=3)
    data = json.loads(json.dumps(RULES.dump_position(state)))
    assert data["rng"]["generator"] == COUNTER
    assert RULES.load_position(data) == state
    del data["rng"]["generator"]
    assert RULES.load_position(data).rng.generator == RESEEDED
    data["rng"]["generator"] = 3
    with pytest.raises(MalformedInput) as refused:
        RULES.load_position(data)
    assert (refused.value.code, refused.value.params["field"]) == ("bad_field", "generator")


def test_a_hunt_under_way_round_trips_with_its_questions() -> None:
    state = scenario(
        phase="hunting",
        players=[player("Ann", "elk", hand=["disease"]), player("Bob", "viper", hand=["claws"])],
        species_deck=["sabre_tooth"],
    )
    state, _ = play(state, Hunt(0))
    assert state.interrupts and state.hunt is not None
    assert RULES.load_position(json.loads(json.dumps(RULES.dump_position(state)))) == state


def test_bare_names_take_the_lowest_free_card_of_that_name() -> None:
    claws = [c.id for c in EDITIONS[FIRST_EDITION].evolutions if c.kind is Kind.CLAWS]
    state = scenario(players=[player("Ann", "elk", hand=["claws", f"claws#{claws[0]}"]), player("Bob", "viper")])
    assert state.players[0].hand == (claws[1], claws[0])


def _load(**changes: Any) -> None:
    data: dict[str, Any] = {
        "players": [player("Ann", "elk"), player("Bob", "viper")],
        "phase": "evolution",
        "turn": 0,
        "starting_player": 0,
    }
    data.update(changes)
    RULES.load_position(data)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"players": [player("Ann", "elk")]}, "player_count"),
        ({"players": [player("Ann", "elk"), player("Bob", "elk")]}, "too_many_cards"),
        ({"players": [player("Ann", "elk#0"), player("Bob", "viper")]}, "bad_card"),
        ({"players": [player("Ann", "dodo"), player("Bob", "viper")]}, "bad_card"),
        ({"players": [player("Ann", "elk", hand=["claws#0", "claws#0"]), player("Bob", "viper")]}, "duplicate_card"),
        ({"players": [player("Ann", "elk", pop=9), player("Bob", "viper")]}, "bad_species"),
        ({"players": [player("Ann", "elk", pop=0), player("Bob", "viper")]}, "bad_species"),
        ({"players": [player("Ann", "elk", evolutions=["claws", "claws"]), player("Bob", "viper")]}, "bad_species"),
        ({"players": [player("Ann", "viper", evolutions=["venom"]), player("Bob", "elk")]}, "bad_species"),
        ({"phase": "lunch"}, "bad_phase"),
        ({"turn": 5}, "bad_field"),
        (
            {
                "last_fight": {
                    "kind": "hunt",
                    "first_seat": 0,
                    "second_seat": 7,
                    "first_roll": [6],
                    "second_roll": [1],
                    "comparison": {"pairs": [[6, 1]], "won": 1, "lost": 0, "tied": 0},
                }
            },
            "bad_field",
        ),
        ({"species_deck": ["sabre_tooth"], "species_discard": []}, "card_count"),
        ({"format": "something/9"}, "bad_format"),
    ],
)
def test_a_position_that_breaks_a_rule_is_refused(changes: dict[str, Any], code: str) -> None:
    with pytest.raises(MalformedInput) as refused:
        _load(**changes)
    assert refused.value.code == code


def test_a_deck_given_without_its_discard_pile_leaves_the_rest_there() -> None:
    state = scenario(players=[player("Ann", "elk"), player("Bob", "viper")], species_deck=["sabre_tooth"])
    assert len(state.species_deck) == 1 and len(state.species_discard) == 13
