"""One request as the bot sends it to Discord's HTTP API (v10), what a check found wrong with it, and how a
concrete path finds its route template.

Templates are written the way Discord's OpenAPI description writes its paths (``/channels/{channel_id}/messages``),
so the fake Discord, the documented limits and the description share one way of naming a route.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

#: How much of a long value a refusal shows.
SHOWN = 60


@dataclass(frozen=True, slots=True)
class Upload:
    """One file part of a multipart request."""

    part: str
    filename: str
    size: int


@dataclass(frozen=True, slots=True)
class Request:
    """What the bot asked of Discord: the path has no ``/api/v10`` prefix and no query string."""

    method: str
    path: str
    body: Any = None
    query: Mapping[str, object] = field(default_factory=dict)
    uploads: tuple[Upload, ...] = ()
    #: Sent as ``multipart/form-data`` (the body is its ``payload_json``), not as ``application/json``.
    multipart: bool = False


@dataclass(frozen=True, slots=True)
class Violation:
    """Why Discord would refuse a request: where in it, which rule, and the value sent there."""

    method: str
    path: str
    where: str
    rule: str
    value: object

    def __str__(self) -> str:
        return f"{self.method} {self.path}: {self.where}: {self.rule} (sent {shown(self.value)})"


def shown(value: object) -> str:
    """A value short enough for a test report; a long string keeps its length."""
    if isinstance(value, str) and len(value) > SHOWN:
        return f"{value[:SHOWN]!r}... ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}... ({type(value).__name__})"


@cache
def _pattern(template: str) -> re.Pattern[str]:
    pieces = re.split(r"(\{[^}/]+\})", template)
    return re.compile("".join("([^/]+)" if p.startswith("{") else re.escape(p) for p in pieces if p))


def route_of(templates: Iterable[str], path: str) -> str | None:
    """The template a concrete path belongs to. A literal segment beats a parameter, as on Discord:
    ``.../messages/@original`` is not ``.../messages/{message_id}``."""
    matching = [t for t in templates if _pattern(t).fullmatch(path)]
    return min(matching, key=lambda t: (t.count("{"), t), default=None)


def path_parameters(template: str, path: str) -> dict[str, str]:
    """The values a concrete path gives a template's parameters."""
    found = _pattern(template).fullmatch(path)
    if found is None:
        return {}
    names = re.findall(r"\{([^}/]+)\}", template)
    return dict(zip(names, found.groups(), strict=True))
