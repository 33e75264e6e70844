"""Every menu a player can open from a prompt, and the prompts of a random game, for the tests of any rule system's
menus."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from rules_core.engine import AnyRuleset, Decision
from texts.menus import Menu, PathOf, menu

#: How many moves a random game is followed for, at most.
STEPS = 400


def random_prompts(
    rules: AnyRuleset, *, players: Sequence[str], options: Mapping[str, Any], seed: int
) -> Iterator[tuple[int, Any, Decision, Sequence[Any]]]:
    """Along a random game (a random decision, a random one of its legal actions, to the end or for ``STEPS``
    moves): each step, the state, the decision chosen and its seat's legal actions."""
    rng = random.Random(seed)
    state, _ = rules.new_game(players=players, options=options, seed=seed)
    for step in range(STEPS):
        if rules.outcome(state) is not None:
            return
        decision = rng.choice(rules.decisions(state))
        actions = rules.legal_actions(state, decision.seat)
        yield step, state, decision, actions
        state, _ = rules.apply(state, rng.choice(actions))


def every_menu(actions: Iterable[Any], path: PathOf) -> list[Menu]:
    """Every menu a player can reach from the prompt of ``actions`` by clicking through its choices (``path``: the
    rule system's ``action_path``); each has something to choose."""
    actions = list(actions)
    found = []
    frontier: list[tuple[str, ...]] = [()]
    while frontier:
        shown = menu(actions, frontier.pop(), path)
        assert shown is not None and shown.options
        found.append(shown)
        frontier += [(*shown.prefix, o.token) for o in shown.options if o.action is None]
    return found
