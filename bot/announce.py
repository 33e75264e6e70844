"""Service results become channel posts and direct messages.

Called after the service has committed a change, so a Discord failure here (closed DMs, a rate limit, a 5xx, a
deleted message, a missing permission) is logged and dropped: it never changes or stalls the game.

The channel hears only public events (and, in the quick game, no card play until the phase ends):

* a **phase post** when a phase or round begins or the game ends: the board image, what happened, whose move it
  is (with mentions), and the persistent "My hand" and "Board" buttons; it becomes the game's status message;
* within a phase, the status message is **edited** (board and lines), and a short post mentions a player whose
  move has just come (mentions in an edit notify nobody).

Direct messages carry a player's private news (the hand after a deal, their secret food-card pick, their
face-down trait plays) and, when a food-card pick or card play falls due, the prompt itself. When a player's DMs
are closed (Discord error 50007), the channel is told once, without private content, to use "My hand" or
``/evolution hand``, and no DM is tried again until that player next interacts with the bot.

Message ids (the lobby and status messages) and the "DMs closed" marks are presentation state kept in memory: after
a restart the next post simply starts a new status message.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import panels
from bot.languages import game_language, player_language
from game_service import ActionResult, GameInfo, PendingDecision
from rules_core.errors import Refusal
from rules_core.north_star import events as ev
from rules_core.north_star.state import Phase
from rules_core.north_star.view import SeatView, TableView
from texts.choices import Table, clip
from texts.messages import board_labels, message
from texts.summaries import DM_WORTHY, announced, private_lines, public_lines, standings_lines

if TYPE_CHECKING:
    from bot.client import EvolutionBot

logger = logging.getLogger(__name__)

#: Discord's code for "Cannot send messages to this user" (closed DMs, or no shared server).
DMS_CLOSED = 50007
#: Decisions whose prompt is sent by direct message when it falls due (they need the player's hand).
DM_PROMPTS = frozenset({"food_card", "play_cards"})
#: Lines of the current phase kept for the status message.
PHASE_LINES = 40
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


class Announcer:
    def __init__(self, bot: EvolutionBot) -> None:
        self.bot = bot
        self._lobby: dict[int, int] = {}
        self._status: dict[int, int] = {}
        self._phase: dict[int, tuple[int, str]] = {}
        self._lines: dict[int, list[str]] = {}
        self._dms_closed: set[str] = set()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # Bookkeeping.

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def dms_closed(self, user_id: str) -> bool:
        return user_id in self._dms_closed

    def user_interacted(self, user_id: str) -> None:
        """The user is back: their DMs may have been opened, so the next DM is tried again."""
        self._dms_closed.discard(user_id)

    def remember_lobby(self, game_id: int, message_id: int) -> None:
        self._lobby[game_id] = message_id

    def language(self, info: GameInfo) -> str:
        """The language of the game's channel posts (bot.languages)."""
        return game_language(info, self.bot.settings.default_language)

    def channel(self, channel_id: str) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(int(channel_id))

    async def _send(self, channel_id: str, **kwargs: Any) -> discord.Message | None:
        try:
            return await self.channel(channel_id).send(allowed_mentions=MENTIONS, **kwargs)
        except discord.HTTPException as exc:
            logger.warning("channel %s: a post failed: HTTP %s (code %s)", channel_id, exc.status, exc.code)
            return None

    async def _edit(self, channel_id: str, message_id: int, **kwargs: Any) -> bool:
        try:
            await self.channel(channel_id).get_partial_message(message_id).edit(**kwargs)
            return True
        except discord.NotFound:
            return False
        except discord.HTTPException as exc:
            logger.warning("channel %s: an edit failed: HTTP %s (code %s)", channel_id, exc.status, exc.code)
            return False

    async def board(self, view: TableView, language: str) -> bytes:
        """The board image with its words in ``language``, drawn off the event loop from the public view."""
        return await asyncio.to_thread(self.bot.render, view, labels=board_labels(language))

    async def _board_or_none(self, view: TableView, language: str) -> bytes | None:
        """The board for a post; a failing renderer costs the image, never the post."""
        try:
            return await self.board(view, language)
        except Exception:
            logger.exception("drawing the board failed")
            return None

    # The lobby.

    async def post_lobby(self, info: GameInfo) -> discord.Message | None:
        lang = self.language(info)
        sent = await self._send(
            info.channel_id, embed=panels.lobby_embed(info, lang), view=panels.lobby_view(info, lang)
        )
        if sent is not None:
            self._lobby[info.game_id] = sent.id
        return sent

    async def lobby_changed(self, info: GameInfo) -> None:
        """Show the lobby as it now is: edit its message, or post it again when that is gone."""
        lang = self.language(info)
        message_id = self._lobby.get(info.game_id)
        if info.status == "lobby":
            if message_id is None or not await self._edit(
                info.channel_id, message_id, embed=panels.lobby_embed(info, lang), view=panels.lobby_view(info, lang)
            ):
                await self.post_lobby(info)
            return
        await self.lobby_closed(info)

    async def lobby_closed(self, info: GameInfo) -> None:
        message_id = self._lobby.pop(info.game_id, None)
        if message_id is None:
            return
        key = "lobby.started" if info.status in ("running", "finished") else "lobby.abandoned"
        lang = self.language(info)
        await self._edit(info.channel_id, message_id, embed=panels.closed_lobby_embed(info, lang, key=key), view=None)

    async def notice(self, info: GameInfo, key: str, **params: Any) -> None:
        """A one-line public message (someone left, the game was abandoned...)."""
        await self._send(info.channel_id, content=message(key, self.language(info), **params))

    # Results.

    async def result(
        self, result: ActionResult, *, actor_id: str | None = None, actor_in_dm: bool = False, started: bool = False
    ) -> None:
        """Tell the channel and the players what a start (``started``), a move or a handover did. Never raises."""
        try:
            async with self._lock(result.game_id):
                await self._result(result, actor_id=actor_id, actor_in_dm=actor_in_dm, started=started)
        except Exception:
            logger.exception("game %s: announcing version %s failed", result.game_id, result.version)

    async def _result(self, result: ActionResult, *, actor_id: str | None, actor_in_dm: bool, started: bool) -> None:
        try:
            info = await self.bot.service.game_info(game_id=result.game_id)
            view: TableView = await self.bot.service.public_view(channel_id=result.channel_id, game_id=result.game_id)
        except Refusal as refusal:
            logger.warning("game %s: cannot announce: %s", result.game_id, refusal.code)
            return
        lang = self.language(info)
        names = tuple(s.name for s in info.players)
        table = Table(view, names, language=lang)
        lines = public_lines(announced(result.public_events, quick_game=view.quick_game), table)
        # Decisions that fell due in this result (at a start, every decision is new).
        before = -1 if started else result.version - len(result.steps)
        newly_due = [d for d in result.to_decide if d.since_version > before]
        phase = (view.round, view.phase.value)
        if result.status != "running" or self._phase.get(result.game_id) != phase:
            if result.outcome is not None:
                lines += [message("standings.title", lang), *standings_lines(result.outcome, table)]
            self._phase[result.game_id] = phase
            self._lines[result.game_id] = lines[-PHASE_LINES:]
            await self._phase_post(info, view, result.to_decide, lines, lang)
        elif not (view.quick_game and view.phase is Phase.PLAY_CARDS):
            kept = self._lines.setdefault(result.game_id, [])
            kept.extend(lines)
            del kept[:-PHASE_LINES]
            await self._update_status(info, view, result.to_decide, kept, lang)
            pinged = [d for d in newly_due if d.user_id is not None and d.user_id != actor_id]
            if pinged:
                content = "\n".join([*lines[-5:], panels.waiting_line(info, pinged, lang)])
                await self._send(
                    info.channel_id,
                    content=clip(content, panels.CONTENT_LIMIT),
                    view=panels.table_view_buttons(info.game_id, lang),
                )
        if result.status != "running":
            self._phase.pop(result.game_id, None)
            self._lines.pop(result.game_id, None)
            self._status.pop(result.game_id, None)
        await self._direct_messages(result, info, newly_due, actor_id=actor_id, actor_in_dm=actor_in_dm)

    async def _phase_post(
        self, info: GameInfo, view: TableView, to_decide: Sequence[PendingDecision], lines: Sequence[str], lang: str
    ) -> None:
        png = await self._board_or_none(view, lang)
        running = info.status == "running"
        image: dict[str, Any] = {} if png is None else {"file": panels.board_file(png)}
        sent = await self._send(
            info.channel_id,
            content=panels.waiting_line(info, to_decide, lang) or None,
            embed=panels.status_embed(view, info, lines, lang, image=png is not None),
            view=panels.table_view_buttons(info.game_id, lang, hand=running),
            **image,
        )
        if sent is not None and running:
            self._status[info.game_id] = sent.id

    async def _update_status(
        self, info: GameInfo, view: TableView, to_decide: Sequence[PendingDecision], lines: Sequence[str], lang: str
    ) -> None:
        message_id = self._status.get(info.game_id)
        png = await self._board_or_none(view, lang)
        if message_id is not None and await self._edit(
            info.channel_id,
            message_id,
            content=panels.waiting_line(info, to_decide, lang) or None,
            embed=panels.status_embed(view, info, lines, lang, image=png is not None),
            attachments=[] if png is None else [panels.board_file(png)],
            allowed_mentions=discord.AllowedMentions.none(),
        ):
            return
        # The status message is gone (deleted, or from before a restart): start a new one.
        await self._phase_post(info, view, to_decide, lines, lang)

    # Direct messages.

    async def _direct_messages(
        self,
        result: ActionResult,
        info: GameInfo,
        newly_due: Sequence[PendingDecision],
        *,
        actor_id: str | None,
        actor_in_dm: bool,
    ) -> None:
        turn_notices = panels.sends_turn_notices(info)
        for seat in info.players:
            user_id = seat.user_id
            if user_id is None or (user_id == actor_id and actor_in_dm):
                continue
            private = result.private_events.get(user_id, ())
            dealt = any(isinstance(e, ev.CardsReceived) and e.reason == "deal" for e in private)
            due = next(
                (
                    d
                    for d in newly_due
                    if d.user_id == user_id
                    and (d.kind in DM_PROMPTS or turn_notices)
                    and (user_id != actor_id or dealt)
                ),
                None,
            )
            if due is None and not any(isinstance(e, DM_WORTHY) for e in private):
                continue
            lines = []
            if due is not None and due.due_at is not None:
                # A direct message: in the player's language.
                lang = player_language(info, user_id, self.bot.settings.default_language)
                kind = message(f"decision.{due.kind}", lang)
                when = discord.utils.format_dt(due.due_at, "R")
                channel = f"<#{info.channel_id}>"
                lines.append(message("deadline.your_turn", lang, channel=channel, kind=kind, due=when))
            await self.direct_message(info, user_id, private, due, lines=lines)

    async def direct_message(
        self,
        info: GameInfo,
        user_id: str,
        private: Sequence[Any],
        due: PendingDecision | None,
        *,
        lines: Sequence[str] = (),
        fallback: bool = True,
    ) -> bool:
        """Send a player their private news (after ``lines``) and, when given, the prompt of their decision. False
        when not sent; with ``fallback``, closed DMs are then pointed out in the channel (once)."""
        if user_id in self._dms_closed:
            return False
        lang = player_language(info, user_id, self.bot.settings.default_language)
        try:
            mine: SeatView = await self.bot.service.private_view(
                channel_id=info.channel_id, user_id=user_id, game_id=info.game_id
            )
        except Refusal:
            return False
        table = Table(mine.table, tuple(s.name for s in info.players), mine=mine, language=lang)
        header = message("dm.header", lang, channel=f"<#{info.channel_id}>", game=info.game_id)
        lines = [*lines, *private_lines(private, table)]
        embeds = [panels.hand_embed(mine, table)]
        view: discord.ui.View | None = None
        if due is not None:
            legal = await self.bot.service.legal_actions(
                channel_id=info.channel_id, user_id=user_id, game_id=info.game_id
            )
            panel = panels.prompt_panel(game_id=info.game_id, decision=due, actions=legal.actions, table=table)
            if panel is not None:
                embeds.append(panel[0])
                view = panel[1]
        content = clip("\n".join([header, *lines]), panels.CONTENT_LIMIT)
        try:
            channel = await self.bot.create_dm(discord.Object(id=int(user_id)))
            if view is None:
                await channel.send(content=content, embeds=embeds)
            else:
                await channel.send(content=content, embeds=embeds, view=view)
            return True
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                logger.warning("game %s: a direct message was refused: code %s", info.game_id, exc.code)
                return False
            self._dms_closed.add(user_id)
            logger.info("game %s: a player's direct messages are closed", info.game_id)
            if not fallback:
                return False
            public = self.language(info)
            await self._send(
                info.channel_id,
                content=message("dm.closed", public, player=panels.mention(user_id)),
                view=panels.table_view_buttons(info.game_id, public),
            )
            return False
        except discord.HTTPException as exc:
            logger.warning("game %s: a direct message failed: HTTP %s (code %s)", info.game_id, exc.status, exc.code)
            return False
