"""A player's own side of a game, as one card for a phone (Discord's layout components): the prompt of their
decision in a DM, "My hand" or a menu step, a prompt retired, the answer to their move. Builders only, like
:mod:`bot.panels`: every card is a ``Container`` edged in the player's seat colour, built within Discord's limits
for a layout message (:mod:`bot.limits`), its selects and buttons the persistent components of
:mod:`bot.components`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.components import EVERY_KIND, AutopilotButton, MenuButton, MenuSelect
from bot.limits import (
    BUTTON_LABEL,
    LAYOUT_TEXT,
    OPTION_DESCRIPTION,
    OPTION_LABEL,
    PLACEHOLDER,
    ROW_ITEMS,
    SELECT_OPTIONS,
    first_lines,
)
from bot.panels import COLOUR, seat_colour, stopped_layout
from bot.tutorial import placed
from game_service import GameInfo, PendingDecision
from texts.menus import Menu, Option, Path, back_prefix, clip, is_multi, menu, multi_parts
from texts.messages import message
from texts.presentation import RulesetWords, Section, Table
from texts.registry import words_for

#: Buttons of one menu level before its choices become a select instead (three rows; navigation has its own).
MAX_CHOICE_BUTTONS = 15
#: Lines describing the choices (species sizes and traits) under a prompt's question.
MAX_DETAILS = 25
#: The most of a private card's text its header may take (which game, the decision, the player's news).
HEADER_TEXT = 1000
#: Room kept for the hand beside a long prompt (the prompt's question and choices come first).
HAND_TEXT = 1200


def dm_header(info: GameInfo, language: str, decision: PendingDecision | None = None) -> list[str]:
    """The head of a player's private card: which game, and, when it holds the prompt of ``decision``, that decision
    and its deadline (built from the decision the prompt shows, so head and prompt always agree)."""
    lines = [placed(info.settings, info.channel_id, "dm.header", language, game=info.game_id)]
    if decision is not None and decision.due_at is not None:
        kind = words_for(info.ruleset).decision(decision.kind, language)
        due = discord.utils.format_dt(decision.due_at, "R")
        lines.append(placed(info.settings, info.channel_id, "deadline.your_turn", language, kind=kind, due=due))
    return lines


def player_colour(info: GameInfo, user_id: str) -> discord.Colour:
    """The edge of a player's private card: their own seat's colour (the bot's own for one without a seat)."""
    seat = info.seat_of(user_id)
    return COLOUR if seat is None else seat_colour(seat)


def hand_lines(sections: Sequence[Section], language: str) -> list[str]:
    """A player's own secrets under their title, each section under its name (only ever in a private card)."""
    lines = [f"### {message('hand.title', language)}"]
    for section in sections:
        lines += [f"**{section.title}**", *(section.lines or ["-"])]
    return lines


def private_card(
    colour: discord.Colour,
    *,
    header: Sequence[str],
    hand: Sequence[str] = (),
    body: Sequence[str] = (),
    rows: Sequence[discord.ui.ActionRow[Any]] = (),
) -> discord.ui.LayoutView:
    """A player's private message as one card for a phone, edged in ``colour``: the header (which game, the
    decision and its deadline, the news), the hand, the ``body`` (a prompt's question and its choices' effects, or
    an answer) and the prompt's selects and buttons. Within Discord's text limit for the whole message: the header
    first, then the body, then the hand, each cut at its end when it does not fit."""
    head = clip("\n".join(line for line in header if line), HEADER_TEXT)
    body = [line for line in body if line]
    hand_room = min(len("\n".join(hand)), HAND_TEXT)
    text = first_lines(body, LAYOUT_TEXT - len(head) - hand_room)
    mine = first_lines(hand, LAYOUT_TEXT - len(head) - len(text))
    children: list[discord.ui.Item[Any]] = []
    for part in (head, mine, text):
        if part:
            if children:
                children.append(discord.ui.Separator())
            children.append(discord.ui.TextDisplay(part))
    children += rows
    return stopped_layout(discord.ui.Container(*children, accent_colour=colour))


def retired_card(info: GameInfo, language: str) -> discord.ui.LayoutView:
    """A DM prompt that no longer applies: it says so, without the hand and with no buttons."""
    header = [*dm_header(info, language), message("prompt.retired", language)]
    return private_card(COLOUR, header=header)


def choice_label(table: Table, words: RulesetWords, prefix: Path, option: Option) -> str:
    """A choice's label; a choice that plays one whole action at once says which ("Your species 1 takes plant
    food" rather than "Take plant food")."""
    action = option.action
    if action is not None and len(words.action_path(action)) > len(prefix) + 1:
        text = table.action(action)
        return message("choice.action", table.language, action=text[:1].upper() + text[1:])
    return table.label(prefix, option.token)


def _button_style(table: Table, option: Option) -> discord.ButtonStyle:
    if table.choice_style(option.token) == "finish":
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.primary if option.action is not None else discord.ButtonStyle.secondary


@dataclass(frozen=True)
class PromptPanel:
    """A prompt at one menu level: its text (the decision, the question and the choices' effect lines) and its
    selects and buttons, in rows (the choices, then the navigation with the autopilot's buttons)."""

    lines: tuple[str, ...]
    rows: tuple[discord.ui.ActionRow[Any], ...]


def in_rows(items: Sequence[discord.ui.Item[Any]]) -> list[discord.ui.ActionRow[Any]]:
    """Buttons in action rows of at most :data:`ROW_ITEMS`, in order."""
    return [discord.ui.ActionRow(*items[start : start + ROW_ITEMS]) for start in range(0, len(items), ROW_ITEMS)]


def prompt_panel(
    *,
    game_id: int,
    decision: PendingDecision,
    actions: Sequence[Any],
    table: Table,
    words: RulesetWords,
    prefix: Path = (),
    page: int = 0,
    notice: str | None = None,
    autopilot: frozenset[str] = frozenset(),
    extra: Sequence[discord.ui.Item[Any]] = (),
) -> PromptPanel | None:
    """The prompt of a player's decision at a menu level; None when no legal action lies under ``prefix``. At its
    first level a duty's prompt offers to leave decisions of its kind to the autopilot, and to take back the kinds
    the player left to it (``autopilot``). ``extra``: buttons that go with the navigation (the discard pile's)."""
    if table.mine is not None:
        actions = words.offered(actions, table.mine)
    shown = menu(actions, prefix, words.action_path)
    if shown is None:
        return None
    lang = table.language
    details = []
    for option in shown.options:
        detail = table.describe(shown.prefix, option.token)
        if detail:
            details.append(
                message("prompt.detail", lang, choice=table.label(shown.prefix, option.token), detail=detail)
            )
    title = f"**{message('prompt.title', lang, kind=words.decision(decision.kind, lang))}**"
    question = "\n\n".join(part for part in (notice, table.question(shown)) if part)
    choices, navigation = _prompt_items(game_id, decision.since_version, actions, table, words, shown, page)
    if not shown.prefix and not decision.opportunity:
        navigation += autopilot_buttons(game_id, decision.kind, autopilot, words, lang)
    rows = [*choices, *in_rows([*navigation, *extra])]
    return PromptPanel((title, question, *details[:MAX_DETAILS]), tuple(rows))


def left_to_autopilot(info: GameInfo, user_id: str) -> frozenset[str]:
    """The kinds of decisions the player left to their autopilot."""
    mine = info.autopilots.get(user_id)
    return frozenset() if mine is None else mine.kinds


def autopilot_buttons(
    game_id: int, kind: str, autopilot: frozenset[str], words: RulesetWords, language: str
) -> list[discord.ui.Item[Any]]:
    """A prompt's autopilot buttons (beside its navigation, free at a menu's first level): leave decisions of
    ``kind`` to it, and, when the player left some kinds to it, take them all back."""
    label = message("button.autopilot_on", language, kind=words.decision(kind, language))
    buttons: list[discord.ui.Item[Any]] = [AutopilotButton(True, game_id, kind, label=clip(label, BUTTON_LABEL))]
    if autopilot:
        back = message("button.autopilot_off", language)
        buttons.append(AutopilotButton(False, game_id, EVERY_KIND, label=clip(back, BUTTON_LABEL)))
    return buttons


def _prompt_items(
    game_id: int, version: int, actions: Sequence[Any], table: Table, words: RulesetWords, shown: Menu, page: int
) -> tuple[list[discord.ui.ActionRow[Any]], list[discord.ui.Item[Any]]]:
    """A menu level's choices in rows (a select a row, buttons five a row), and its navigation buttons (Back, the
    select's pages)."""
    lang = table.language
    rows: list[discord.ui.ActionRow[Any]] = []
    multi = [o for o in shown.options if is_multi(o.token)]
    selectable = [o for o in shown.options if not is_multi(o.token) and table.choice_style(o.token) == "select"]
    buttons = [o for o in shown.options if not is_multi(o.token) and table.choice_style(o.token) != "select"]
    if len(buttons) > MAX_CHOICE_BUTTONS:
        selectable += buttons
        buttons = []
    if multi:
        parts = sorted({part for o in multi for part in multi_parts(o.token)})
        count = len(multi_parts(multi[0].token))
        if len(parts) <= SELECT_OPTIONS:
            options = [discord.SelectOption(label=clip(table.part_label(p), OPTION_LABEL), value=str(p)) for p in parts]
            placeholder = clip(table.multi_placeholder(count), PLACEHOLDER)
            rows.append(
                discord.ui.ActionRow(
                    MenuSelect(
                        game_id, version, shown.prefix, kind="d", options=options, count=count, placeholder=placeholder
                    )
                )
            )
        else:
            selectable += multi
    pages = 1
    if selectable:
        pages = (len(selectable) + SELECT_OPTIONS - 1) // SELECT_OPTIONS
        page = min(max(page, 0), pages - 1)
        chunk = selectable[page * SELECT_OPTIONS : (page + 1) * SELECT_OPTIONS]
        options = []
        for option in chunk:
            description = table.describe(shown.prefix, option.token)
            options.append(
                discord.SelectOption(
                    label=clip(choice_label(table, words, shown.prefix, option), OPTION_LABEL),
                    value=option.token,
                    description=clip(description, OPTION_DESCRIPTION) if description else None,
                )
            )
        placeholder = (
            message("select.choose", lang)
            if pages == 1
            else message("select.choose_page", lang, page=page + 1, pages=pages)
        )
        select = MenuSelect(game_id, version, shown.prefix, options=options, placeholder=clip(placeholder, PLACEHOLDER))
        rows.append(discord.ui.ActionRow(select))
    rows += in_rows(
        [
            MenuButton(
                game_id,
                version,
                (*shown.prefix, option.token),
                label=clip(choice_label(table, words, shown.prefix, option), BUTTON_LABEL),
                style=_button_style(table, option),
            )
            for option in buttons
        ]
    )
    navigation: list[discord.ui.Item[Any]] = []
    back = back_prefix(actions, shown, words.action_path)
    if back is not None:
        navigation.append(MenuButton(game_id, version, back, label=clip(message("button.back", lang), BUTTON_LABEL)))
    if pages > 1:
        for target, key, disabled in (
            (max(page - 1, 0), "button.previous_page", page == 0),
            (min(page + 1, pages - 1), "button.next_page", page >= pages - 1),
        ):
            label = clip(message(key, lang), BUTTON_LABEL)
            navigation.append(MenuButton(game_id, version, shown.prefix, page=target, disabled=disabled, label=label))
    return rows, navigation
