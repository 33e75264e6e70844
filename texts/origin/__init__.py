"""The original "Evolution" (Origin of Species, seed 003) in words: its menus (``choices``), what happened
(``summaries``), its table as text and a player's hand (``board``), its catalogue (``messages/``, keys read as
``origin.<key>``) and its ``/rules`` book (``texts/rule_texts/origin/``), whose trait names are the only ones the
other words use. :data:`WORDS` is what the front ends find in :mod:`texts.registry`."""

from __future__ import annotations

from rules_core.engine import PublicView, SeatView
from rules_core.origin.cards import Trait
from rules_core.origin.state import Phase
from rules_core.origin.view import SeatView as OriginSeatView
from rules_core.origin.view import TableView
from texts.origin import board, choices, summaries
from texts.origin.choices import OriginTable
from texts.presentation import ModuleWords


class OriginWords(ModuleWords):
    ruleset = "origin"
    phases = tuple(phase.value for phase in Phase)

    choices = choices
    summaries = summaries
    board = board
    trait_keys = frozenset(trait.value for trait in Trait)

    def discard_pile(self, view: PublicView, language: str) -> str | None:
        assert isinstance(view, TableView)
        return board.discard_pile(view, language)

    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> OriginTable:
        assert isinstance(view, TableView) and (mine is None or isinstance(mine, OriginSeatView))
        return OriginTable(view, ruleset=self.ruleset, mine=mine, language=language)


WORDS = OriginWords()
