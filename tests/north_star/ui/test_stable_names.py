"""Stable names in North Star's words (issue 30: logs named a species by its place after the move, so a species
created on the left renamed every other, and an eaten one became "a species of X's"): a species keeps its owner's
number for its whole life, in every line, menu and the text board (docs/rulings.md, "Stable names")."""

from __future__ import annotations

import pytest

from rules_core.north_star.actions import CreateSpecies, FinishCardPlay, PlayTrait, SelectFoodCard
from rules_core.north_star.cards import trait_of
from rules_core.north_star.events import PlaysShown
from rules_core.north_star.state import GameState
from tests.north_star.scenario import RULES, player, scenario, species
from texts.languages import LANGUAGES
from texts.messages import message
from texts.north_star import WORDS
from texts.north_star.board import species_lines
from texts.north_star.choices import NorthStarTable
from texts.north_star.summaries import public_lines


def _table(state: GameState, language: str = "en") -> NorthStarTable:
    table = WORDS.table(RULES.public_view(state), language=language)
    assert isinstance(table, NorthStarTable)
    return table


def _playing() -> GameState:
    return scenario(
        phase="play_cards",
        players=[
            player("Ann", species(0, pop=2), hand=["horns", "climbing", "fertile"]),
            player("Bob", species(10, pop=2), hand=["ambush"]),
        ],
    )


def _card(state: GameState, trait: str) -> int:
    return next(c for c in state.players[0].hand if trait_of(c).value == trait)


def test_a_species_created_on_the_left_renames_no_other() -> None:
    state = _playing()
    state, events = RULES.apply(state, CreateSpecies(0, _card(state, "horns"), "left"))
    new = state.players[0].species[0].id
    assert public_lines(events, _table(state)) == ["Ann created a new species on the left: Ann's species 2."]
    # Ann's first species now lies second from the left, and is still her species 1 in the log and the text board.
    state, events = RULES.apply(state, PlayTrait(0, _card(state, "climbing"), 0))
    table = _table(state)
    assert public_lines(events, table) == ["Ann played a trait face down on Ann's species 1."]
    assert [line.split(".")[0].strip() for line in species_lines(table, table.view.players[0])] == ["2", "1"]
    assert table.species_name(new) == "Ann's species 2"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_species_keeps_its_name_in_every_language_as_others_come(language: str) -> None:
    before = _playing()
    named = _table(before, language).species_name(0)
    after, _ = RULES.apply(before, CreateSpecies(0, _card(before, "horns"), "left"))
    assert _table(after, language).species_name(0) == named
    assert _table(after, language).species_name(after.players[0].species[0].id) != named


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plays_shown_before_ones_card_play_name_the_species_as_the_player_sees_them(language: str) -> None:
    """A player whose card play begins while others still choose food cards is told what those before them played
    (docs/rulings.md, "The card play begins at the food card"): in their words, a species made meanwhile has its
    owner's name and number, as their own table shows it, not "a species" nobody knows."""
    state = RULES.new_game(players=["Ann", "Bob", "Cy"], options={}, seed=5)[0]
    first, second, _ = state.seats_from(state.first_player)
    for seat in (second, first):
        state, _ = RULES.apply(state, SelectFoodCard(seat, state.players[seat].hand[0]))
    state, _ = RULES.apply(state, CreateSpecies(first, sorted(state.players[first].hand)[0], "right"))
    state, events = RULES.apply(state, FinishCardPlay(first))
    shown = [e for e in events if isinstance(e, PlaysShown)]
    mine = RULES.seat_view(state, second)
    table = WORDS.table(mine.table, mine=mine, language=language)
    assert isinstance(table, NorthStarTable)
    (line,) = WORDS.private_lines(shown, table)
    made = state.players[first].species_made[-1]
    assert table.species_name(made) in line
    assert table.species_name(made) != message("north_star.species.unknown", language)
    assert message("north_star.private.PlaysShown", language, plays="").strip().rstrip(":") in line
