"""Who may see an event: the two bases every rule system's events derive from.

A public event may reach the channel, the history and the board; a private one reaches only the seats in its
``audience``. The rules core decides which is which, never a front end.
"""

from __future__ import annotations


class Public:
    """An event everybody may see."""

    __slots__ = ()

    @property
    def audience(self) -> frozenset[int] | None:
        return None


class Private:
    """An event only its ``seat`` may see."""

    __slots__ = ()
    seat: int

    @property
    def audience(self) -> frozenset[int] | None:
        return frozenset((self.seat,))
