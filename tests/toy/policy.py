"""The test game's computer player: it sees its seat's view only; high stones are worth challenging with."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.toy.rules import Answer, Call, Pick, ToySeat


def choose_action(ruleset: Any, view: ToySeat, legal: Sequence[Any]) -> Any:
    picks = [a for a in legal if isinstance(a, Pick)]
    if picks:
        return max(picks, key=lambda a: a.stone)
    bold = view.pick is not None and view.pick >= 3
    for action in legal:
        if isinstance(action, Call) and action.challenge == bold:
            return action
        if isinstance(action, Answer) and action.show == bold:
            return action
    return legal[0]
