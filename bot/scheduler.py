"""Slow games in Discord: the deadline scheduler's loop.

The service decides everything (what is due, what a timeout plays, when a vote is carried); this module only polls
it and words what happened. Deadlines live in the database, so the loop holds no state: the first poll after a
start applies whatever fell due while the bot was down, in order. Each poll also lets the announcer post afresh
any game whose announcement Discord lost (:meth:`bot.announce.Announcer.recover`).

A process that runs only some of the bot's shards polls for the games of its own guilds' channels only (shard 0's
also for the tutorials, played in DMs; the other processes poll for theirs: docs/deployment.md), and a health line
(the first poll's, then every tenth's) says the process is alive.

A "your turn" direct message goes out when a decision falls to a player in a game whose time per decision is at
least :data:`bot.panels.TURN_NOTICE_MIN` (a live game with short deadlines is played with the channel open; slow
ones need the nudge). Reminders go by DM; when a player's DMs are closed the reminder is a mention in the channel
instead.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence

import discord
from discord.ext import tasks

from bot import panels
from bot.announce import Announcer
from bot.languages import player_language
from bot.tutorial import placed
from evolution_bot.config import Settings
from game_service import GameService, Reminder, TimedOut
from texts.registry import words_for

logger = logging.getLogger(__name__)

#: How often the scheduler asks the service what is due (a deadline is applied at most this late).
POLL_SECONDS = 30.0
#: The health line is logged at the first poll and then every this many polls (every 5 minutes).
HEALTH_POLLS = 10


class Scheduler:
    """Polls the service for due reminders and timeouts and announces them. Never raises out of the loop."""

    def __init__(
        self,
        *,
        service: Callable[[], GameService],
        announcer: Announcer,
        settings: Settings,
        ready: Callable[[], Awaitable[None]],
        channels: Callable[[], Awaitable[Sequence[str] | None]] | None = None,
        health: Callable[[], str] = lambda: "",
    ) -> None:
        """``channels``: the channels whose games this process schedules, asked at each poll (None, or no
        ``channels``: every game).
        ``health``: the client's part of the health line (shards, guilds, gateway latency)."""
        self._service = service
        self._channels = channels
        self._health = health
        self._polls = 0
        self.announcer = announcer
        self.settings = settings
        self._ready_event = ready

    @property
    def service(self) -> GameService:
        return self._service()

    @tasks.loop(seconds=POLL_SECONDS)
    async def loop(self) -> None:
        await self.run_once()

    @loop.before_loop
    async def _ready(self) -> None:
        await self._ready_event()

    async def run_once(self) -> int:
        """Apply and announce everything due now; returns how many items there were."""
        started = time.perf_counter()
        try:
            await self.announcer.recover()
        except Exception:
            logger.exception("recovering the games' posts failed")
        try:
            held = None if self._channels is None else await self._channels()
            work = await self.service.run_due(channels=held)
        except Exception:
            # Also what an unreachable database looks like: the health line stops while these go on.
            logger.exception("the deadline scheduler failed")
            return 0
        if self._polls % HEALTH_POLLS == 0:
            # The line an operator watches for (docs/deployment.md): its absence for 10 minutes is the alarm.
            elapsed = 1000 * (time.perf_counter() - started)
            logger.info("health: ok; %s; database poll %.0f ms, %d due", self._health(), elapsed, len(work))
        self._polls += 1
        for item in work:
            try:
                if isinstance(item, Reminder):
                    await self.remind(item)
                else:
                    await self.timed_out(item)
            except Exception:
                logger.exception("game %s: announcing a deadline failed", item.game_id)
        return len(work)

    async def remind(self, reminder: Reminder) -> None:
        announcer = self.announcer
        info = await self.service.game_info(game_id=reminder.game_id)
        pending = next((d for d in info.to_decide if d.seat == reminder.seat), None)
        if pending is None:
            await self.service.delivered(outbox_id=reminder.outbox_id)
            return
        words = words_for(info.ruleset)
        due = discord.utils.format_dt(reminder.due_at, "R")
        # By DM in the player's language; else in the channel, in the game's.
        mine = player_language(info, reminder.user_id, self.settings.default_language)
        kind = words.decision(reminder.kind, mine)
        line = placed(info.settings, info.channel_id, "deadline.reminder", mine, kind=kind, due=due)
        sent = await announcer.prompt_privately(info, reminder.user_id, lines=[line])
        if not sent:
            kind = words.decision(reminder.kind, announcer.language(info))
            sent = await announcer.notice(
                info, "deadline.reminder_channel", player=panels.mention(reminder.user_id), kind=kind, due=due
            )
        if sent:
            # Confirmed only once Discord took it: otherwise the service hands it out again after its lease.
            await self.service.delivered(outbox_id=reminder.outbox_id)

    async def timed_out(self, timed_out: TimedOut) -> None:
        announcer = self.announcer
        info = await self.service.game_info(game_id=timed_out.game_id)
        lang = announcer.language(info)
        player = panels.mention(timed_out.user_id) if timed_out.user_id else info.players[timed_out.seat].name
        kind = words_for(info.ruleset).decision(timed_out.kind, lang)
        await announcer.notice(info, "deadline.timed_out", player=player, kind=kind)
        if timed_out.handed_over:
            await announcer.notice(info, "deadline.handed_over", player=player, n=timed_out.missed)
        await announcer.result(timed_out.result)
