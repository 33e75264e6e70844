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
from datetime import UTC, datetime, timedelta
from typing import Any

import discord

from bot.components import LobbyButton, TableButton
from bot.limits import (
    FIELD_VALUE,
    LAYOUT_TEXT,
    lines_text,
)
from game_service import GameInfo, PendingDecision, SeatInfo
from game_service.deadlines import deadlines_of
from renderer.theme import SEAT_COLOURS
from rules_core.engine import PublicView
from rules_core.registry import find_ruleset
from texts.durations import duration_text, reminder_text
from texts.languages import AUTONYMS
from texts.menus import clip
from texts.messages import message
from texts.options import options_words
from texts.registry import words_for

BOARD_FILE = "board.png"
REPLAY_FILE = "replay.gif"
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


def seat_colour(seat: int) -> discord.Colour:
    """A seat's colour, as the board draws it."""
    return discord.Colour.from_rgb(*SEAT_COLOURS[seat % len(SEAT_COLOURS)])


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
