"""What the bot layer's test world counts as secret, asked of the game itself, so one check serves every rule system
(the toy game's included).

A seat's secrets are what its rule system's words list in that seat's private panel (``secret_sections`` of its seat
view: a hand, a secret pick, face-down traits...), cut into the terms a message could repeat: each listed item, the
parts of an item that names several things, and each part's name without its note in brackets ("Long Neck (+4)" is
also "Long Neck"). What the table may know is everything the public view and the public events say in words (the
text board, the event lines, the final scores): a term found there is no secret (labels are not unique: another copy
of a card may lie face up). Terms are in English, the test world's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_core.engine import PublicView, SeatView
from texts.registry import words_for

#: Where a line of a private panel lists several things, or names one and then says what it is.
PARTS = re.compile(r": |, |; ")
#: A part's note in brackets ("(+4)"): the part without it is a name too.
NOTE = re.compile(r"\s*\([^()]*\)$")
LETTER = re.compile(r"[^\W\d_]")


def mentions(text: str, term: str) -> bool:
    """``term`` is in ``text`` as a whole (not inside a longer word)."""
    return re.search(rf"(?<!\w){re.escape(term)}(?!\w)", text) is not None


def terms(lines: Iterable[str], *, names: bool) -> set[str]:
    """Every term a message could repeat of these lines: each line and the items it lists ("heading: a, b"
    lists a and b); with ``names``, each part a line splits into (headings too) and each part's name without its
    note as well."""
    found: set[str] = set()
    for line in lines:
        parts = PARTS.split(line) if names else PARTS.split(line.partition(": ")[2] or line)
        for part in (line, *parts):
            part = part.strip().rstrip(".")
            found.update(t for t in (part, NOTE.sub("", part) if names else part) if LETTER.search(t))
    return found


@dataclass
class Knowledge:
    """What was secret in a game at some moment, by user, and everything the table was told in words."""

    #: Each user's secret terms, noted each time one of their seat views went by: a message may show a user what
    #: they held at the time.
    held: dict[str, set[str]] = field(default_factory=dict)
    #: The public words so far, as one text per view or batch of events.
    public: list[str] = field(default_factory=list)
    #: Every public view handed out: the only views a board may be drawn from.
    public_views: list[PublicView] = field(default_factory=list)
    #: Terms found public, and how many texts of :attr:`public` each other term was looked for in (once public,
    #: a term stays public: each text is searched once for each term).
    found_public: set[str] = field(default_factory=set)
    searched: dict[str, int] = field(default_factory=dict)

    def note_public(self, ruleset: str, view: PublicView | None, events: Sequence[Any] = ()) -> None:
        if view is None:
            return
        self.note_view(view)
        words = words_for(ruleset)
        table = words.table(view)
        told = [words.board_text(view, "en"), *words.public_lines(events, table)]
        if view.outcome is not None:
            told += words.standings_lines(view.outcome, table)
        text = "\n".join(told)
        if not self.public or self.public[-1] != text:
            self.public.append(text)

    def note_view(self, view: PublicView | None) -> None:
        if view is not None:
            self.public_views.append(view)

    def note_seat(self, ruleset: str, user: str, mine: SeatView) -> set[str]:
        """``user``'s secret labels now: each line of their private panel and the items it lists. :attr:`held` keeps
        them with every part and name. Names and headings are not unique to one secret ("Carnivore" is also in the
        text of other cards' effects a player reads; "your species 2" is every player's own), so a private message
        is checked for labels only."""
        words = words_for(ruleset)
        table = words.table(mine.table, mine=mine)
        sections = words.secret_sections(mine, table)
        lines = [line for section in sections for line in section.lines]
        titles = {section.title for section in sections}
        self.held.setdefault(user, set()).update(terms(lines, names=True) - titles)
        return terms(lines, names=False) - titles

    def is_public(self, term: str) -> bool:
        if term not in self.found_public:
            start = self.searched.get(term, 0)
            if any(mentions(text, term) for text in self.public[start:]):
                self.found_public.add(term)
            self.searched[term] = len(self.public)
        return term in self.found_public

    def ever_secret(self) -> set[str]:
        """Every term some user's private panel held when noted: a log line names none of them, and a channel
        message only those the table was told."""
        return set().union(*self.held.values()) if self.held else set()

    def was_public_view(self, view: Any) -> bool:
        return isinstance(view, PublicView) and any(view == seen for seen in reversed(self.public_views))
