"""Legal actions as a tree of short tokens: the shape of every menu, custom id and autocomplete choice.

The front ends make no rule decisions: the rules enumerate the legal actions of a seat, each rule system's
presentation gives every action a *path* of tokens (one per choice, e.g. North Star's ``c12 / t / s5 / r-`` for
"play card 12 as a trait of species 5, discarding nothing"), and this module only arranges the actions as a tree
that a player walks one click at a time. Paths are prefix-free, so a menu at a prefix lists the distinct next tokens
of the legal actions under it, and a choice whose subtree holds a single action plays it. A level with a single
choice is skipped.

A token is a letter followed by digits, dots and dashes (``c12``, ``n3.10``, ``r-``). One convention is shared by
every rule system: a token ``d<n>.<n>...`` is a *multi-choice* (choose several things at once, e.g. the cards to
discard), which a front end may offer as one multi-select of its parts. Everything here is pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

Path = tuple[str, ...]
K = TypeVar("K")
#: The path of one action, as a rule system's presentation gives it.
PathOf = Callable[[Any], Path]
#: What a token may look like (so a custom id or an autocomplete value can be checked before use).
TOKEN = re.compile(r"[A-Za-z][0-9.\-]*")
PATH_TEXT = re.compile(r"(?:[A-Za-z][0-9.\-]*)(?:/[A-Za-z][0-9.\-]*)*")
#: The letter of a multi-choice token.
MULTI = "d"
_MULTI_TOKEN = re.compile(r"d[0-9]+(?:\.[0-9]+)*")


def path_text(path: Sequence[str]) -> str:
    return "/".join(path)


def parse_path(text: str) -> Path:
    """A path from its text form; ValueError when it is not one."""
    if text == "":
        return ()
    if not PATH_TEXT.fullmatch(text):
        raise ValueError("not a path")
    return tuple(text.split("/"))


def is_multi(token: str) -> bool:
    return bool(_MULTI_TOKEN.fullmatch(token))


def multi_parts(token: str) -> tuple[int, ...]:
    """The numbers a multi-choice token chooses (``d3.12`` -> ``(3, 12)``)."""
    return tuple(int(part) for part in token[1:].split("."))


def multi_token(parts: Iterable[int]) -> str:
    """The multi-choice token of ``parts`` (in order: the same set always makes the same token)."""
    return MULTI + ".".join(str(p) for p in sorted(parts))


def token_number(token: str) -> int:
    return int(token[1:])


class Codes(Generic[K]):
    """A rule system's fixed codes for the names a path carries (its traits), both ways. A button posted days ago
    must still mean what it meant, so the codes come from a table kept with the rule system's cards, never from an
    enum's order."""

    def __init__(self, codes: Mapping[K, str]) -> None:
        self._code = dict(codes)
        self._name = {code: name for name, code in codes.items()}
        if len(self._name) != len(self._code) or not all(code.isdigit() for code in self._name):
            raise ValueError("each name needs a code of its own, in digits")

    def code(self, name: K) -> str:
        return self._code[name]

    def name(self, code: str) -> K:
        """The name of ``code`` (a KeyError for a code the table does not hold)."""
        return self._name[code]


@dataclass(frozen=True, slots=True)
class Option:
    """One next choice of a menu: its token and the legal actions under it."""

    token: str
    actions: tuple[Any, ...]

    @property
    def action(self) -> Any | None:
        """The action this choice plays at once (its subtree holds exactly one), else None."""
        return self.actions[0] if len(self.actions) == 1 else None


@dataclass(frozen=True, slots=True)
class Menu:
    """The choices at a prefix (after skipping levels that offer a single choice)."""

    prefix: Path
    options: tuple[Option, ...]


def under(actions: Iterable[Any], prefix: Sequence[str], path_of: PathOf) -> list[tuple[Path, Any]]:
    """The legal actions whose path starts with ``prefix``, with their paths."""
    size = len(prefix)
    wanted = tuple(prefix)
    found = []
    for action in actions:
        path = path_of(action)
        if path[:size] == wanted:
            found.append((path, action))
    return found


def menu(actions: Iterable[Any], prefix: Sequence[str], path_of: PathOf) -> Menu | None:
    """The menu at ``prefix``; None when no legal action lies under it (a stale or forged choice)."""
    current: Path = tuple(prefix)
    found = under(actions, current, path_of)
    if not found:
        return None
    while True:
        size = len(current)
        grouped: dict[str, list[Any]] = {}
        for path, action in found:
            if len(path) > size:
                grouped.setdefault(path[size], []).append(action)
        options = tuple(Option(token, tuple(group)) for token, group in grouped.items())
        if len(options) == 1 and options[0].action is None:
            current += (options[0].token,)
            continue
        return Menu(current, options)


def chosen(actions: Iterable[Any], path: Sequence[str], path_of: PathOf) -> Any | list[tuple[Path, Any]] | None:
    """What a click on ``path`` means: the single action under it (play it), the several actions under it (show a
    menu), or None (no legal action lies under it any more)."""
    found = under(actions, path, path_of)
    if not found:
        return None
    if len(found) == 1:
        return found[0][1]
    return found


def back_prefix(actions: Sequence[Any], shown: Menu, path_of: PathOf) -> Path | None:
    """Where "Back" goes from ``shown``: the last level before it that offered a real choice (None at the top)."""
    for size in range(len(shown.prefix) - 1, -1, -1):
        earlier = menu(actions, shown.prefix[:size], path_of)
        if earlier is not None and earlier.prefix != shown.prefix:
            return shown.prefix[:size]
    return None


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
