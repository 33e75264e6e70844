"""North Star "Evolution" in words: its menus (``choices``), what happened (``summaries``), its table as text and
a player's secrets (``board``), its catalogue (``messages/``, keys read as ``north_star.<key>``) and its rule texts
(``texts/rule_texts/north_star/``). :data:`WORDS` is what the front ends find in :mod:`texts.registry`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules_core.engine import PublicView, SeatView
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import Phase
from rules_core.north_star.view import SeatView as NorthStarSeatView
from rules_core.north_star.view import TableView
from texts.north_star import board, choices, summaries
from texts.north_star.choices import NorthStarTable
from texts.presentation import ModuleWords


class NorthStarWords(ModuleWords):
    ruleset = "north_star"
    phases = tuple(phase.value for phase in Phase)
    # Revealing the food cards (and their reveal-time traits) opens phase 4, feeding (seed 000, "4. FÁZIS: ETETÉS").
    steps = MappingProxyType({Phase.REVEAL_EFFECTS.value: Phase.FEEDING.value})

    choices = choices
    summaries = summaries
    board = board
    trait_keys = frozenset(trait.value for trait in Trait)

    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> NorthStarTable:
        assert isinstance(view, TableView) and (mine is None or isinstance(mine, NorthStarSeatView))
        return NorthStarTable(view, ruleset=self.ruleset, mine=mine, language=language)

    def slow_game_tip(self, options: Mapping[str, Any], language: str) -> str | None:
        # Card play one player after another waits for each player once per card; the quick game plays it at once
        # (seed 000's quick game), so a round waits for each player about once: days fewer in a slow game.
        return None if options.get("quick_game") else self.msg("slow_game_tip", language)


WORDS = NorthStarWords()
