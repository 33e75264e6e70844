"""The pages' HTML: Jinja2 templates (``web/templates/``) with autoescaping, so every name and every text a player or
a rule system gives is shown as text (a player called ``<script>alert(1)</script>`` reads as just that).

Every address in a page is relative (``root`` leads back to the site's root), so the site works under any path
prefix (a proxy's, a Discord Activity's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from game_service import GameHistory, GameInfo, Prompt
from rules_core.engine import PublicView, SeatView
from texts.languages import LANGUAGES
from texts.menus import Menu, back_prefix, menu, path_text
from texts.messages import message
from texts.presentation import PLAYED_BY_MARKS, RulesetWords
from texts.registry import words_for
from web import words as page_words

ENVIRONMENT = Environment(
    loader=PackageLoader("web", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def render(template: str, language: str, **values: Any) -> str:
    """A template in ``language``: ``t(key, **params)`` in it words a message of ``texts/``."""

    def t(key: str, **params: Any) -> str:
        return message(key, language, **params)

    return ENVIRONMENT.get_template(template).render(language=language, t=t, **values)


def language_choices() -> list[tuple[str, str]]:
    """Each language by its own name, for the page's language links."""
    return [(code, message("web.language_name", code)) for code in LANGUAGES]


def title(info: GameInfo, language: str) -> str:
    return message("web.title", language, game=words_for(info.ruleset).title(language), number=info.game_id)


def table_fragment(info: GameInfo, view: PublicView | None, history: GameHistory | None, language: str) -> str:
    """The public side of a game in ``language``: the table, who must decide and until when, and the phase's log."""
    words = words_for(info.ruleset)
    edition = None if view is None else words.edition(view)
    index = page_words.trait_index(info.ruleset, language, edition=edition)
    used: dict[str, page_words.Trait] = {}
    values: dict[str, Any] = {
        "info": info,
        "status": info.status,
        "paused": info.paused,
        "heading": title(info, language),
        "summary": "",
        "notes": [],
        "waiting": [],
        "standings": [],
        "blocks": [],
        "log": [],
        "legend": "",
        "picture": "",
        "replay": False,
    }
    if view is not None:
        log = [] if history is None else page_words.phase_log(history, view, words, language)
        values.update(
            heading=words.phase_title(view, language),
            summary=words.table_summary(view, language),
            notes=words.round_notes(view, language),
            waiting=page_words.waiting(info, words, language) if info.status == "running" else [],
            standings=page_words.standings(view, words, language),
            blocks=page_words.blocks(
                words.board_text(view, language),
                index,
                used,
                prefix="trait-",
                known=words.table_summary(view, language),
            ),
            log=log,
            legend=message("played_by.legend", language) if _marked(log) else "",
            picture=f"board.png?v={info.version}",
            replay=info.status in ("finished", "abandoned") and history is not None,
        )
    return render("table.html", language, traits=page_words.popovers(used), prefix="trait-", **values)


def _marked(lines: Sequence[str]) -> bool:
    marks = tuple(mark for mark in PLAYED_BY_MARKS.values() if mark)
    return any(line.startswith(marks) for line in lines)


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    detail: str | None
    path: str
    plays: bool
    style: str


@dataclass(frozen=True, slots=True)
class MoveMenu:
    """The menu of a player's legal moves at one prefix (the bot's and the console's menus)."""

    question: str
    choices: tuple[Choice, ...]
    #: Where "Back" leads (a path's text, "" for the top), or None at the top.
    back: str | None
    #: The version the moves are offered at (the decision's): a move made from this menu carries it.
    version: int


def move_menu(prompt: Prompt, mine: SeatView, words: RulesetWords, language: str, at: Sequence[str]) -> MoveMenu | None:
    """The menu at ``at`` (None when no legal move lies under it any more)."""
    shown: Menu | None = menu(prompt.actions, at, words.action_path)
    if shown is None:
        return None
    table = words.table(mine.table, mine=mine, language=language)
    choices = tuple(
        Choice(
            label=table.label(shown.prefix, option.token),
            detail=table.describe(shown.prefix, option.token),
            path=path_text((*shown.prefix, option.token)),
            plays=option.action is not None,
            style=table.choice_style(option.token),
        )
        for option in shown.options
    )
    back = back_prefix(prompt.actions, shown, words.action_path)
    return MoveMenu(table.question(shown), choices, None if back is None else path_text(back),
                    prompt.decision.since_version)  # fmt: skip


def mine_fragment(
    *,
    info: GameInfo,
    mine: SeatView | None,
    prompt: Prompt | None,
    at: Sequence[str],
    form_token: str,
    language: str,
    said: str = "",
) -> str:
    """A signed-in player's own side (their secrets and their move); for a spectator only what was ``said``."""
    words = words_for(info.ruleset)
    index = page_words.trait_index(info.ruleset, language, edition=None if mine is None else words.edition(mine.table))
    used: dict[str, page_words.Trait] = {}
    secrets = [] if mine is None else page_words.secret_parts(mine, words, language, index, used, prefix="mine-trait-")
    shown = None
    if prompt is not None and mine is not None:
        shown = move_menu(prompt, mine, words, language, at)
        if shown is None:
            said = said or message("web.choice_gone", language)
            shown = move_menu(prompt, mine, words, language, ())
    return render(
        "mine.html",
        language,
        version=info.version,
        said=said,
        secrets=secrets,
        menu=shown,
        playing=mine is not None and info.status == "running",
        form_token=form_token,
        traits=page_words.popovers(used),
        prefix="mine-trait-",
    )


def frame_fragment(info: GameInfo, history: GameHistory, step: int, language: str) -> str:
    """Step ``step`` of a finished game's replay: the table right after it, and its lines."""
    words = words_for(info.ruleset)
    entries = page_words.told_entries(history)
    entry = entries[step]
    view = entry.public_view
    index = page_words.trait_index(info.ruleset, language, edition=words.edition(view))
    used: dict[str, page_words.Trait] = {}
    return render(
        "frame.html",
        language,
        step=step,
        total=len(entries),
        heading=words.phase_title(view, language),
        summary=words.table_summary(view, language),
        lines=page_words.step_lines(entry, words, language),
        blocks=page_words.blocks(words.board_text(view, language), index, used, prefix="trait-"),
        traits=page_words.popovers(used),
        prefix="trait-",
    )


def page(template: str, language: str, *, root: str, page_title: str, **values: Any) -> str:
    return render(template, language, root=root, title=page_title, languages=language_choices(), **values)


def markup(html: str) -> Markup:
    """A fragment these templates made (escaped already), to place inside a page."""
    return Markup(html)
