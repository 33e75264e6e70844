"""Messages the bot builds: the lobby, the status post, a player's private prompt and hand, the board, the history.

Builders only: they turn service data into embeds, views and cards (Discord's layout components: the status post
and everything a player sees of their own side, each one ``Container``) of persistent components
(:mod:`bot.components`) and send nothing. Every word comes from the message catalogue, and everything about a rule
system from its words (:mod:`texts.registry`), so no builder knows which game is played. Components and cards are
built within Discord's limits (:mod:`bot.limits`); other texts are fitted when sent. A View here carries no state: it
is stopped before it is sent, so the client does not keep it, and its components are answered by the DynamicItem
registry.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import discord

from bot.components import EVERY_KIND, AutopilotButton, LobbyButton, MenuButton, MenuSelect, TableButton
from bot.limits import (
    BUTTON_LABEL,
    FIELD_VALUE,
    LAYOUT_TEXT,
    OPTION_DESCRIPTION,
    OPTION_LABEL,
    PLACEHOLDER,
    ROW_ITEMS,
    SELECT_OPTIONS,
    first_lines,
    lines_text,
)
from bot.tutorial import placed
from game_service import GameInfo, PendingDecision, SeatInfo
from game_service.deadlines import deadlines_of
from renderer.theme import SEAT_COLOURS
from rules_core.engine import PublicView
from rules_core.registry import find_ruleset
from texts.durations import duration_text, reminder_text
from texts.languages import AUTONYMS
from texts.menus import Menu, Option, Path, back_prefix, clip, is_multi, menu, multi_parts
from texts.messages import message
from texts.options import options_words
from texts.presentation import RulesetWords, Section, Table
from texts.registry import words_for

#: Buttons of one menu level before its choices become a select instead (three rows; navigation has its own).
MAX_CHOICE_BUTTONS = 15
BOARD_FILE = "board.png"
REPLAY_FILE = "replay.gif"
#: Lines describing the choices (species sizes and traits) under a prompt's question.
MAX_DETAILS = 25
COLOUR = discord.Colour(0x2E8B57)


def stopped_view(items: Iterable[discord.ui.Item[Any]]) -> discord.ui.View:
    """A View that only carries components: stopped at once, so the client keeps no reference to it."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def mention(user_id: str) -> str:
    return f"<@{user_id}>"


def seat_label(info: GameInfo, seat: int, language: str) -> str:
    """A seat for a public line: a human as a mention, a computer by name."""
    player = info.players[seat]
    if player.user_id is None:
        return message("player.computer", language, name=player.name)
    return mention(player.user_id)


def computer_label(seat: SeatInfo, language: str) -> str:
    """A computer seat in the lobby: its name and, chosen by the host, how well it plays."""
    if seat.level is None:
        return message("player.computer", language, name=seat.name)
    level = message(f"computer_level.{seat.level}", language)
    return message("player.computer_at_level", language, name=seat.name, level=level)


def waiting_line(info: GameInfo, to_decide: Sequence[PendingDecision], language: str) -> str:
    """Whose move it is now ("Your move: @Alice (choosing a food card, time runs out in 3 hours)")."""
    if not to_decide:
        return ""
    words = words_for(info.ruleset)
    parts = [
        message(
            "waiting.one" if d.due_at is None else "waiting.one_due",
            language,
            player=seat_label(info, d.seat, language),
            kind=words.decision(d.kind, language),
            due="" if d.due_at is None else discord.utils.format_dt(d.due_at, "R"),
        )
        for d in to_decide
    ]
    return message("waiting", language, players=", ".join(parts))


def autopilot_line(info: GameInfo, language: str, now: datetime) -> str:
    """Who has left what to their autopilot ("🧭 On autopilot: @Bea (feeding) · @Cy away until <t:…>"), or ""."""
    words = words_for(info.ruleset)
    parts = []
    for seat in info.players:
        mine = None if seat.user_id is None else info.autopilots.get(seat.user_id)
        if mine is None or seat.user_id is None:
            continue
        if mine.away_until is not None and mine.away(now):
            until = discord.utils.format_dt(mine.away_until, "R")
            parts.append(message("autopilot.away_part", language, player=mention(seat.user_id), until=until))
        elif mine.kinds:
            kinds = ", ".join(words.decision(kind, language) for kind in sorted(mine.kinds))
            parts.append(message("autopilot.kinds_part", language, player=mention(seat.user_id), kinds=kinds))
    return message("autopilot.line", language, parts=" · ".join(parts)) if parts else ""


#: Games whose time per decision is at least this send "your turn" direct messages (see ``bot.scheduler``).
TURN_NOTICE_MIN = timedelta(hours=1)


def sends_turn_notices(info: GameInfo) -> bool:
    decision_time = deadlines_of(info.settings).decision_time
    return decision_time is not None and decision_time >= TURN_NOTICE_MIN


def deadline_params(info: GameInfo, language: str) -> dict[str, Any]:
    """The game's deadline settings as message parameters: ``time``, ``reminders``, ``strikes``."""
    deadlines = deadlines_of(info.settings)
    reminders = ", ".join(reminder_text(p.percent, p.before, language) for p in deadlines.reminders)
    return {
        "time": message("settings.no_limit", language)
        if deadlines.decision_time is None
        else duration_text(deadlines.decision_time, language),
        "reminders": reminders or message("settings.no_reminders", language),
        "strikes": deadlines.strikes,
    }


def deadlines_text(info: GameInfo, language: str) -> str:
    """The game's deadline settings in a sentence ("Time per decision: 1 day. Reminders: 50%, 1 hour. ...")."""
    if deadlines_of(info.settings).decision_time is None:
        return message("settings.no_limit", language)
    return message("info.deadlines_value", language, **deadline_params(info, language))


# The lobby.


def game_line(info: GameInfo, language: str) -> str:
    """The rule system and its options in words ("Evolution (North Star Games); Quick game: ...")."""
    words = words_for(info.ruleset)
    chosen = options_words(words, find_ruleset(info.ruleset).option_specs, info.options, language)
    return f"{words.title(language)}; {chosen}" if chosen else words.title(language)


def lobby_embed(info: GameInfo, language: str) -> discord.Embed:
    players = [
        message(
            "lobby.seat",
            language,
            n=seat.seat + 1,
            player=seat_label(info, seat.seat, language) if not seat.is_computer else computer_label(seat, language),
            host=message("lobby.host", language) if seat.user_id == info.host_id else "",
        )
        for seat in info.players
    ]
    embed = discord.Embed(
        title=message("lobby.title", language),
        description=message("lobby.description", language, min=info.min_players, max=info.max_players),
        colour=COLOUR,
    )
    embed.add_field(
        name=message("lobby.players", language, n=len(info.players), max=info.max_players),
        value=clip("\n".join(players), FIELD_VALUE) or "-",
        inline=False,
    )
    embed.add_field(name=message("lobby.game", language), value=game_line(info, language), inline=False)
    tip = words_for(info.ruleset).slow_game_tip(info.options, language)
    if tip is not None and sends_turn_notices(info):
        # A game with an hour or more per decision is played over days: a faster way to play it, if the rule
        # system has one.
        embed.add_field(name=message("lobby.tip", language), value=tip, inline=False)
    embed.add_field(name=message("lobby.language", language), value=AUTONYMS[language])
    embed.set_footer(text=message("footer.game", language, game=info.game_id))
    return embed


def lobby_view(info: GameInfo, language: str) -> discord.ui.View:
    g = info.game_id
    return stopped_view(
        [
            LobbyButton("join", g, label=message("button.join", language), style=discord.ButtonStyle.success),
            LobbyButton("leave", g, label=message("button.leave", language), style=discord.ButtonStyle.secondary),
            LobbyButton("bot", g, label=message("button.add_computer", language), style=discord.ButtonStyle.secondary),
            LobbyButton("start", g, label=message("button.start", language), style=discord.ButtonStyle.primary),
        ]
    )


def closed_lobby_embed(info: GameInfo, language: str, *, key: str) -> discord.Embed:
    """The lobby message once the game has started or was abandoned (its buttons are gone)."""
    embed = lobby_embed(info, language)
    embed.title = message(key, language)
    embed.description = None
    return embed


# The table.


def table_buttons(
    game_id: int, language: str, *, hand: bool = True, discard: bool = False
) -> list[discord.ui.Item[Any]]:
    """My hand (while the game runs), Board, and Discard pile where the rule system's pile is public."""
    items: list[discord.ui.Item[Any]] = []
    if hand:
        items.append(
            TableButton("hand", game_id, label=message("button.hand", language), style=discord.ButtonStyle.primary)
        )
    items.append(
        TableButton("board", game_id, label=message("button.board", language), style=discord.ButtonStyle.secondary)
    )
    if discard:
        items.append(discard_button(game_id, language))
    return items


def discard_button(game_id: int, language: str) -> discord.ui.Item[Any]:
    return TableButton(
        "discard", game_id, label=message("button.discard", language), style=discord.ButtonStyle.secondary
    )


def table_view_buttons(game_id: int, language: str, *, hand: bool = True) -> discord.ui.View:
    return stopped_view(table_buttons(game_id, language, hand=hand))


def stopped_layout(*items: discord.ui.Item[Any]) -> discord.ui.LayoutView:
    """A layout (Discord's layout components) that the client keeps no reference to, like :func:`stopped_view`."""
    layout = discord.ui.LayoutView(timeout=None)
    for item in items:
        layout.add_item(item)
    layout.stop()
    return layout


def status_layout(
    view: PublicView,
    info: GameInfo,
    lines: Sequence[str],
    language: str,
    *,
    waiting: str | None = None,
    image: bool = True,
    buttons: bool = True,
    link: str | None = None,
) -> discord.ui.LayoutView:
    """The table as one card, laid out for a phone: the phase, whose move it is (``waiting``), the board, the
    phase's moves so far and the game's notes, then the table's buttons (with the game's live board, ``link``, when
    the bot serves one)."""
    words = words_for(info.ruleset)
    autopilot = autopilot_line(info, language, datetime.now(UTC)) if info.status == "running" else ""
    shown = [line for line in (*lines, autopilot) if line]
    title = f"## {words.phase_title(view, language)}"
    footer = "-# " + " · ".join(
        [message("footer.game", language, game=info.game_id), *words.round_notes(view, language)]
    )
    children: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(title)]
    if waiting:
        children.append(discord.ui.TextDisplay(waiting))
    if image:
        children.append(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{BOARD_FILE}")))
    if shown:
        room = LAYOUT_TEXT - len(title) - len(waiting or "") - len(footer)
        children.append(discord.ui.TextDisplay(lines_text(shown, room)))
    children.append(discord.ui.TextDisplay(footer))
    if buttons:
        public_pile = words.discard_pile(view, language) is not None
        row = table_buttons(info.game_id, language, hand=info.status == "running", discard=public_pile)
        if link is not None:
            row.append(
                discord.ui.Button(style=discord.ButtonStyle.link, url=link, label=message("web.link_button", language))
            )
        children.append(discord.ui.ActionRow(*row))
    return stopped_layout(discord.ui.Container(*children, accent_colour=accent(info)))


def accent(info: GameInfo) -> discord.Colour:
    """The status card's edge: the colour of the seat whose move it is (as the board draws that seat), else, when
    several decide at once or nobody does, the bot's own."""
    seats = {d.seat for d in info.to_decide}
    if info.status != "running" or len(seats) != 1:
        return COLOUR
    (seat,) = seats
    return seat_colour(seat)


def info_embed(info: GameInfo, view: PublicView | None, language: str) -> discord.Embed:
    """``/evolution status``: the game at a glance (public facts only)."""
    embed = discord.Embed(title=message(f"info.title_{info.status}", language), colour=COLOUR)
    seats = [
        message(
            "lobby.seat",
            language,
            n=s.seat + 1,
            player=seat_label(info, s.seat, language),
            host=message("lobby.host", language) if s.user_id == info.host_id else "",
        )
        for s in info.players
    ]
    embed.add_field(
        name=message("lobby.players", language, n=len(info.players), max=info.max_players),
        value=clip("\n".join(seats), FIELD_VALUE) or "-",
        inline=False,
    )
    embed.add_field(name=message("lobby.game", language), value=game_line(info, language), inline=False)
    if view is not None and info.status == "running":
        words = words_for(info.ruleset)
        embed.description = words.phase_title(view, language)
        embed.add_field(name=message("info.table", language), value=words.table_summary(view, language), inline=False)
        waiting = waiting_line(info, info.to_decide, language)
        if waiting:
            embed.add_field(name=message("info.waiting", language), value=waiting)
    if info.status in ("lobby", "running"):
        lines = [deadlines_text(info, language), *([message("info.paused", language)] if info.paused else [])]
        embed.add_field(name=message("info.deadlines", language), value="\n".join(lines), inline=False)
    embed.set_footer(text=message("footer.game", language, game=info.game_id))
    return embed


# A player's private panel.

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


def seat_colour(seat: int) -> discord.Colour:
    """A seat's colour, as the board draws it."""
    return discord.Colour.from_rgb(*SEAT_COLOURS[seat % len(SEAT_COLOURS)])


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


def board_file(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename=BOARD_FILE)


def standings_lines(info: GameInfo, view: PublicView, language: str) -> list[str]:
    """A finished game's final scores under their heading (none while it runs)."""
    if view.outcome is None:
        return []
    words = words_for(info.ruleset)
    table = words.table(view, language=language)
    return [message("standings.title", language), *words.standings_lines(view.outcome, table)]


def replay_embed(info: GameInfo, final: PublicView, language: str) -> discord.Embed:
    """``/evolution replay``: the animated board (:data:`REPLAY_FILE`) under the game's number, with its scores."""
    embed = discord.Embed(
        title=message("replay.title", language, game=info.game_id),
        description="\n".join(standings_lines(info, final, language)) or None,
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{REPLAY_FILE}")
    return embed


def replay_file(gif: bytes) -> discord.File:
    return discord.File(io.BytesIO(gif), filename=REPLAY_FILE)


# A game's history.

#: A time heading starts a new group of history lines when this much time has passed since the last heading.
HISTORY_GAP = timedelta(minutes=10)
#: Room kept on a history page (below Discord's limit: headings and mentions are counted before rendering).
HISTORY_PAGE_SIZE = 3500


def history_pages(lines: Sequence[tuple[datetime, str]]) -> list[list[str]]:
    """Lines under time headings, cut into pages; page 1 is the latest. Each page reads oldest first and starts
    with a heading (repeated from the page before when a group runs over)."""
    rows: list[tuple[str, str]] = []  # (the heading over the row, the row)
    started: datetime | None = None
    heading = ""
    for at, line in lines:
        if started is None or at - started >= HISTORY_GAP:
            started, heading = at, f"**{discord.utils.format_dt(at, 'f')}**"
            rows.append((heading, heading))
        rows.append((heading, clip(line, HISTORY_PAGE_SIZE // 2)))

    def finished(page: list[str], over: str) -> list[str]:
        oldest_first = page[::-1]
        return oldest_first if oldest_first[0] == over else [over, *oldest_first]

    pages: list[list[str]] = []
    page: list[str] = []
    size = 0
    over = ""
    for row_over, row in reversed(rows):
        # Keep room for the heading the page may have to repeat on top.
        needed = size + len(row) + 1 + (0 if row == row_over else len(row_over) + 1)
        if page and needed > HISTORY_PAGE_SIZE:
            pages.append(finished(page, over))
            page, size = [], 0
        page.append(row)
        size += len(row) + 1
        over = row_over
    if page:
        pages.append(finished(page, over))
    return pages


def history_embed(info: GameInfo, lines: Sequence[tuple[datetime, str]], page: int, language: str) -> discord.Embed:
    """``/evolution history``: one page of what the channel saw happen (page 1 the latest; a page past the end
    shows the earliest)."""
    pages = history_pages(lines) or [[message("history.empty", language)]]
    shown = min(page, len(pages))
    embed = discord.Embed(
        title=message("history.title", language), description="\n".join(pages[shown - 1]), colour=COLOUR
    )
    embed.set_footer(text=message("history.footer", language, game=info.game_id, page=shown, pages=len(pages)))
    return embed
