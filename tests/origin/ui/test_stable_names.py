"""Stable names in the original game's words (issue 30: "Ola's animal 1 attacks" right after Ola attacked with animal
2, animal 1 having just been eaten): an animal keeps its owner's number for its whole life, in every line, menu and
the text board, and an eaten one is named by it too (docs/rulings.md, "Stable names")."""

from __future__ import annotations

import pytest

from rules_core.origin.actions import Attack
from rules_core.origin.state import GameState
from tests.origin.scenario import RULES, animal, player, scenario
from texts.languages import LANGUAGES
from texts.origin import WORDS, summaries
from texts.origin.board import animal_lines
from texts.origin.table import OriginTable


def _table(state: GameState, language: str = "en") -> OriginTable:
    table = WORDS.table(RULES.public_view(state), language=language)
    assert isinstance(table, OriginTable)
    return table


def _before() -> GameState:
    """Ann's carnivore is about to eat Ola's animal 1, which leaves Ola's animal 2 first in her row."""
    return scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Ola", animal(1, card="running#20"), animal(2, "carnivore")),
        ],
    )


def test_an_eaten_animal_is_named_by_its_number_and_the_one_left_keeps_its_own() -> None:
    state, events = RULES.apply(_before(), Attack(0, 0, 1))
    table = _table(state)
    told = " ".join(summaries.public_lines(events, table))
    assert "Ola's animal 1" in told and "an animal" not in told, told
    # Ola's other animal now lies first in her row, and is still her animal 2: in the next line, the board and menus.
    assert [a.id for a in RULES.public_view(state).players[1].animals] == [2]
    assert table.animal_name(2) == "Ola's animal 2"
    assert animal_lines(table, table.view.players[1])[0].lstrip().startswith("2. ")
    state, events = RULES.apply(state, Attack(1, 2, 0))
    assert "Ola's animal 2" in " ".join(summaries.public_lines(events, _table(state)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_name_of_a_gone_animal_is_the_same_as_it_was_in_play(language: str) -> None:
    before = _before()
    named_before = _table(before, language).animal_name(1)
    after, _ = RULES.apply(before, Attack(0, 0, 1))
    assert _table(after, language).animal_name(1) == named_before
