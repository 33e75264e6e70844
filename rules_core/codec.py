"""JSON-ready encoding of frozen dataclasses, tuples, lists, sets, dicts and enums, decoded by type hints. No pickle.

``encode(value, tp)`` turns a value of declared type ``tp`` into dicts, lists, strings and numbers; ``decode(tp,
data)`` reverses it using the dataclasses' annotations, with exact types (``True`` is no integer, ``16.0`` no card
id). Wherever the declared type is a union of several dataclasses (an event inside a state, an action in a log),
the encoded object carries a ``"type"`` tag with its class name, so the decoder knows which one it was;
``encode_tagged`` / ``decode_tagged`` tag a top-level value the same way. Generic dataclasses
(``Interrupts[Attack]``) are read with their type arguments. Dict keys are written as strings and read back as
their declared key type.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import operator
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from rules_core.errors import MalformedInput

T = TypeVar("T")
_NONE = type(None)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@functools.cache
def _fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _is_dataclass_type(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def _substitute(tp: Any, mapping: Mapping[Any, Any]) -> Any:
    """``tp`` with its type variables replaced as ``mapping`` says (``tuple[Interrupt[C], ...]`` -> with C bound)."""
    if not mapping:
        return tp
    if isinstance(tp, TypeVar):
        return mapping.get(tp, Any)
    args = typing.get_args(tp)
    if not args:
        return tp
    new = tuple(a if a is Ellipsis else _substitute(a, mapping) for a in args)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return functools.reduce(operator.or_, new)
    if origin is typing.Literal:
        return tp
    return origin[new]


@functools.cache
def _field_types(tp: Any) -> tuple[type, dict[str, Any]]:
    """A dataclass type (possibly parametrised, ``Interrupts[Attack]``) -> its class and its fields' types."""
    origin = typing.get_origin(tp) or tp
    hints = _hints(origin)
    params = getattr(origin, "__parameters__", ())
    mapping = dict(zip(params, typing.get_args(tp), strict=False)) if params else {}
    return origin, {name: _substitute(hints[name], mapping) for name in _fields(origin)}


def _dataclass_of(tp: Any) -> bool:
    return _is_dataclass_type(typing.get_origin(tp) or tp)


def _tagged_union(tp: Any) -> bool:
    """A union with more than one dataclass: its members are written with a ``"type"`` tag."""
    return sum(1 for arg in typing.get_args(tp) if _dataclass_of(arg)) > 1


def encode(value: Any, tp: Any = None) -> Any:
    """``value`` as JSON-ready data; ``tp`` is its declared type (the value's own class when left out)."""
    if tp is None or tp is Any or isinstance(tp, TypeVar):
        tp = type(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if typing.get_origin(tp) in (typing.Union, types.UnionType):
            data = _encode_object(value, type(value))
            if _tagged_union(tp):
                return {"type": type(value).__name__, **data}
            return data
        return _encode_object(value, tp if _dataclass_of(tp) else type(value))
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        item = _item_type(tp, len(value))
        return [encode(v, item(i)) for i, v in enumerate(value)]
    if isinstance(value, frozenset | set):
        (arg,) = typing.get_args(tp) or (Any,)
        items = [encode(v, arg) for v in value]
        try:
            return sorted(items)
        except TypeError:
            return sorted(items, key=_sort_key)
    if isinstance(value, dict):
        args = typing.get_args(tp)
        arg = args[1] if len(args) == 2 else Any
        return {str(encode(k)): encode(v, arg) for k, v in value.items()}
    return value


def _sort_key(value: Any) -> tuple[str, str]:
    return type(value).__name__, repr(value)


def _item_type(tp: Any, count: int) -> Any:
    args = typing.get_args(tp)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = ()
    if (len(args) == 2 and args[1] is Ellipsis) or (origin is list and len(args) == 1):
        return lambda _: args[0]
    if args and len(args) == count:
        return lambda i: args[i]
    return lambda _: Any


#: A dataclass field's metadata (``field(default=..., metadata=OMIT_AT_DEFAULT)``) that leaves the field out of the
#: JSON while it holds its default: data written before the field existed, and data written now with the default,
#: are then the same text (``Rng.generator``: the states of every game that draws the first way read as before).
OMIT_AT_DEFAULT: Mapping[str, Any] = types.MappingProxyType({"omit_at_default": True})


@functools.cache
def _omitted(cls: type) -> dict[str, Any]:
    """The fields of ``cls`` left out while they hold their default, with it."""
    return {f.name: f.default for f in dataclasses.fields(cls) if f.metadata.get("omit_at_default")}


def _encode_object(value: Any, tp: Any) -> dict[str, Any]:
    cls, types_ = _field_types(tp)
    omitted = _omitted(cls)
    if omitted:
        return {
            name: encode(getattr(value, name), types_[name])
            for name in types_
            if name not in omitted or getattr(value, name) != omitted[name]
        }
    return {name: encode(getattr(value, name), types_[name]) for name in types_}


def encode_tagged(value: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(value).__name__}
    data.update(encode(value))
    return data


def decode(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from ``encode``'s output; raises ``MalformedInput`` on a mismatch."""
    try:
        return _decode(tp, data)
    except MalformedInput:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
        raise MalformedInput(f"cannot read {getattr(tp, '__name__', tp)}: {exc}") from exc


def _decode(tp: Any, data: Any) -> Any:
    if tp is Any:
        return data
    if tp is _NONE:
        if data is not None:
            raise MalformedInput(f"expected null, got {data!r}")
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(tp, data)
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list | tuple):
            raise MalformedInput(f"expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in data)
        if len(args) != len(data):
            raise MalformedInput(f"expected {len(args)} items, got {len(data)}")
        return tuple(_decode(a, v) for a, v in zip(args, data, strict=True))
    if origin is list:
        if not isinstance(data, list | tuple):
            raise MalformedInput(f"expected a list, got {data!r}")
        (arg,) = typing.get_args(tp)
        return [_decode(arg, v) for v in data]
    if origin in (frozenset, set):
        if not isinstance(data, list | tuple):
            raise MalformedInput(f"expected a list, got {data!r}")
        (arg,) = typing.get_args(tp)
        return origin(_decode(arg, v) for v in data)
    if origin in (dict, Mapping):
        if not isinstance(data, Mapping):
            raise MalformedInput(f"expected an object, got {data!r}")
        key_type, value_type = typing.get_args(tp)
        return {_decode_key(key_type, k): _decode(value_type, v) for k, v in data.items()}
    if origin is typing.Literal:
        if data not in typing.get_args(tp) or type(data) not in {type(a) for a in typing.get_args(tp)}:
            raise MalformedInput(f"expected one of {typing.get_args(tp)}, got {data!r}")
        return data
    if _dataclass_of(tp):
        return _decode_object(tp, data)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if isinstance(data, bool) or not isinstance(data, str | int):
            raise MalformedInput(f"expected a {tp.__name__}, got {data!r}")
        return tp(data)
    if tp is bool:
        if not isinstance(data, bool):
            raise MalformedInput(f"expected true/false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise MalformedInput(f"expected an integer, got {data!r}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise MalformedInput(f"expected a number, got {data!r}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise MalformedInput(f"expected a string, got {data!r}")
        return data
    raise MalformedInput(f"cannot decode type {tp!r}")


def _decode_union(tp: Any, data: Any) -> Any:
    args = typing.get_args(tp)
    if data is None and _NONE in args:
        return None
    if _tagged_union(tp) and isinstance(data, Mapping) and isinstance(data.get("type"), str):
        for arg in args:
            if _dataclass_of(arg) and (typing.get_origin(arg) or arg).__name__ == data["type"]:
                return _decode(arg, data)
        raise MalformedInput(f"{data['type']!r} is not one of {tp}")
    errors = []
    for arg in args:
        if arg is _NONE:
            continue
        try:
            return _decode(arg, data)
        except (TypeError, ValueError, KeyError, MalformedInput) as exc:
            errors.append(str(exc))
    raise MalformedInput(f"no alternative of {tp} fits {data!r}: {errors}")


def _decode_key(tp: Any, key: Any) -> Any:
    if not isinstance(key, str):
        raise MalformedInput(f"expected a text key, got {key!r}")
    if tp is int or (isinstance(tp, type) and issubclass(tp, enum.IntEnum)):
        if not key.lstrip("-").isdigit():
            raise MalformedInput(f"expected a number key, got {key!r}")
        return tp(int(key))
    return _decode(tp, key)


def _decode_object(tp: Any, data: Any) -> Any:
    cls, types_ = _field_types(tp)
    if not isinstance(data, Mapping):
        raise MalformedInput(f"expected an object for {cls.__name__}, got {data!r}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _decode(types_[f.name], data[f.name])
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise MalformedInput(f"{cls.__name__} lacks {f.name!r}")
    unknown = set(data) - set(types_) - {"type"}
    if unknown:
        raise MalformedInput(f"{cls.__name__} has unknown fields {sorted(unknown)}")
    return cls(**kwargs)


def field(data: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    """The value of ``key`` in a hand-written JSON object (a position), of exactly type ``kind`` (``True`` is no
    integer), or ``default`` when it is left out; a :class:`MalformedInput` names the field otherwise."""
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


def decode_tagged(classes: Mapping[str, type[T]], data: Any) -> T:
    if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
        raise MalformedInput(f"expected an object with a 'type', got {data!r}")
    cls = classes.get(data["type"])
    if cls is None:
        raise MalformedInput(f"unknown type {data['type']!r}")
    value: T = decode(cls, data)
    return value


def made_field(
    data: Mapping[str, Any], key: str, on_table: Sequence[int], taken: set[int], *, code: str
) -> tuple[int, ...]:
    """The ids of every species or animal a player has had, in order (the number in each one's name, docs/rulings.md
    "Stable names"), from a hand-written position: as written under ``key``, or those ``on_table`` by id when left
    out. Each id once, every one on the table among them, none also another player's (``taken``, which this adds
    to; ``code`` refuses a shared one)."""
    written = field(data, key, list, None)
    if written is None:
        made = tuple(sorted(on_table))
    elif any(isinstance(i, bool) or not isinstance(i, int) for i in written) or len(set(written)) != len(written):
        raise MalformedInput(f"{key!r} must list ids, each once", code="bad_field", field=key)
    elif any(i not in written for i in on_table):
        raise MalformedInput(f"{key!r} must list every one on the player's table", code="bad_field", field=key)
    else:
        made = tuple(written)
    if taken.intersection(made):
        raise MalformedInput(f"two players' {key!r} share an id", code=code)
    taken.update(made)
    return made
