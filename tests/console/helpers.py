"""A scripted terminal for console tests: answers come from a chooser, and everything is recorded in order."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from computer_players.registry import choose_action
from console.session import Setup
from console.terminal import Quit, Terminal
from game_service import GameService
from texts.messages import message

#: (what, text): "out" for a written text, "ask" for a prompt (with the answer given), "clear" for a cleared screen.
Entry = tuple[str, str]


def first_option(prompt: str, transcript: list[Entry]) -> str:
    """Press Enter at "pass the keyboard" prompts, choose option 1 in every menu."""
    return "" if prompt.startswith("Pass the keyboard") else "1"


#: A numbered option of a menu, as the console lists it.
OPTION = re.compile(r" +[0-9]+\. (.*)")


@dataclass(frozen=True)
class Menu:
    """A menu the console showed before it asked for an answer: whose turn it was (the last turn's heading), its
    options' labels and its line of help."""

    turn: str
    options: list[str]
    help: str


def menus(transcript: list[Entry]) -> list[Menu]:
    """Each menu shown, in order, each before the answer it asked for."""
    found: list[Menu] = []
    turn, help_line = "", ""
    options: list[str] = []
    for kind, text in transcript:
        if kind == "ask":
            if options:
                found.append(Menu(turn, options, help_line))
            options, help_line = [], ""
        elif text.startswith("--- ") and " your turn" in text:
            turn = text
        elif (option := OPTION.fullmatch(text)) is not None:
            options.append(option.group(1))
        elif text.startswith("  ("):
            help_line = text.strip()
    return found


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


def answers(*given: str) -> Script:
    """Answer with ``given`` first, then as :func:`first_option` does for ever."""
    queue: Iterator[str] = iter(given)

    def chooser(prompt: str, transcript: list[Entry]) -> str:
        answer = next(queue, None)
        return first_option(prompt, transcript) if answer is None else answer

    return Script(chooser=chooser)


async def toy_service(database: Path) -> GameService:
    """The game service on ``database`` whose computers play each rule system's computer player (the toy game's too)
    on the event loop: the service's worker processes know the shipped rule systems only."""
    return await GameService.open(database=database, computer_policy=choose_action)


def toy_setup(humans: tuple[str, ...], computers: int, *, seed: int, rounds: int | None = None) -> Setup:
    """A new table of the toy game (of ``rounds`` rounds, else the game's own number)."""
    return Setup(humans, computers, seed, "toy", {} if rounds is None else {"rounds": rounds})


def stone_label() -> re.Pattern[str]:
    """A stone of the toy game, as its menus and panels name it (its words are known once it is registered)."""
    return re.compile(re.escape(message("toy.stone", n=999)).replace("999", "[0-9]+"))
