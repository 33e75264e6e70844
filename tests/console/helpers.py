"""A scripted terminal for console tests: answers come from a chooser, and everything is recorded in order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from console.terminal import Quit, Terminal

#: (what, text): "out" for a written text, "ask" for a prompt (with the answer given), "clear" for a cleared screen.
Entry = tuple[str, str]


def first_option(prompt: str, transcript: list[Entry]) -> str:
    """Press Enter at "pass the keyboard" prompts, choose option 1 in every menu."""
    return "" if prompt.startswith("Pass the keyboard") else "1"


@dataclass
class Script:
    """Answers prompts with ``chooser``; after ``quit_after`` menu answers it leaves (raises Quit, as q, Ctrl-D or
    Ctrl-C do in a real terminal)."""

    chooser: Callable[[str, list[Entry]], str] = first_option
    quit_after: int | None = None
    transcript: list[Entry] = field(default_factory=list)
    answers: int = 0
    limit: int = 20_000

    def read(self, prompt: str) -> str:
        if self.quit_after is not None and self.answers >= self.quit_after:
            self.transcript.append(("ask", prompt))
            raise Quit
        self.answers += 1
        if self.answers > self.limit:
            raise AssertionError("the console keeps asking: the game does not end")
        answer = self.chooser(prompt, self.transcript)
        self.transcript.append(("ask", prompt + answer))
        return answer

    def write(self, text: str) -> None:
        self.transcript.append(("out", text))

    def clear(self) -> None:
        self.transcript.append(("clear", ""))

    def terminal(self) -> Terminal:
        return Terminal(self.read, self.write, self.clear)

    @property
    def output(self) -> str:
        return "\n".join(text for kind, text in self.transcript if kind in ("out", "ask"))
