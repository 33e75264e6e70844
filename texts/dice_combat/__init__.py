"""The dice-combat game "Is the evolution baby!!!" (seed 004) in words: its menus (``choices``), what happened
(``summaries``), its table as text and a player's hand (``board``), its cards by name (``cards``, read from the rule
book), its catalogue (``messages/``, keys read as ``dice_combat.<key>``) and its ``/rules`` book
(``texts/rule_texts/dice_combat/``). :data:`WORDS` is what the front ends find in :mod:`texts.registry`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules_core.dice_combat.cards import KINDS
from rules_core.dice_combat.state import Phase
from rules_core.dice_combat.view import SeatView as DiceCombatSeatView
from rules_core.dice_combat.view import TableView
from rules_core.engine import Outcome, PublicView, SeatView
from texts.dice_combat import board, choices, summaries
from texts.dice_combat.cards import kind_name
from texts.dice_combat.choices import DiceCombatTable
from texts.menus import Path
from texts.presentation import RulesetWords, Section, Table

_KIND_VALUES = frozenset(kind.value for kind in KINDS)


class DiceCombatWords(RulesetWords):
    ruleset = "dice_combat"
    phases = tuple(phase.value for phase in Phase)

    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> DiceCombatTable:
        assert isinstance(view, TableView) and (mine is None or isinstance(mine, DiceCombatSeatView))
        return DiceCombatTable(view, ruleset=self.ruleset, mine=mine, language=language)

    def action_path(self, action: Any) -> Path:
        return choices.action_path(action)

    def edition(self, view: PublicView) -> int:
        """The game's own edition of the cards: its rule texts are the ones a player reads in it."""
        assert isinstance(view, TableView)
        return view.edition

    def worded(self, value: Any, language: str) -> Any:
        """A refusal's evolution kind (``kind_already_there``) by its card name."""
        return kind_name(value, language) if isinstance(value, str) and value in _KIND_VALUES else value

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
        assert isinstance(table, DiceCombatTable)
        return summaries.public_lines(events, table)

    def private_lines(self, events: Iterable[Any], table: Table) -> list[str]:
        assert isinstance(table, DiceCombatTable)
        return summaries.private_lines(events, table)

    def dm_worthy(self, events: Iterable[Any]) -> bool:
        return any(isinstance(e, summaries.DM_WORTHY) for e in events)

    def standings_lines(self, outcome: Outcome, table: Table) -> list[str]:
        assert isinstance(table, DiceCombatTable)
        return summaries.standings_lines(outcome, table)

    def secret_sections(self, mine: SeatView, table: Table) -> list[Section]:
        assert isinstance(mine, DiceCombatSeatView) and isinstance(table, DiceCombatTable)
        return board.secret_sections(mine, table)

    def board_text(self, view: PublicView, language: str, *, mine: SeatView | None = None) -> str:
        return board.board(self.table(view, mine=mine, language=language))

    def own_row(self, mine: SeatView, language: str) -> str:
        return board.own_row(self.table(mine.table, mine=mine, language=language))


WORDS = DiceCombatWords()
