"""A registry by name: what each layer of the project keeps of its rule systems (the rules, their words, their
boards, their computer players), with the same way to add one for a while (a test's toy game)."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Registry(dict[K, V]):
    """A dict of the entries known by name, plus registering and unregistering one."""

    def register(self, key: K, value: V) -> None:
        """Add ``value`` under ``key``; another value already there is a ValueError (never replaced silently)."""
        if self.get(key, value) is not value:
            raise ValueError(f"{key!r} is registered already")
        self[key] = value

    def unregister(self, key: K) -> None:
        self.pop(key, None)
