"""A tiny two-player rule system used only by tests (``tests/toy/rules.py``), with its words, board and computer
player, registered by :func:`registered` for the length of a test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from computer_players.registry import POLICIES
from renderer.registry import DRAWERS
from rules_core.registry import RULESETS
from tests.toy import drawer, policy, words
from tests.toy.rules import RULES, ToyTable
from texts import messages
from texts.registry import WORDS


@contextmanager
def registered() -> Iterator[None]:
    """The test game is playable (rules, words, catalogue, board, computer player) inside the block."""
    RULESETS.register(RULES.name, RULES)
    WORDS.register(RULES.name, words.WORDS)
    messages.add_catalogue(RULES.name, words.FOLDER / "messages")
    DRAWERS.register(ToyTable, drawer.draw)
    POLICIES.register(RULES.name, policy.choose_action)
    try:
        yield
    finally:
        POLICIES.unregister(RULES.name)
        DRAWERS.unregister(ToyTable)
        messages.remove_catalogue(RULES.name)
        WORDS.unregister(RULES.name)
        RULESETS.unregister(RULES.name)
