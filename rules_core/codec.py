"""JSON-ready encoding of frozen dataclasses, tuples and enums, decoded by type hints. No pickle.

``encode`` turns a value into dicts, lists, strings and numbers; ``decode(cls, data)`` reverses it using the
dataclass's annotations. Unions of dataclasses are tagged with ``"type"`` (the class name) by ``encode_tagged`` /
``decode_tagged``, which is how actions and events travel.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from rules_core.errors import MalformedInput

T = TypeVar("T")


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(encode(v) for v in value)
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    return value


def encode_tagged(value: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(value).__name__}
    data.update(encode(value))
    return data


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from ``encode``'s output; raises ``MalformedInput`` on a mismatch."""
    try:
        return _decode(tp, data)
    except MalformedInput:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise MalformedInput(f"cannot read {getattr(tp, '__name__', tp)}: {exc}") from exc


def _decode(tp: Any, data: Any) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _decode(arg, data)
            except (TypeError, ValueError, KeyError, MalformedInput) as exc:
                errors.append(str(exc))
        raise MalformedInput(f"no alternative of {tp} fits {data!r}: {errors}")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list | tuple):
            raise MalformedInput(f"expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in data)
        if len(args) != len(data):
            raise MalformedInput(f"expected {len(args)} items, got {len(data)}")
        return tuple(_decode(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        return frozenset(_decode(arg, v) for v in data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, Mapping):
            raise MalformedInput(f"expected an object for {tp.__name__}, got {data!r}")
        hints = _hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name in data:
                kwargs[f.name] = _decode(hints[f.name], data[f.name])
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise MalformedInput(f"{tp.__name__} lacks {f.name!r}")
        unknown = set(data) - {f.name for f in dataclasses.fields(tp)} - {"type"}
        if unknown:
            raise MalformedInput(f"{tp.__name__} has unknown fields {sorted(unknown)}")
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if tp is bool:
        if not isinstance(data, bool):
            raise MalformedInput(f"expected true/false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise MalformedInput(f"expected an integer, got {data!r}")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise MalformedInput(f"expected a string, got {data!r}")
        return data
    if typing.get_origin(tp) is typing.Literal:
        if data not in typing.get_args(tp):
            raise MalformedInput(f"expected one of {typing.get_args(tp)}, got {data!r}")
        return data
    raise MalformedInput(f"cannot decode type {tp!r}")


def decode_tagged(classes: Mapping[str, type[T]], data: Any) -> T:
    if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
        raise MalformedInput(f"expected an object with a 'type', got {data!r}")
    cls = classes.get(data["type"])
    if cls is None:
        raise MalformedInput(f"unknown type {data['type']!r}")
    value: T = decode(cls, data)
    return value
