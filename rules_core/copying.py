"""Frozen, slotted dataclasses fast enough for the engines' hot paths: ``evolve`` makes a changed copy,
``quick_init`` a faster constructor."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")
_COPIERS: dict[type, Any] = {}
#: Marks a field that ``evolve`` was not asked to change.
_KEEP = object()


def _copier(cls: type) -> Any:
    """A function that copies an instance of ``cls`` with changes, generated once per class (the way
    ``dataclasses`` builds ``__init__``): the changes are keyword-only arguments, so Python itself refuses an
    unknown field, and each slot is written through its own descriptor, without a lookup by name."""
    names = cls.__slots__  # type: ignore[attr-defined]
    arguments = ", ".join(f"{name}=keep" for name in names)
    body = "".join(f"    set_{name}(n, o.{name} if {name} is keep else {name})\n" for name in names)
    source = f"def evolve_{cls.__name__}(o, *, {arguments}):\n    n = new(cls)\n{body}    return n\n"
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "keep": _KEEP}
    namespace.update({f"set_{name}": cls.__dict__[name].__set__ for name in names})
    exec(source, namespace)
    return namespace[f"evolve_{cls.__name__}"]


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen slotted dataclass with some fields changed.

    ``dataclasses.replace`` re-runs ``__init__`` and was a third of the engine's time on the hot path of every
    action; a generated copier is several times faster. Field names are checked here (a ``TypeError``), not by
    mypy.
    """
    copier = _COPIERS.get(type(obj))
    if copier is None:
        copier = _COPIERS[type(obj)] = _copier(type(obj))
    new: T = copier(obj, **changes)
    return new


def quick_init(cls: type[T]) -> type[T]:
    """Give a frozen slotted dataclass an ``__init__`` that writes each slot through its descriptor.

    The ``__init__`` that ``dataclasses`` writes for a frozen class looks ``object.__setattr__`` up for every field;
    move generation builds thousands of actions per game, and this one is about twice as fast. It takes the same
    parameters with the same defaults; a class with a ``default_factory`` or a ``__post_init__`` is refused.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if any(f.default_factory is not dataclasses.MISSING for f in fields) or hasattr(cls, "__post_init__"):
        raise TypeError(f"quick_init cannot build {cls.__name__}")
    parameters = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=default_{f.name}" for f in fields)
    body = "".join(f"    set_{f.name}(self, {f.name})\n" for f in fields) or "    pass\n"
    namespace: dict[str, Any] = {f"set_{f.name}": cls.__dict__[f.name].__set__ for f in fields}
    namespace.update({f"default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING})
    exec(f"def __init__(self, {parameters}):\n{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
    return cls
