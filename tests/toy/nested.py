"""The test game's words with its picks one level down: "picking a stone" first, then the stones. The game is the
same; only its menus nest, for the front ends' mechanics that need a menu inside a menu (going back a level, leaving
in the middle of a move)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rules_core.engine import PublicView, SeatView
from tests.toy import words
from tests.toy.rules import RULES, Pick
from texts.menus import Path as MenuPath
from texts.registry import WORDS

#: The token of the choice the stones are listed under.
PICKS = "S"


class NestedTableWords(words.ToyTableWords):
    __slots__ = ()

    def label(self, prefix: Sequence[str], token: str) -> str:
        return self.own("decision.pick") if token == PICKS else super().label(prefix, token)


class NestedWords(words.ToyWords):
    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> NestedTableWords:
        return NestedTableWords(view, ruleset=self.ruleset, mine=mine, language=language)

    def action_path(self, action: Any) -> MenuPath:
        path = super().action_path(action)
        return (PICKS, *path) if isinstance(action, Pick) else path


@contextmanager
def nested_picks() -> Iterator[None]:
    """Inside ``tests.toy.registered()``: the test game's menus are :class:`NestedWords`'."""
    WORDS.unregister(RULES.name)
    WORDS.register(RULES.name, NestedWords())
    try:
        yield
    finally:
        WORDS.unregister(RULES.name)
        WORDS.register(RULES.name, words.WORDS)
