"""What every rule system's position format (docs/position-format.md) reads the same way: a typed field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.errors import MalformedInput


def field(data: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    """``data[key]``, which must be a ``kind`` (an integer is never a ``True``); ``default`` when it is left out,
    or a :class:`MalformedInput` naming the field when there is no default."""
    if key not in data:
        if default is ...:
            raise MalformedInput(f"the position lacks {key!r}", code="missing_field", field=key)
        return default
    value = data[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise MalformedInput(f"{key!r} must be an integer", code="bad_field", field=key)
    if not isinstance(value, kind):
        raise MalformedInput(f"{key!r} must be a {kind.__name__}", code="bad_field", field=key)
    return value
