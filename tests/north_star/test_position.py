import json
import re
from pathlib import Path

import pytest

from rules_core.errors import MalformedInput
from tests.north_star.scenario import RULES

DOC = Path(__file__).resolve().parents[2] / "docs" / "position-format.md"


def test_the_documented_example_loads_and_dumps_back():
    match = re.search(r"```json\n(.*?)```", DOC.read_text(), re.S)
    assert match is not None
    state = RULES.load_position(json.loads(match.group(1)))
    assert state.species(0).body_size == 4
    dumped = RULES.dump_position(state)
    assert RULES.load_position(dumped) == state
    assert RULES.dump_position(RULES.load_position(dumped)) == dumped
    assert dumped["players"][0]["species"][0]["traits"] == ["carnivore#14", "ambush#0"]


def test_a_midgame_state_round_trips_through_the_position_format():
    state = RULES.new_game(players=["A", "B", "C"], options={}, seed=5)[0]
    for _ in range(12):
        seat = RULES.decisions(state)[0].seat
        state, _ = RULES.apply(state, RULES.legal_actions(state, seat)[-1])
    assert RULES.load_position(RULES.dump_position(state)) == state


@pytest.mark.parametrize(
    "change, code",
    [
        (lambda d: d["players"][0]["species"][0].update(food=5), "bad_species"),
        (lambda d: (d.pop("deck"), d["players"][0]["species"][0].update(traits=["horns", "horns"])), "bad_species"),
        (lambda d: d["players"][0].update(hand=["carnivore#0"]), "bad_card"),
        (lambda d: d.update(phase="lunch"), "bad_phase"),
        (lambda d: d["deck"].pop(), "card_count"),
    ],
)
def test_a_position_that_breaks_a_rule_is_refused_with_a_specific_reason(change, code):
    data = RULES.dump_position(RULES.new_game(players=["A", "B", "C"], options={}, seed=1)[0])
    change(data)
    with pytest.raises(MalformedInput) as refused:
        RULES.load_position(data)
    assert refused.value.code == code
