"""What a page shows of a game, in the reader's language: the table as text with each trait tappable, who must
decide and until when, and the phase's log. Built from the words of ``texts/`` (a rule system's ``RulesetWords``
and its ``/rules`` book), never from a rule system's own types: the web front end names no rule system.

Only what the channel may see comes in here: public views and public events (a player's own secrets are worded by
:func:`secret_parts`, for that player's eyes only). The HTML is made by the templates, which escape every text; the
one piece of markup built here (:func:`linked`) escapes each piece of text itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from markupsafe import Markup, escape

from game_service import GameHistory, GameInfo, HistoryEntry, PendingDecision
from rules_core.engine import PublicView, SeatView
from texts.messages import message
from texts.presentation import RulesetWords, Section
from texts.registry import RULE_BOOKS
from texts.rules import book

#: How many lines of the phase's log a page shows at most (the newest).
LOG_LINES = 200


@dataclass(frozen=True, slots=True)
class Trait:
    """A trait (or card) of the rule book, as a tap shows it."""

    key: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class TraitIndex:
    """The rule book's traits of one rule system in one language, found by name in a text."""

    by_name: Mapping[str, Trait]
    pattern: re.Pattern[str] | None


@cache
def trait_index(ruleset: str, language: str, *, edition: int | None) -> TraitIndex:
    """The traits a game's page names, each with its text in the edition of the cards the game was dealt
    (``RulesetWords.edition``; None: the rule book's newest texts)."""
    if ruleset not in RULE_BOOKS:
        return TraitIndex({}, None)
    traits = {
        entry.name.casefold(): Trait(key, entry.name, entry.text_in(edition))
        for key, entry in book(language, ruleset).traits.items()
    }
    if not traits:
        return TraitIndex({}, None)
    # Longest names first, so that "Fat Tissue" wins over a shorter name inside it; whole words only.
    names = sorted(traits, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(name) for name in names) + r")(?!\w)", re.IGNORECASE)
    return TraitIndex(traits, pattern)


def linked(text: str, index: TraitIndex, used: dict[str, Trait], prefix: str) -> Markup:
    """``text`` escaped, each trait name in it a button that shows the trait's effect (its popover, with the id
    ``prefix`` + the trait's key, is made once per fragment from ``used``, which this fills)."""
    if index.pattern is None:
        return escape(text)
    parts: list[Markup] = []
    position = 0
    for found in index.pattern.finditer(text):
        trait = index.by_name[found.group(0).casefold()]
        used.setdefault(trait.key, trait)
        parts.append(escape(text[position : found.start()]))
        parts.append(
            Markup('<button type="button" class="trait" popovertarget="{}{}">{}</button>').format(
                prefix, trait.key, found.group(0)
            )
        )
        position = found.end()
    parts.append(escape(text[position:]))
    return Markup("").join(parts)


@dataclass(frozen=True, slots=True)
class Block:
    """A part of the table: its first line as a heading, the rest as lines."""

    heading: Markup
    lines: tuple[Markup, ...]


def blocks(board_text: str, index: TraitIndex, used: dict[str, Trait], *, prefix: str, known: str = "") -> list[Block]:
    """A rule system's text board (``RulesetWords.board_text``) as parts: the paragraphs of the console's board,
    without its title line and the ``known`` summary line (the page shows both above)."""
    found = []
    for paragraph in re.split(r"\n\s*\n", board_text.strip("\n")):
        lines = [line.strip() for line in paragraph.splitlines() if line.strip() and not line.startswith("===")]
        lines = [line for line in lines if line != known]
        if lines:
            heading, *rest = (linked(line, index, used, prefix) for line in lines)
            found.append(Block(heading, tuple(rest)))
    return found


@dataclass(frozen=True, slots=True)
class Waiting:
    """A decision the game waits for (or an opportunity a seat has): who, what, and until when."""

    player: str
    what: str
    due_at: datetime | None


def waiting(info: GameInfo, words: RulesetWords, language: str) -> list[Waiting]:
    def name(decision: PendingDecision) -> str:
        seat = decision.seat
        return (
            info.players[seat].name
            if 0 <= seat < len(info.players)
            else message("player.unknown", language, n=seat + 1)
        )

    return [Waiting(name(d), words.decision(d.kind, language), d.due_at) for d in info.to_decide]


def step_lines(entry: HistoryEntry, words: RulesetWords, language: str) -> list[str]:
    """What the table saw of one entry of the history (an action, or the first deal): its public events worded
    with the table as it stood right after, so names read as they did then."""
    if entry.public_view is None:
        return []
    table = words.table(entry.public_view, language=language)
    if entry.kind == "action":
        return words.told_lines(entry.public_events, [entry], table)
    return words.public_lines(entry.public_events, table)


def told_entries(history: GameHistory) -> list[HistoryEntry]:
    """The entries that changed the table: the start (its first deal) and every action."""
    return [e for e in history.entries if e.public_view is not None and e.kind in ("started", "action")]


def phase_log(history: GameHistory, view: PublicView, words: RulesetWords, language: str) -> list[str]:
    """The lines of the phase the table is in now (at most :data:`LOG_LINES`, the newest), oldest first."""
    entries = told_entries(history)
    first = len(entries)
    while first > 0:
        shown = entries[first - 1].public_view
        if (shown.round, shown.phase) != (view.round, view.phase):
            # The move that opened this phase is where its log starts.
            break
        first -= 1
    start = max(first - 1, 0)
    lines = [line for entry in entries[start:] for line in step_lines(entry, words, language)]
    return lines[-LOG_LINES:]


def secret_parts(
    mine: SeatView, words: RulesetWords, language: str, index: TraitIndex, used: dict[str, Trait], *, prefix: str
) -> list[Block]:
    """A player's own secrets (their hand first), for their eyes only."""
    table = words.table(mine.table, mine=mine, language=language)
    return [_section(section, index, used, prefix) for section in words.secret_sections(mine, table)]


def _section(section: Section, index: TraitIndex, used: dict[str, Trait], prefix: str) -> Block:
    return Block(escape(section.title), tuple(linked(line, index, used, prefix) for line in section.lines))


def standings(view: PublicView, words: RulesetWords, language: str) -> list[str]:
    if view.outcome is None:
        return []
    return words.standings_lines(view.outcome, words.table(view, language=language))


def popovers(used: Mapping[str, Trait]) -> list[Trait]:
    return sorted(used.values(), key=lambda trait: trait.name)
