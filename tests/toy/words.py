"""The test game's words (English only: the other languages fall back to English), shaped like a real rule
system's presentation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rules_core.engine import Outcome, PublicView, SeatView
from tests.toy.rules import (
    Answer,
    Call,
    Challenged,
    Conceded,
    Pick,
    Picked,
    Resign,
    Resigned,
    Shown,
    StonesDealt,
    ToySeat,
    ToyTable,
)
from texts.menus import Menu
from texts.menus import Path as MenuPath
from texts.presentation import ChoiceStyle, RulesetWords, Section, Table

FOLDER = Path(__file__).parent


class ToyTableWords(Table):
    __slots__ = ()

    def stone(self, n: int) -> str:
        return self.own("stone", n=n)

    def label(self, prefix: Sequence[str], token: str) -> str:
        return self.stone(int(token[1:])) if token.startswith("s") else self.own(f"choice.{token}")

    def question(self, menu: Menu) -> str:
        return self.own("question")

    def action(self, action: Any) -> str:
        if isinstance(action, Pick):
            return self.stone(action.stone)
        if isinstance(action, Call):
            return self.own("choice.X" if action.challenge else "choice.P")
        if isinstance(action, Answer):
            return self.own("choice.Y" if action.show else "choice.N")
        return self.own("choice.R")

    def choice_style(self, token: str) -> ChoiceStyle:
        return "finish" if token == "R" else "button"


class ToyWords(RulesetWords):
    ruleset = "toy"
    phases = ("pick", "call", "over")

    def table(self, view: PublicView, *, mine: SeatView | None = None, language: str = "en") -> ToyTableWords:
        return ToyTableWords(view, ruleset=self.ruleset, mine=mine, language=language)

    def action_path(self, action: Any) -> MenuPath:
        if isinstance(action, Pick):
            return (f"s{action.stone}",)
        if isinstance(action, Call):
            return ("X" if action.challenge else "P",)
        if isinstance(action, Answer):
            return ("Y" if action.show else "N",)
        if isinstance(action, Resign):
            return ("R",)
        raise ValueError(f"not a move of the test game: {action!r}")

    def phase_title(self, view: PublicView, language: str) -> str:
        return self.msg("status.title", language, round=view.round, phase=self.msg(f"phase.{view.phase}", language))

    def table_summary(self, view: PublicView, language: str) -> str:
        assert isinstance(view, ToyTable)
        return self.msg("summary", language, points=", ".join(f"{p.name} {p.points}" for p in view.players))

    def public_lines(self, events: Sequence[Any], table: Table) -> list[str]:
        lines = []
        for event in events:
            if isinstance(event, Picked | Challenged | Conceded | Resigned):
                lines.append(table.own(f"event.{type(event).__name__}", player=table.name(event.seat)))
            elif isinstance(event, Shown):
                lines.append(table.own("event.Shown", stones=", ".join(str(stone) for stone in event.stones)))
        return lines

    def private_lines(self, events: Iterable[Any], table: Table) -> list[str]:
        # Each stone by the label its holder's panel gives it, as a real rule system names a card the same way in
        # both (what the bot test world's privacy check looks for).
        assert isinstance(table, ToyTableWords)
        return [
            table.own("event.StonesDealt", stones=", ".join(table.stone(s) for s in e.stones))
            for e in events
            if isinstance(e, StonesDealt)
        ]

    def dm_worthy(self, events: Iterable[Any]) -> bool:
        return any(isinstance(e, StonesDealt) for e in events)

    def standings_lines(self, outcome: Outcome, table: Table) -> list[str]:
        return [table.own("standing", rank=s.rank, player=table.name(s.seat), score=s.score) for s in outcome.standings]

    def secret_sections(self, mine: SeatView, table: Table) -> list[Section]:
        assert isinstance(mine, ToySeat) and isinstance(table, ToyTableWords)
        sections = [Section(table.own("hand"), tuple(table.stone(s) for s in mine.hand))]
        if mine.pick is not None:
            sections.append(Section(table.own("pick"), (table.stone(mine.pick),), short=True))
        return sections

    def board_text(self, view: PublicView, language: str, *, mine: SeatView | None = None) -> str:
        return "\n".join([self.phase_title(view, language), self.table_summary(view, language)])

    def own_row(self, mine: SeatView, language: str) -> str:
        return self.table_summary(mine.table, language)


WORDS = ToyWords()
