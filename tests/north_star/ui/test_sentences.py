"""Lines begin with a capital (issue 30: "a species of Ada's lost population…"): a sentence that begins with a
species' name, which in some languages begins with an article or a possessive, is capitalized; a player's name is
written as its player wrote it."""

from __future__ import annotations

import pytest

from rules_core.north_star import events as ev
from rules_core.registry import RULESETS
from texts.languages import LANGUAGES
from texts.north_star.choices import NorthStarTable, card_name
from texts.north_star.summaries import public_lines
from texts.registry import words_for

GONE = 7  # ada's first species, no longer on the table


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_line_that_begins_with_a_species_begins_with_a_capital(language: str) -> None:
    rules, words = RULESETS["north_star"], words_for("north_star")
    state = rules.load_position(
        {
            "phase": "feeding",
            "turn": 0,
            "players": [
                {"name": "ada", "species": [{"id": 8}], "species_made": [GONE, 8]},
                {"name": "Bea", "species": [{"id": 9}]},
            ],
        }
    )
    table = words.table(rules.public_view(state), language=language)
    assert isinstance(table, NorthStarTable)
    lines = public_lines(
        [
            ev.BodySizeIncreased(seat=0, species=GONE, card=0, body_size=2),
            ev.PopulationLost(seat=0, species=GONE, population=0, cause="starvation"),
            ev.FoodCardChosen(seat=0),
        ],
        table,
    )
    assert all(line[0].isupper() or line.startswith("ada") for line in lines), lines
    assert lines[2].startswith("ada "), "a player's name as its player wrote it"
    if language == "en":
        assert lines[1] == "ada's species 1 starved: population now 0.", "a gone species keeps its name"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_food_cards_revealed_are_named(language: str) -> None:
    """Issue 30: "Food cards revealed: +11 in all" (which cards?). Each card revealed is named with its food."""
    rules, words = RULESETS["north_star"], words_for("north_star")
    state, _ = rules.new_game(players=["Ada", "Bea"], options={}, seed=1)
    table = words.table(rules.public_view(state), language=language)
    assert isinstance(table, NorthStarTable)
    cards = (0, 40)
    (line,) = public_lines([ev.FoodCardsRevealed(cards=cards, total=7, change=7, watering_hole=7)], table)
    for card in cards:
        assert card_name(card, language) in line, line
    assert "+7" in line
