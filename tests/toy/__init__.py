"""A tiny two-player rule system used only by tests (``tests/toy/rules.py``), with its words, board and computer
player, registered by :func:`registered` for the length of a test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from computer_players import registry as policies
from renderer import registry as drawers
from rules_core import registry as rulesets
from tests.toy import drawer, policy, words
from tests.toy.rules import RULES, ToyTable
from texts import messages
from texts import registry as texts


@contextmanager
def registered() -> Iterator[None]:
    """The test game is playable (rules, words, catalogue, board, computer player) inside the block."""
    rulesets.register(RULES)
    texts.register(words.WORDS)
    messages.add_catalogue(RULES.name, words.FOLDER / "messages")
    drawers.register(ToyTable, drawer.draw)
    policies.register(RULES.name, policy.choose_action)
    try:
        yield
    finally:
        policies.unregister(RULES.name)
        drawers.unregister(ToyTable)
        messages.remove_catalogue(RULES.name)
        texts.unregister(RULES.name)
        rulesets.unregister(RULES.name)
