"""Every menu a player can open from a prompt, for the tests of any rule system's menus."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from texts.menus import Menu, PathOf, menu


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
