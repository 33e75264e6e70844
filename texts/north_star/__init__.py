"""North Star "Evolution" in words: its menus (``choices``), what happened (``summaries``), its table as text and
a player's secrets (``board``), its catalogue (``messages/``, keys read as ``north_star.<key>``) and its rule texts
(``texts/rule_texts/north_star/``). :data:`WORDS` is what the front ends find in :mod:`texts.registry`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules_core.engine import Outcome, PublicView, SeatView
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import Phase
from rules_core.north_star.view import SeatView as NorthStarSeatView
from rules_core.north_star.view import TableView
from texts.menus import Path
from texts.north_star import board, choices, summaries
from texts.north_star.choices import NorthStarTable
from texts.presentation import RuleBookIndex, RulesetWords, Section, Table

_TRAIT_VALUES = frozenset(trait.value for trait in Trait)

#: Its ``/rules`` book: every trait of the rules (a trait added to the rules without texts makes the texts
#: invalid), and the topics in the order of the rule book.
RULE_BOOK = RuleBookIndex(
    "north_star",
    traits=tuple(trait.value for trait in Trait),
    topics=(
        "overview",
        "setup",
        "deal",
        "food_cards",
        "play_cards",
        "feeding",
        "attacks",
        "extinction",
        "end_of_game",
        "two_player",
        "quick_game",
    ),
)


class NorthStarWords(RulesetWords):
    ruleset = "north_star"
    phases = tuple(phase.value for phase in Phase)

    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> NorthStarTable:
        assert isinstance(view, TableView) and (mine is None or isinstance(mine, NorthStarSeatView))
        return NorthStarTable(view, ruleset=self.ruleset, mine=mine, language=language)

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
        assert isinstance(table, NorthStarTable)
        return summaries.public_lines(events, table)

    def private_lines(self, events: Iterable[Any], table: Table) -> list[str]:
        assert isinstance(table, NorthStarTable)
        return summaries.private_lines(events, table)

    def dm_worthy(self, events: Iterable[Any]) -> bool:
        return any(isinstance(e, summaries.DM_WORTHY) for e in events)

    def standings_lines(self, outcome: Outcome, table: Table) -> list[str]:
        assert isinstance(table, NorthStarTable)
        return summaries.standings_lines(outcome, table)

    def secret_sections(self, mine: SeatView, table: Table) -> list[Section]:
        assert isinstance(mine, NorthStarSeatView) and isinstance(table, NorthStarTable)
        return board.secret_sections(mine, table)

    def board_text(self, view: PublicView, language: str, *, mine: SeatView | None = None) -> str:
        return board.board(self.table(view, mine=mine, language=language))

    def own_row(self, mine: SeatView, language: str) -> str:
        return board.own_row(self.table(mine.table, mine=mine, language=language))


WORDS = NorthStarWords()
