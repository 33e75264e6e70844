"""Messages the bot builds: the lobby, the status post, a player's private prompt and hand, the board.

Builders only: they turn service data into embeds and views of persistent components (:mod:`bot.components`)
and send nothing. Every word comes from the message catalogue. A View here carries no state: it is stopped
before it is sent, so the client does not keep it, and its components are answered by the DynamicItem registry.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.components import LobbyButton, MenuButton, MenuSelect, TableButton
from game_service import GameInfo, PendingDecision
from game_service.deadlines import deadlines_of, format_duration
from rules_core.north_star.view import SeatView, TableView
from texts.choices import (
    Menu,
    Option,
    Path,
    Table,
    action_path,
    card_name,
    clip,
    menu,
    token_kind,
)
from texts.languages import AUTONYMS
from texts.messages import message
from texts.summaries import phase_title, round_notes

#: Discord's limits.
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_FIELD_LIMIT = 1024
EMBED_TITLE_LIMIT = 256
CONTENT_LIMIT = 2000
SELECT_OPTIONS = 25
BUTTON_LABEL_LIMIT = 80
OPTION_LABEL_LIMIT = 100
#: Buttons of one menu level before its choices become a select instead (rows 1 to 3; row 4 is navigation).
MAX_CHOICE_BUTTONS = 15
BOARD_FILE = "board.png"
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


def lines_text(lines: Sequence[str], limit: int = EMBED_DESCRIPTION_LIMIT) -> str:
    """Lines joined, keeping the latest ones when they do not all fit."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))


def mention(user_id: str) -> str:
    return f"<@{user_id}>"


def seat_label(info: GameInfo, seat: int, language: str) -> str:
    """A seat for a public line: a human as a mention, a computer by name."""
    player = info.players[seat]
    if player.user_id is None:
        return message("player.computer", language, name=player.name)
    return mention(player.user_id)


def waiting_line(info: GameInfo, to_decide: Sequence[PendingDecision], language: str) -> str:
    """Whose move it is now ("Your move: @Alice (choosing a food card, time runs out in 3 hours)")."""
    if not to_decide:
        return ""
    parts = [
        message(
            "waiting.one" if d.due_at is None else "waiting.one_due",
            language,
            player=seat_label(info, d.seat, language),
            kind=message(f"decision.{d.kind}", language),
            due="" if d.due_at is None else discord.utils.format_dt(d.due_at, "R"),
        )
        for d in to_decide
    ]
    return message("waiting", language, players=", ".join(parts))


#: Games whose time per decision is at least this send "your turn" direct messages (see ``bot.slow_games``).
TURN_NOTICE_MIN = timedelta(hours=1)


def sends_turn_notices(info: GameInfo) -> bool:
    decision_time = deadlines_of(info.settings).decision_time
    return decision_time is not None and decision_time >= TURN_NOTICE_MIN


def deadline_params(info: GameInfo, language: str) -> dict[str, Any]:
    """The game's deadline settings as message parameters: ``time``, ``reminders``, ``strikes``."""
    deadlines = deadlines_of(info.settings)
    return {
        "time": message("settings.no_limit", language)
        if deadlines.decision_time is None
        else format_duration(deadlines.decision_time),
        "reminders": ", ".join(p.text for p in deadlines.reminders) or message("settings.no_reminders", language),
        "strikes": deadlines.strikes,
    }


def deadlines_text(info: GameInfo, language: str) -> str:
    """The game's deadline settings in a sentence ("Time per decision: 24h. Reminders: 50%, 1h. ...")."""
    if deadlines_of(info.settings).decision_time is None:
        return message("settings.no_limit", language)
    return message("info.deadlines_value", language, **deadline_params(info, language))


# The lobby.


def lobby_embed(info: GameInfo, language: str) -> discord.Embed:
    players = [
        message(
            "lobby.seat",
            language,
            n=seat.seat + 1,
            player=seat_label(info, seat.seat, language)
            if not seat.is_computer
            else message("player.computer", language, name=seat.name),
            host=message("lobby.host", language) if seat.user_id == info.host_id else "",
        )
        for seat in info.players
    ]
    quick = bool(info.options.get("quick_game"))
    embed = discord.Embed(
        title=message("lobby.title", language),
        description=message("lobby.description", language, min=info.min_players, max=info.max_players),
        colour=COLOUR,
    )
    embed.add_field(
        name=message("lobby.players", language, n=len(info.players), max=info.max_players),
        value=clip("\n".join(players), EMBED_FIELD_LIMIT) or "-",
        inline=False,
    )
    if quick:
        embed.add_field(name=message("lobby.options", language), value=message("lobby.quick_game", language))
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


def table_view_buttons(game_id: int, language: str, *, hand: bool = True) -> discord.ui.View:
    items: list[discord.ui.Item[Any]] = []
    if hand:
        items.append(
            TableButton("hand", game_id, label=message("button.hand", language), style=discord.ButtonStyle.primary)
        )
    items.append(
        TableButton("board", game_id, label=message("button.board", language), style=discord.ButtonStyle.secondary)
    )
    return stopped_view(items)


def status_embed(
    view: TableView, info: GameInfo, lines: Sequence[str], language: str, *, image: bool = True
) -> discord.Embed:
    embed = discord.Embed(
        title=clip(phase_title(view, language), EMBED_TITLE_LIMIT),
        description=lines_text(lines) or None,
        colour=COLOUR,
    )
    if image:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    footer = [message("footer.game", language, game=info.game_id), *round_notes(view, language)]
    embed.set_footer(text=" · ".join(footer))
    return embed


def info_embed(info: GameInfo, view: TableView | None, language: str) -> discord.Embed:
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
        value=clip("\n".join(seats), EMBED_FIELD_LIMIT) or "-",
        inline=False,
    )
    if view is not None and info.status == "running":
        embed.description = phase_title(view, language)
        embed.add_field(
            name=message("info.table", language),
            value=message(
                "info.table_value",
                language,
                watering_hole=view.watering_hole,
                food_bank=view.food_bank,
                deck=view.deck_size,
            ),
            inline=False,
        )
        waiting = waiting_line(info, info.to_decide, language)
        if waiting:
            embed.add_field(name=message("info.waiting", language), value=clip(waiting, EMBED_FIELD_LIMIT))
    if info.status in ("lobby", "running"):
        lines = [deadlines_text(info, language), *([message("info.paused", language)] if info.paused else [])]
        embed.add_field(name=message("info.deadlines", language), value=clip("\n".join(lines), EMBED_FIELD_LIMIT),
                        inline=False)  # fmt: skip
    embed.set_footer(text=message("footer.game", language, game=info.game_id))
    return embed


# A player's private panel.


def hand_embed(mine: SeatView, table: Table) -> discord.Embed:
    """A player's own secrets: hand, food-card pick, face-down traits, food bag (ephemeral or DM only)."""
    lang = table.language
    embed = discord.Embed(title=message("hand.title", lang), colour=COLOUR)
    cards = "\n".join(card_name(c, lang) for c in mine.hand) or message("hand.empty", lang)
    embed.add_field(
        name=message("hand.cards", lang, n=len(mine.hand)), value=clip(cards, EMBED_FIELD_LIMIT), inline=False
    )
    if mine.food_card is not None:
        embed.add_field(name=message("hand.food_card", lang), value=card_name(mine.food_card, lang))
    if mine.hidden_traits:
        hidden = "\n".join(
            message(
                "hand.hidden_one",
                lang,
                species=table.species_name(sid),
                traits=", ".join(card_name(c, lang) for c in cards_),
            )
            for sid, cards_ in mine.hidden_traits
        )
        embed.add_field(name=message("hand.hidden", lang), value=clip(hidden, EMBED_FIELD_LIMIT), inline=False)
    embed.add_field(name=message("hand.bag", lang), value=str(mine.bag))
    return embed


def back_prefix(actions: Sequence[Any], shown: Menu) -> Path | None:
    """Where "Back" goes: the last level before ``shown`` that offered a real choice (None at the top)."""
    for size in range(len(shown.prefix) - 1, -1, -1):
        earlier = menu(actions, shown.prefix[:size])
        if earlier is not None and earlier.prefix != shown.prefix:
            return shown.prefix[:size]
    return None


def choice_label(table: Table, prefix: Path, option: Option) -> str:
    """A choice's label; a choice that plays one whole action at once says which ("Your species 1 takes plant
    food" rather than "Take plant food")."""
    action = option.action
    if action is not None and len(action_path(action)) > len(prefix) + 1:
        text = table.action(action)
        return message("choice.action", table.language, action=text[:1].upper() + text[1:])
    return table.label(prefix, option.token)


def _button_style(option: Option) -> discord.ButtonStyle:
    if option.token in ("f", "S"):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.primary if option.action is not None else discord.ButtonStyle.secondary


def prompt_panel(
    *,
    game_id: int,
    decision: PendingDecision,
    actions: Sequence[Any],
    table: Table,
    prefix: Path = (),
    page: int = 0,
    notice: str | None = None,
) -> tuple[discord.Embed, discord.ui.View] | None:
    """The prompt of a player's decision at a menu level; None when no legal action lies under ``prefix``."""
    shown = menu(actions, prefix)
    if shown is None:
        return None
    lang = table.language
    version = decision.since_version
    details = []
    for option in shown.options:
        detail = table.describe(shown.prefix, option.token)
        if detail:
            details.append(
                message("prompt.detail", lang, choice=table.label(shown.prefix, option.token), detail=detail)
            )
    embed = discord.Embed(
        title=message("prompt.title", lang, kind=message(f"decision.{decision.kind}", lang)),
        description=lines_text(
            ["\n\n".join(part for part in (notice, table.question(shown)) if part), *details[:MAX_DETAILS]]
        ),
        colour=COLOUR,
    )
    embed.set_footer(text=message("footer.game", lang, game=game_id))
    items: list[discord.ui.Item[Any]] = []

    selectable = list(shown.of_kind("card"))
    discards = shown.of_kind("discards")
    buttons = [o for o in shown.options if token_kind(o.token) not in ("card", "discards")]
    if len(buttons) > MAX_CHOICE_BUTTONS:
        selectable += buttons
        buttons = []
    pages = 1
    if discards:
        cards = sorted({int(c) for o in discards for c in o.token[1:].split(".")})
        count = len(discards[0].token[1:].split("."))
        if len(cards) <= SELECT_OPTIONS:
            options = [
                discord.SelectOption(label=clip(card_name(c, lang), OPTION_LABEL_LIMIT), value=str(c)) for c in cards
            ]
            items.append(
                MenuSelect(
                    game_id,
                    version,
                    shown.prefix,
                    kind="d",
                    options=options,
                    count=count,
                    placeholder=message("select.discards", lang, n=count),
                    row=0,
                )
            )
        else:
            selectable += list(discards)
    if selectable:
        pages = (len(selectable) + SELECT_OPTIONS - 1) // SELECT_OPTIONS
        page = min(max(page, 0), pages - 1)
        chunk = selectable[page * SELECT_OPTIONS : (page + 1) * SELECT_OPTIONS]
        options = []
        for option in chunk:
            description = table.describe(shown.prefix, option.token)
            options.append(
                discord.SelectOption(
                    label=clip(choice_label(table, shown.prefix, option), OPTION_LABEL_LIMIT),
                    value=option.token,
                    description=clip(description, OPTION_LABEL_LIMIT) if description else None,
                )
            )
        placeholder = (
            message("select.choose", lang)
            if pages == 1
            else message("select.choose_page", lang, page=page + 1, pages=pages)
        )
        items.append(MenuSelect(game_id, version, shown.prefix, options=options, placeholder=placeholder, row=0))
    for index, option in enumerate(buttons):
        items.append(
            MenuButton(
                game_id,
                version,
                (*shown.prefix, option.token),
                label=clip(choice_label(table, shown.prefix, option), BUTTON_LABEL_LIMIT),
                style=_button_style(option),
                row=1 + index // 5,
            )
        )
    back = back_prefix(actions, shown)
    if back is not None:
        items.append(MenuButton(game_id, version, back, label=message("button.back", lang), row=4))
    if pages > 1:
        items.append(
            MenuButton(
                game_id,
                version,
                shown.prefix,
                page=max(page - 1, 0),
                row=4,
                disabled=page == 0,
                label=message("button.previous_page", lang),
            )
        )
        items.append(
            MenuButton(
                game_id,
                version,
                shown.prefix,
                page=min(page + 1, pages - 1),
                row=4,
                disabled=page >= pages - 1,
                label=message("button.next_page", lang),
            )
        )
    return embed, stopped_view(items)


def board_file(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename=BOARD_FILE)


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
