"""The original "Evolution" (Origin of Species, seed 003) in words: its menus (``choices``), what happened
(``summaries``), its table as text and a player's hand (``board``), its catalogue (``messages/``, keys read as
``origin.<key>``) and its ``/rules`` book (``texts/rule_texts/origin/``), whose trait names are the only ones the
other words use. :data:`WORDS` is what the front ends find in :mod:`texts.registry`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules_core.engine import Outcome, PublicView, SeatView
from rules_core.origin.cards import Trait
from rules_core.origin.state import Phase
from rules_core.origin.view import SeatView as OriginSeatView
from rules_core.origin.view import TableView
from texts.menus import Path
from texts.origin import board, choices, summaries
from texts.origin.choices import OriginTable
from texts.presentation import RuleBookIndex, RulesetWords, Section, Table

#: The traits of "Time to Fly" and "Darwin's Day" (seed 001), in the rule book's order, after the base game's.
EXPANSION_TRAITS: tuple[str, ...] = (
    "shell",
    "intellect",
    "anglerfish",
    "specialization_a",
    "specialization_b",
    "trematode",
    "metamorphosis",
    "ink_cloud",
    "viviparous",
    "ambush",
    "flight",
    "kleptoplasty",
    "immunity",
    "pack",
)

#: Every trait the rules know (one added to the rules without texts makes the texts invalid), then the expansions'
#: traits the rules do not know yet, and the topics in the order of the rule book (seed 003), then its expansions.
RULE_BOOK = RuleBookIndex(
    "origin",
    traits=(
        *(trait.value for trait in Trait),
        *(key for key in EXPANSION_TRAITS if key not in {trait.value for trait in Trait}),
    ),
    topics=(
        "overview",
        "setup",
        "turn",
        "development",
        "food_bank",
        "feeding",
        "extinction",
        "end_of_game",
        "two_sets",
        "traits",
        "attacks",
        "paired_traits",
        "special_cases",
        "time_to_fly",
        "darwins_day",
    ),
)


_TRAIT_VALUES = frozenset(trait.value for trait in Trait)


class OriginWords(RulesetWords):
    ruleset = "origin"
    phases = tuple(phase.value for phase in Phase)

    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> OriginTable:
        assert isinstance(view, TableView) and (mine is None or isinstance(mine, OriginSeatView))
        return OriginTable(view, ruleset=self.ruleset, mine=mine, language=language)

    def action_path(self, action: Any) -> Path:
        return choices.action_path(action)

    def worded(self, value: Any, language: str) -> Any:
        return choices.trait_name(value, language) if isinstance(value, str) and value in _TRAIT_VALUES else value

    def phase_title(self, view: PublicView, language: str) -> str:
        assert isinstance(view, TableView)
        return summaries.phase_title(view, language)

    def round_notes(self, view: PublicView, language: str) -> list[str]:
        assert isinstance(view, TableView)
        return summaries.round_notes(view, language)

    def table_summary(self, view: PublicView, language: str) -> str:
        assert isinstance(view, TableView)
        return board.table_summary(view, language)

    def public_lines(self, events: Sequence[Any], table: Table) -> list[str]:
        assert isinstance(table, OriginTable)
        return summaries.public_lines(events, table)

    def private_lines(self, events: Iterable[Any], table: Table) -> list[str]:
        assert isinstance(table, OriginTable)
        return summaries.private_lines(events, table)

    def dm_worthy(self, events: Iterable[Any]) -> bool:
        return any(isinstance(e, summaries.DM_WORTHY) for e in events)

    def standings_lines(self, outcome: Outcome, table: Table) -> list[str]:
        assert isinstance(table, OriginTable)
        return summaries.standings_lines(outcome, table)

    def secret_sections(self, mine: SeatView, table: Table) -> list[Section]:
        assert isinstance(mine, OriginSeatView) and isinstance(table, OriginTable)
        return board.secret_sections(mine, table)

    def board_text(self, view: PublicView, language: str, *, mine: SeatView | None = None) -> str:
        return board.board(self.table(view, mine=mine, language=language))

    def own_row(self, mine: SeatView, language: str) -> str:
        return board.own_row(self.table(mine.table, mine=mine, language=language))


WORDS = OriginWords()
