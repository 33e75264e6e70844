"""The original "Evolution" (Origin of Species, seed 003) in words: its menus (``choices``), what happened
(``summaries``), its table as text and a player's hand (``board``), its catalogue (``messages/``, keys read as
``origin.<key>``) and its ``/rules`` book (``texts/rule_texts/origin/``), whose trait names are the only ones the
other words use. :data:`WORDS` is what the front ends find in :mod:`texts.registry`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_core.engine import PublicView, SeatView
from rules_core.origin.actions import OrderAction, SetAnglerfish
from rules_core.origin.cards import Trait
from rules_core.origin.state import Phase
from rules_core.origin.traits.anglerfish import is_anglerfish
from rules_core.origin.view import SeatView as OriginSeatView
from rules_core.origin.view import TableView
from texts.origin import board, choices, summaries
from texts.origin.table import OriginTable
from texts.presentation import ModuleWords


class OriginWords(ModuleWords):
    ruleset = "origin"
    phases = tuple(phase.value for phase in Phase)

    choices = choices
    summaries = summaries
    board = board
    trait_keys = frozenset(trait.value for trait in Trait)

    def offered(self, actions: Sequence[Any], mine: SeatView) -> Sequence[Any]:
        """A decision's menu lists the Anglerfish order only to a player who holds an Anglerfish (in hand or as an
        animal): "Time to Fly" offers it to every seat all game long, so that the table learns nothing from the
        opportunity (rules_core/origin/orders.py), but listed in every menu from the first turn it only distracts.
        The orders' own panel (a player who owes nothing: "My hand") still lists every order."""
        assert isinstance(mine, OriginSeatView)
        if all(isinstance(action, OrderAction) for action in actions) or any(
            is_anglerfish(card) for card in (*mine.hand, *(card for _, card in mine.animal_cards))
        ):
            return actions
        return [action for action in actions if not isinstance(action, SetAnglerfish)]

    def discard_pile(self, view: PublicView, language: str) -> str | None:
        assert isinstance(view, TableView)
        return board.discard_pile(view, language)

    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> OriginTable:
        assert isinstance(view, TableView) and (mine is None or isinstance(mine, OriginSeatView))
        return OriginTable(view, ruleset=self.ruleset, mine=mine, language=language)


WORDS = OriginWords()
