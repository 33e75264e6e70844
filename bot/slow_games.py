"""Slow games in Discord: the deadline scheduler's loop, and the host's and players' commands around deadlines.

The service decides everything (what is due, what a timeout plays, when a vote is carried); this module only polls
it and words what happened. Deadlines live in the database, so the loop holds no state: the first poll after a
start applies whatever fell due while the bot was down, in order.

A "your turn" direct message goes out when a decision falls to a player in a game whose time per decision is at
least :data:`bot.panels.TURN_NOTICE_MIN` (a live game with short deadlines is played with the channel open; slow
ones need the nudge). Reminders go by DM; when a player's DMs are closed the reminder is a mention in the channel
instead.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Literal

import discord
from discord.ext import tasks

from bot import panels
from bot.desk import Interaction, deadline_change, is_admin, user_id_of
from bot.errors import BotRefusal
from bot.languages import language_of, player_language
from game_service import Reminder, TimedOut, VoteResult
from game_service.deadlines import format_duration, parse_duration
from texts.messages import message

if TYPE_CHECKING:
    from bot.client import EvolutionBot

logger = logging.getLogger(__name__)

#: How often the scheduler asks the service what is due (a deadline is applied at most this late).
POLL_SECONDS = 30.0


class Scheduler:
    """Polls the service for due reminders and timeouts and announces them. Never raises out of the loop."""

    def __init__(self, bot: EvolutionBot) -> None:
        self.bot = bot

    @tasks.loop(seconds=POLL_SECONDS)
    async def loop(self) -> None:
        await self.run_once()

    @loop.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def run_once(self) -> int:
        """Apply and announce everything due now; returns how many items there were."""
        try:
            work = await self.bot.service.run_due()
        except Exception:
            logger.exception("the deadline scheduler failed")
            return 0
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
        announcer = self.bot.announcer
        info = await self.bot.service.game_info(game_id=reminder.game_id)
        pending = next((d for d in info.to_decide if d.seat == reminder.seat), None)
        if pending is None:
            return
        due = discord.utils.format_dt(reminder.due_at, "R")
        # By DM in the player's language; else in the channel, in the game's.
        mine = player_language(info, reminder.user_id, self.bot.settings.default_language)
        kind = message(f"decision.{reminder.kind}", mine)
        line = message("deadline.reminder", mine, channel=f"<#{info.channel_id}>", kind=kind, due=due)
        if await announcer.direct_message(info, reminder.user_id, (), pending, lines=[line], fallback=False):
            return
        kind = message(f"decision.{reminder.kind}", announcer.language(info))
        await announcer.notice(
            info, "deadline.reminder_channel", player=panels.mention(reminder.user_id), kind=kind, due=due
        )

    async def timed_out(self, timed_out: TimedOut) -> None:
        announcer = self.bot.announcer
        info = await self.bot.service.game_info(game_id=timed_out.game_id)
        lang = announcer.language(info)
        player = panels.mention(timed_out.user_id) if timed_out.user_id else info.players[timed_out.seat].name
        kind = message(f"decision.{timed_out.kind}", lang)
        await announcer.notice(info, "deadline.timed_out", player=player, kind=kind)
        if timed_out.handed_over:
            await announcer.notice(info, "deadline.handed_over", player=player, n=timed_out.missed)
        await announcer.result(timed_out.result)


class SlowGames:
    """``/evolution settings | pause | resume | extend | vote-replace | vote-end``."""

    def __init__(self, bot: EvolutionBot) -> None:
        self.bot = bot

    async def settings(
        self, interaction: Interaction, *, decision_time: str | None, reminders: str | None, strikes: int | None
    ) -> None:
        desk = self.bot.desk
        await desk.defer_private(interaction)
        change = deadline_change(decision_time=decision_time, reminders=reminders, strikes=strikes)
        if not change:
            raise BotRefusal("nothing to change", code="nothing_to_change")
        info = await self.bot.service.change_settings(
            channel_id=desk.channel_id(interaction),
            actor_id=user_id_of(interaction),
            settings=change,
            actor_is_admin=is_admin(interaction),
        )
        await self.bot.announcer.notice(
            info, "settings.changed", **panels.deadline_params(info, self.bot.announcer.language(info))
        )
        await desk.say(interaction, panels.deadlines_text(info, language_of(interaction)))

    async def pause(self, interaction: Interaction, *, paused: bool) -> None:
        desk = self.bot.desk
        await desk.defer_private(interaction)
        call = self.bot.service.pause if paused else self.bot.service.resume
        info = await call(
            channel_id=desk.channel_id(interaction),
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
        )
        key = "deadline.paused" if paused else "deadline.resumed"
        await self.bot.announcer.notice(info, key, host=panels.mention(user_id_of(interaction)))
        await desk.say(interaction, message("deadline.done", language_of(interaction)))

    async def extend(self, interaction: Interaction, *, by: str, player: discord.abc.User | None) -> None:
        desk = self.bot.desk
        await desk.defer_private(interaction)
        try:
            span = parse_duration(by)
        except ValueError:
            raise BotRefusal("not a duration", code="bad_duration") from None
        channel_id = desk.channel_id(interaction)
        seat = None
        if player is not None:
            before = await self.bot.service.game_info(channel_id=channel_id)
            seat = before.seat_of(str(player.id))
            if seat is None:
                raise BotRefusal("not a player", code="not_a_player")
        info = await self.bot.service.extend(
            channel_id=channel_id, actor_id=user_id_of(interaction), by=span, seat=seat,
            actor_is_admin=is_admin(interaction),
        )  # fmt: skip
        host = panels.mention(user_id_of(interaction))
        if seat is None:
            await self.bot.announcer.notice(info, "deadline.extended_all", host=host, time=format_duration(span))
        else:
            await self.bot.announcer.notice(
                info, "deadline.extended_one", host=host, player=panels.mention(str(player.id)) if player else "",
                time=format_duration(span),
            )  # fmt: skip
        await desk.say(interaction, message("deadline.done", language_of(interaction)))

    async def vote(
        self, interaction: Interaction, *, kind: Literal["replace", "end"], player: discord.abc.User | None = None
    ) -> None:
        desk = self.bot.desk
        await desk.defer_private(interaction)
        channel_id = desk.channel_id(interaction)
        seat = None
        if kind == "replace":
            assert player is not None
            before = await self.bot.service.game_info(channel_id=channel_id)
            seat = before.seat_of(str(player.id))
            if seat is None:
                raise BotRefusal("not a player", code="not_a_player")
        result = await self.bot.service.vote(
            channel_id=channel_id, user_id=user_id_of(interaction), kind=kind, seat=seat
        )
        await self.announce_vote(result, voter=user_id_of(interaction), player=player)
        await desk.say(interaction, message("vote.counted", language_of(interaction)))

    async def announce_vote(self, result: VoteResult, *, voter: str, player: discord.abc.User | None) -> None:
        announcer = self.bot.announcer
        info = result.info
        target = "" if player is None else panels.mention(str(player.id))
        await announcer.notice(
            info, f"vote.cast_{result.kind}", voter=panels.mention(voter), player=target, votes=result.votes,
            needed=result.needed,
        )  # fmt: skip
        if not result.carried:
            return
        await announcer.notice(info, f"vote.carried_{result.kind}", player=target)
        if result.kind == "end":
            await announcer.lobby_closed(info)
        elif result.played is not None:
            await announcer.result(result.played)
