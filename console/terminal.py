"""The console's input and output, behind three injectable functions so tests need no terminal.

``read(prompt) -> str`` asks for one line; it raises :class:`Quit` when the player leaves (``q``, Ctrl-D, Ctrl-C),
``write(text)`` prints, ``clear()`` wipes the screen between hot-seat players. :func:`real_terminal` builds them
over ``input``/``print``.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType
from typing import TextIO

#: Clear the screen and the scrollback (xterm and most terminals), cursor home.
CLEAR_SCREEN = "\033[H\033[2J\033[3J"
#: What ``q`` at any prompt means.
QUIT_WORDS = frozenset({"q", "quit", "exit"})


class Quit(Exception):
    """The player left (q, Ctrl-D or Ctrl-C). Everything played so far is already saved."""


@dataclass(slots=True)
class Terminal:
    read: Callable[[str], str]
    write: Callable[[str], None]
    clear: Callable[[], None]
    #: Set when Ctrl-C came while the console was busy (not reading): it quits at the next prompt.
    interrupted: Callable[[], bool] = field(default=lambda: False)

    def ask(self, prompt: str) -> str:
        """One stripped line; ``q`` (or Ctrl-D, Ctrl-C) raises :class:`Quit`."""
        if self.interrupted():
            raise Quit
        answer = self.read(prompt).strip()
        if answer.lower() in QUIT_WORDS:
            raise Quit
        return answer


class _Interrupts:
    """Ctrl-C while waiting for input quits at once; while the game is being saved it quits at the next prompt,
    so a write is never cut in half (the database would roll it back anyway) and the database closes cleanly."""

    def __init__(self) -> None:
        self.reading = False
        self.pending = False

    def handler(self, signum: int, frame: FrameType | None) -> None:
        if self.reading:
            raise KeyboardInterrupt
        self.pending = True


def real_terminal(stdin: TextIO | None = None, stdout: TextIO | None = None) -> Terminal:
    """The terminal over ``input`` and ``print``; call :func:`install_interrupts` to catch Ctrl-C gently."""
    out = stdout if stdout is not None else sys.stdout
    source = stdin if stdin is not None else sys.stdin
    interrupts = _INTERRUPTS

    def read(prompt: str) -> str:
        interrupts.reading = True
        try:
            if source is sys.stdin and out is sys.stdout:
                return input(prompt)
            out.write(prompt)
            out.flush()
            line = source.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
        except (EOFError, KeyboardInterrupt):
            out.write("\n")
            raise Quit from None
        finally:
            interrupts.reading = False

    def write(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    def clear() -> None:
        if out.isatty():
            out.write(CLEAR_SCREEN)
        else:
            out.write("\n" * 3 + "-" * 60 + "\n")
        out.flush()

    return Terminal(read, write, clear, interrupted=lambda: interrupts.pending)


_INTERRUPTS = _Interrupts()


def install_interrupts() -> None:
    """Route Ctrl-C through the console (only from the main thread, as signal handlers must be)."""
    signal.signal(signal.SIGINT, _INTERRUPTS.handler)
