"""What every front end asks of a rule system's words, whatever the rule system.

Each rule system's presentation (``texts/north_star/``, ...) is a :class:`RulesetWords` found by the ruleset's
name in :mod:`texts.registry`; the Discord bot and the console use only this interface, so a new rule system needs
no change in either. A :class:`Table` is what labels may use: the public view, and for a player's own prompts their
seat view, in one language.

Pure: views, events and actions in, strings out.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Literal, Protocol

from rules_core.engine import Outcome, PublicView, SeatView
from texts.menus import Menu, Path
from texts.messages import has_message, message

#: How a line tells that a move was not its player's own choice: a computer's, the timeout's, the only move there
#: was (made at once), or the player's autopilot's. The legend says it in words (``played_by.legend``).
PLAYED_BY_MARKS = {"player": "", "computer": "🤖 ", "timeout": "⏰ ", "forced": "⏩ ", "autopilot": "🧭 "}


def capital(text: str) -> str:
    """``text`` with a capital first letter (after opening punctuation such as "¡"; not after a leading number): a
    sentence or a button may begin with a species' or an animal's name, which in some languages begins with an
    article or a possessive ("o animal 2 de Ana", "your animal 2", "a species of Ada's")."""
    for index, char in enumerate(text):
        if char.isalnum():
            return text[:index] + char.upper() + text[index + 1 :]
    return text


class Told(Protocol):
    """A move as a front end tells it: who chose it (``game_service.results.PlayedBy``) and what everybody saw."""

    @property
    def played_by(self) -> str | None: ...

    @property
    def public_events(self) -> Sequence[Any]: ...


#: How a front end offers one choice of a menu: in a select with other choices of its kind, as a button, or as a
#: button that ends something (finish playing, stop feeding) and so deserves a warning colour.
ChoiceStyle = Literal["select", "button", "finish"]


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of a player's private panel (their hand, their secret pick...): one line per item (a panel
    lists them one below the other, the console on one line); ``short`` parts fit beside others."""

    title: str
    lines: tuple[str, ...]
    short: bool = False


class Table(ABC):
    """Labels for one table in one language; ``mine`` is the seat view of the player a prompt is for.

    Subclasses add the rule system's own naming (species, animals, cards); the methods below are what the front
    ends call.
    """

    __slots__ = ("language", "mine", "names", "ruleset", "view")

    def __init__(self, view: PublicView, *, ruleset: str, mine: SeatView | None = None, language: str = "en") -> None:
        self.view = view
        self.ruleset = ruleset
        self.mine = mine
        self.language = language
        self.names = tuple(p.name for p in view.players)

    def msg(self, key: str, **params: Any) -> str:
        """A shared message (``key`` as in ``texts/messages/``)."""
        return message(key, self.language, **params)

    def own(self, key: str, **params: Any) -> str:
        """One of this rule system's messages (``key`` without the ruleset's name)."""
        return message(f"{self.ruleset}.{key}", self.language, **params)

    def has_own(self, key: str) -> bool:
        return has_message(f"{self.ruleset}.{key}")

    def sentence(self, line: str) -> str:
        """A line as a sentence, beginning with a capital; a line that begins with a player's name keeps the name
        as its player wrote it."""
        if any(name and line.startswith(name) for name in self.names):
            return line
        return capital(line)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else self.msg("player.unknown", n=seat + 1)

    def scores(self, outcome: Outcome, *parts: str) -> list[str]:
        """The final scores, best first: this rule system's ``standing`` line for each player, with each of
        ``parts`` (a name of the standing's details: what the score is made of) filled in, 0 when absent."""
        lines = []
        for standing in outcome.standings:
            details = dict(standing.details)
            lines.append(
                self.own(
                    "standing",
                    rank=standing.rank,
                    player=self.name(standing.seat),
                    score=standing.score,
                    **{part: details.get(part, 0) for part in parts},
                )
            )
        return lines

    # What the menus show.

    @abstractmethod
    def label(self, prefix: Sequence[str], token: str) -> str:
        """The short label of a choice (a button or a select option)."""

    def describe(self, prefix: Sequence[str], token: str) -> str | None:
        """A longer description of a choice, where one helps."""
        return None

    @abstractmethod
    def question(self, menu: Menu) -> str:
        """What the menu asks, from the choices made so far."""

    @abstractmethod
    def action(self, action: Any) -> str:
        """One sentence for a whole action, as its player reads it (autocomplete, confirmations)."""

    def effect(self, action: Any) -> str | None:
        """The effect in short of the card or trait an action puts into play, where it has one (autocomplete
        shows it beside the action, as the menus show it under a card)."""
        return None

    def choice_style(self, token: str) -> ChoiceStyle:
        return "button"

    def part_label(self, part: int) -> str:
        """The label of one part of a multi-choice token (a card to discard...)."""
        return str(part)

    def multi_placeholder(self, count: int) -> str:
        """What a multi-select of ``count`` parts asks for."""
        return self.msg("select.choose")


class RulesetWords(ABC):
    """A rule system's presentation in words: menus, event lines, panels and the console's text board."""

    #: The ruleset's name (its key in ``rules_core.registry`` and its catalogue namespace).
    ruleset: str
    #: The phases of the game in their order (for naming board images by round and phase).
    phases: tuple[str, ...]
    #: Steps of a phase that the rule system's engine plays as phases of their own, each with the phase it is part
    #: of: they share that phase's status message in the channel.
    steps: Mapping[str, str] = MappingProxyType({})

    def msg(self, key: str, language: str, **params: Any) -> str:
        return message(f"{self.ruleset}.{key}", language, **params)

    def title(self, language: str) -> str:
        """The rule system's name, for a choice of game."""
        return self.msg("title", language)

    def decision(self, kind: str, language: str) -> str:
        """A kind of decision in words ("choosing a food card"), for waiting lines and reminders."""
        return self.msg(f"decision.{kind}", language)

    def tutorial(self, kind: str, language: str) -> str:
        """What a newcomer is told the first time a decision of ``kind`` is theirs in a tutorial game: what is asked
        and how to answer it (docs/rulings.md, "Tutorial")."""
        return self.msg(f"tutorial.{kind}", language)

    def option_name(self, option: str, language: str) -> str:
        return self.msg(f"option.{option}", language)

    def option_value(self, option: str, value: Any, language: str) -> str:
        """An option's value in words (yes/no for a switch; a choice by its own words)."""
        if isinstance(value, bool):
            return message("option.on" if value else "option.off", language)
        key = f"{self.ruleset}.option.{option}.{value}"
        return message(key, language) if has_message(key) else str(value)

    def edition(self, view: PublicView) -> int | None:
        """The edition of the cards a game was dealt, for a rule book whose entries read differently by edition
        (``texts.rules.Entry.editions``); None: the rule book's newest texts are the game's."""
        return None

    def worded(self, value: Any, language: str) -> Any:
        """A refusal's parameter in words (a trait named by its key becomes its name); else unchanged."""
        return value

    @abstractmethod
    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> Table: ...

    @abstractmethod
    def action_path(self, action: Any) -> Path:
        """The menu path of one of this rule system's actions (ValueError for anything else)."""

    @abstractmethod
    def phase_title(self, view: PublicView, language: str) -> str:
        """The round and phase ("Round 3: Feeding"), or that the game is over."""

    def round_notes(self, view: PublicView, language: str) -> list[str]:
        """What to keep in mind about this round (the last round, a variant in force)."""
        return []

    @abstractmethod
    def table_summary(self, view: PublicView, language: str) -> str:
        """The shared supplies in a line (food, deck), for a status panel and the console."""

    @abstractmethod
    def public_lines(self, events: Sequence[Any], table: Table) -> list[str]:
        """One line per thing the table saw happen (public events only reach here)."""

    @abstractmethod
    def private_lines(self, events: Iterable[Any], table: Table) -> list[str]:
        """A player's own private events, in their words (only ever shown to that player)."""

    def told_lines(self, events: Sequence[Any], moves: Sequence[Told], table: Table) -> list[str]:
        """What the table saw of ``events``, the public events of a start or of ``moves`` in order (what a start
        dealt comes before any move): each move's first line carries the mark of who chose it when it was not its
        player (:data:`PLAYED_BY_MARKS`), so a move made for a player (the only move, their autopilot's) reads as
        such."""
        by_moves = sum(len(move.public_events) for move in moves)
        lines = self.public_lines(events[: len(events) - by_moves], table)
        for move in moves:
            told = self.public_lines(move.public_events, table)
            if told:
                # The move itself; the lines after it are what followed by the rules (a round's end, the scores).
                told[0] = PLAYED_BY_MARKS[move.played_by or "player"] + told[0]
            lines += told
        return lines

    def dm_worthy(self, events: Iterable[Any]) -> bool:
        """Whether these private events deserve a direct message of their own."""
        return False

    def slow_game_tip(self, options: Mapping[str, Any], language: str) -> str | None:
        """Advice for a game played over days (one with deadlines) with these options: a faster way to play it that
        the rule system offers, or None."""
        return None

    @abstractmethod
    def standings_lines(self, outcome: Outcome, table: Table) -> list[str]:
        """The final scores, best first."""

    @abstractmethod
    def secret_sections(self, mine: SeatView, table: Table) -> list[Section]:
        """A player's own secrets as titled parts (their hand first), for their private panel."""

    @abstractmethod
    def board_text(self, view: PublicView, language: str, *, mine: SeatView | None = None) -> str:
        """The whole table as text (the console's board); with ``mine``, that seat's own secrets named."""

    def offered(self, actions: Sequence[Any], mine: SeatView) -> Sequence[Any]:
        """The legal actions a player's menus list: all of them, unless the rule system keeps out of sight those that
        cannot matter to this player now (the original game's Anglerfish order to a player without an Anglerfish)."""
        return actions

    def discard_pile(self, view: PublicView, language: str) -> str | None:
        """The discard pile's cards, for anybody who looks through it, or None when the rule system's pile lies face
        down (only its size is known)."""
        return None

    @abstractmethod
    def own_row(self, mine: SeatView, language: str) -> str:
        """A short reminder of a player's own part of the table, between their moves (the console)."""

    def status_phase(self, view: PublicView) -> str:
        """The phase whose status message shows ``view`` (a step shares its phase's)."""
        return self.steps.get(view.phase, view.phase)

    def phase_number(self, view: PublicView) -> int:
        """The phase's place in the round, from 1."""
        return self.phases.index(view.phase) + 1 if view.phase in self.phases else 0


class ChoiceModule(Protocol):
    """A rule system's menus module (``texts/<ruleset>/choices.py``)."""

    def action_path(self, action: Any) -> Path: ...

    def trait_name(self, trait: Any, language: str = ...) -> str: ...


class SummaryModule(Protocol):
    """A rule system's module of what happened (``texts/<ruleset>/summaries.py``)."""

    @property
    def DM_WORTHY(self) -> tuple[type, ...]: ...

    def phase_title(self, view: Any, language: str) -> str: ...

    def round_notes(self, view: Any, language: str) -> list[str]: ...

    def public_lines(self, events: Sequence[Any], table: Any) -> list[str]: ...

    def private_lines(self, events: Iterable[Any], table: Any) -> list[str]: ...

    def standings_lines(self, outcome: Outcome, table: Any) -> list[str]: ...


class BoardModule(Protocol):
    """A rule system's module of its table as text and a player's secrets (``texts/<ruleset>/board.py``)."""

    def table_summary(self, view: Any, language: str) -> str: ...

    def board(self, table: Any) -> str: ...

    def own_row(self, table: Any) -> str: ...

    def secret_sections(self, mine: Any, table: Any) -> list[Section]: ...


class ModuleWords(RulesetWords):
    """The words of a rule system kept in three modules of its package, as North Star's are: ``choices``,
    ``summaries`` and ``board``. A subclass names them, the keys of its traits and its :meth:`table` (whose type it
    knows); everything else goes to those modules, which take that rule system's own views and table."""

    choices: ChoiceModule
    summaries: SummaryModule
    board: BoardModule
    #: The rules' trait keys: a refusal naming one shows the trait's name.
    trait_keys: ClassVar[frozenset[str]]

    def action_path(self, action: Any) -> Path:
        return self.choices.action_path(action)

    def worded(self, value: Any, language: str) -> Any:
        named = isinstance(value, str) and value in self.trait_keys
        return self.choices.trait_name(value, language) if named else value

    def phase_title(self, view: PublicView, language: str) -> str:
        return self.summaries.phase_title(view, language)

    def round_notes(self, view: PublicView, language: str) -> list[str]:
        return self.summaries.round_notes(view, language)

    def table_summary(self, view: PublicView, language: str) -> str:
        return self.board.table_summary(view, language)

    def public_lines(self, events: Sequence[Any], table: Table) -> list[str]:
        return self.summaries.public_lines(events, table)

    def private_lines(self, events: Iterable[Any], table: Table) -> list[str]:
        return self.summaries.private_lines(events, table)

    def dm_worthy(self, events: Iterable[Any]) -> bool:
        return any(isinstance(e, self.summaries.DM_WORTHY) for e in events)

    def standings_lines(self, outcome: Outcome, table: Table) -> list[str]:
        return self.summaries.standings_lines(outcome, table)

    def secret_sections(self, mine: SeatView, table: Table) -> list[Section]:
        return self.board.secret_sections(mine, table)

    def board_text(self, view: PublicView, language: str, *, mine: SeatView | None = None) -> str:
        return self.board.board(self.table(view, mine=mine, language=language))

    def own_row(self, mine: SeatView, language: str) -> str:
        return self.board.own_row(self.table(mine.table, mine=mine, language=language))
