"""The position format (rules_core/origin/position.py; docs/position-format.md, "The original Evolution")."""

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules_core.errors import MalformedInput
from rules_core.origin.cards import Trait
from tests.origin.scenario import RULES

DOC = Path(__file__).resolve().parents[2] / "docs" / "position-format.md"


def test_the_documented_example_loads_and_dumps_back():
    section = DOC.read_text().split('# The position format of the original "Evolution"')[1]
    match = re.search(r"```json\n(.*?)```", section, re.S)
    assert match is not None
    state = RULES.load_position(json.loads(match.group(1)))
    ann = state.animal(0)
    assert [(t.card, t.trait, t.used) for t in ann.traits] == [
        (32, Trait.CARNIVORE, True),
        (56, Trait.FAT_TISSUE, False),
    ]
    assert (ann.card, ann.food, ann.fat) == (20, 2, 1)
    assert state.players[1].links[0].card == 52 and state.active == 1
    dumped = RULES.dump_position(state)
    assert RULES.load_position(dumped) == state
    assert RULES.dump_position(RULES.load_position(dumped)) == dumped
    assert dumped["players"][0]["animals"][0]["traits"] == ["carnivore#32:used", "fat_tissue#56"]


def test_a_midgame_state_round_trips_through_the_position_format():
    state = RULES.new_game(players=["A", "B", "C"], options={}, seed=5)[0]
    for _ in range(30):
        seat = RULES.decisions(state)[0].seat
        state, _ = RULES.apply(state, RULES.legal_actions(state, seat)[0])
    assert RULES.load_position(RULES.dump_position(state)) == state


def _midgame() -> dict[str, Any]:
    return {
        "phase": "feeding",
        "players": [
            {"name": "Ann", "animals": [{"id": 0, "traits": ["carnivore"]}, {"id": 1}]},
            {"name": "Bob", "animals": [{"id": 2}]},
        ],
    }


@pytest.mark.parametrize(
    "change, code",
    [
        (lambda d: d["players"][0]["animals"][0].update(traits=["swimming", "swimming"]), "bad_animal"),
        (lambda d: d["players"][0]["animals"][0].update(traits=["carnivore", "scavenger"]), "bad_animal"),
        (lambda d: d["players"][0]["animals"][0].update(fat=1), "bad_animal"),
        (lambda d: d["players"][0]["animals"][1].update(id=0), "duplicate_animal"),
        (lambda d: d["players"][0].update(links=[{"trait": "cooperation", "animals": [0, 2]}]), "bad_link"),
        (lambda d: d["players"][0].update(links=[{"trait": "swimming", "animals": [0, 1]}]), "bad_link"),
        (lambda d: d["players"][0].update(hand=["carnivore#0"]), "bad_card"),
        (lambda d: d["players"][0].update(hand=["swimming#0", "swimming#0"]), "duplicate_card"),
        (lambda d: d.update(phase="lunch"), "bad_phase"),
        (lambda d: d.update(deck=["swimming#0"]), "card_count"),
        (lambda d: d.update(players=d["players"][:1]), "player_count"),
    ],
)
def test_a_position_that_breaks_a_rule_is_refused_with_a_specific_reason(change, code):
    data = _midgame()
    RULES.load_position(data)
    change(data)
    with pytest.raises(MalformedInput) as refused:
        RULES.load_position(data)
    assert refused.value.code == code


def test_the_documented_example_with_the_expansions_loads_and_dumps_back():
    section = DOC.read_text().split('# The position format of the original "Evolution"')[1]
    match = re.findall(r"```json\n(.*?)```", section.split("# The position format of the dice-combat")[0], re.S)[1]
    state = RULES.load_position(json.loads(match))
    bob = state.players[1]
    assert state.shells == (191,) and state.players[0].orders.ambush == (0,) and not bob.orders.anglerfish
    fish = state.animal(2)
    assert fish.card == 182 and [(t.card, t.trait, t.used) for t in fish.traits] == [(182, Trait.CARNIVORE, True)]
    assert fish.fasting and state.animal(1).in_shell
    assert (state.animal(1).trematodes, fish.trematodes) == (1, 1)
    dumped = RULES.dump_position(state)
    assert "card" not in dumped["players"][1]["animals"][1]
    assert RULES.load_position(dumped) == state
    assert RULES.dump_position(RULES.load_position(dumped)) == dumped


@pytest.mark.parametrize(
    ("animal", "code"),
    [
        ({"id": 0, "traits": ["anglerfish#183"]}, "bad_animal"),
        ({"id": 0, "traits": ["specialization_a", "specialization_b"]}, "bad_animal"),
        ({"id": 0, "traits": ["immunity", "parasite"]}, "bad_animal"),
    ],
)
def test_the_loader_refuses_what_the_expansions_forbid(animal: dict[str, Any], code: str):
    data = {
        "options": {"time_to_fly": True, "darwins_day": True},
        "phase": "feeding",
        "players": [{"name": "Ann", "animals": [animal]}, {"name": "Bob"}, {"name": "Cid"}],
    }
    with pytest.raises(MalformedInput) as refusal:
        RULES.load_position(data)
    assert refusal.value.code == code
