"""``/evolution settings``, ``/evolution time pause | resume | extend`` and ``/evolution vote replace | end``: slow
games' deadlines and votes (grouped: Discord allows 25 subcommands in a command).

The service decides everything (what a setting means, when a vote is carried); these commands read the interaction
and word what happened. Times are typed the short way (``30m``, ``24h``, ``1d12h``) and told in the reader's words.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot import panels
from bot.cogs import EvolutionSubcommands
from bot.cogs.lobby import deadline_change
from bot.errors import BotRefusal
from bot.interactions import Interaction, channel_id_of, defer_private, is_admin, say, user_id_of
from bot.languages import language_of
from bot.translator import text
from game_service import VoteResult
from game_service.deadlines import parse_duration
from texts.durations import duration_text
from texts.messages import message


class SlowGamesCog(EvolutionSubcommands):
    time = app_commands.Group(name=text("command_name.time"), description=text("command.time"))
    vote = app_commands.Group(name=text("command_name.vote"), description=text("command.vote"))

    @app_commands.command(name=text("command_name.settings"), description=text("command.settings"))
    @app_commands.rename(
        decision_time=text("option_name.decision_time"),
        reminders=text("option_name.reminders"),
        strikes=text("option_name.strikes"),
    )
    @app_commands.describe(
        decision_time=text("option.decision_time"),
        reminders=text("option.reminders"),
        strikes=text("option.strikes"),
    )
    async def settings(
        self,
        interaction: Interaction,
        decision_time: str | None = None,
        reminders: str | None = None,
        strikes: app_commands.Range[int, 1, 10] | None = None,
    ) -> None:
        await defer_private(interaction)
        change = deadline_change(decision_time=decision_time, reminders=reminders, strikes=strikes)
        if not change:
            raise BotRefusal("nothing to change", code="nothing_to_change")
        info = await self.service.change_settings(
            channel_id=channel_id_of(interaction),
            actor_id=user_id_of(interaction),
            settings=change,
            actor_is_admin=is_admin(interaction),
        )
        await self.announcer.notice(
            info, "settings.changed", **panels.deadline_params(info, self.announcer.language(info))
        )
        if info.status == "lobby":
            # The lobby's advice depends on how slow the game will be.
            await self.announcer.lobby_changed(info)
        await say(interaction, panels.deadlines_text(info, language_of(interaction)))

    @time.command(name=text("command_name.pause"), description=text("command.pause"))
    async def pause(self, interaction: Interaction) -> None:
        await self._pause(interaction, paused=True)

    @time.command(name=text("command_name.resume"), description=text("command.resume"))
    async def resume(self, interaction: Interaction) -> None:
        await self._pause(interaction, paused=False)

    async def _pause(self, interaction: Interaction, *, paused: bool) -> None:
        await defer_private(interaction)
        call = self.service.pause if paused else self.service.resume
        info = await call(
            channel_id=channel_id_of(interaction),
            actor_id=user_id_of(interaction),
            actor_is_admin=is_admin(interaction),
        )
        key = "deadline.paused" if paused else "deadline.resumed"
        await self.announcer.notice(info, key, host=panels.mention(user_id_of(interaction)))
        await say(interaction, message("deadline.done", language_of(interaction)))

    @time.command(name=text("command_name.extend"), description=text("command.extend"))
    @app_commands.rename(by=text("option_name.by"), player=text("option_name.player"))
    @app_commands.describe(by=text("option.extend_by"), player=text("option.extend_player"))
    async def extend(self, interaction: Interaction, by: str, player: discord.User | None = None) -> None:
        await defer_private(interaction)
        try:
            span = parse_duration(by)
        except ValueError:
            raise BotRefusal("not a duration", code="bad_duration") from None
        channel_id = channel_id_of(interaction)
        seat = None
        if player is not None:
            before = await self.service.game_info(channel_id=channel_id)
            seat = before.seat_of(str(player.id))
            if seat is None:
                raise BotRefusal("not a player", code="not_a_player")
        info = await self.service.extend(
            channel_id=channel_id, actor_id=user_id_of(interaction), by=span, seat=seat,
            actor_is_admin=is_admin(interaction),
        )  # fmt: skip
        host = panels.mention(user_id_of(interaction))
        time = duration_text(span, self.announcer.language(info))
        if player is None:
            await self.announcer.notice(info, "deadline.extended_all", host=host, time=time)
        else:
            await self.announcer.notice(
                info, "deadline.extended_one", host=host, player=panels.mention(str(player.id)), time=time
            )
        await say(interaction, message("deadline.done", language_of(interaction)))

    @vote.command(name=text("command_name.vote_replace"), description=text("command.vote_replace"))
    @app_commands.rename(player=text("option_name.player"))
    @app_commands.describe(player=text("option.vote_player"))
    async def vote_replace(self, interaction: Interaction, player: discord.User) -> None:
        await self._vote(interaction, kind="replace", player=player)

    @vote.command(name=text("command_name.vote_end"), description=text("command.vote_end"))
    async def vote_end(self, interaction: Interaction) -> None:
        await self._vote(interaction, kind="end")

    async def _vote(
        self, interaction: Interaction, *, kind: Literal["replace", "end"], player: discord.abc.User | None = None
    ) -> None:
        await defer_private(interaction)
        channel_id = channel_id_of(interaction)
        seat = None
        if kind == "replace":
            assert player is not None
            before = await self.service.game_info(channel_id=channel_id)
            seat = before.seat_of(str(player.id))
            if seat is None:
                raise BotRefusal("not a player", code="not_a_player")
        result = await self.service.vote(channel_id=channel_id, user_id=user_id_of(interaction), kind=kind, seat=seat)
        await self.announce_vote(result, voter=user_id_of(interaction), player=player)
        await say(interaction, message("vote.counted", language_of(interaction)))

    async def announce_vote(self, result: VoteResult, *, voter: str, player: discord.abc.User | None) -> None:
        info = result.info
        target = "" if player is None else panels.mention(str(player.id))
        await self.announcer.notice(
            info, f"vote.cast_{result.kind}", voter=panels.mention(voter), player=target, votes=result.votes,
            needed=result.needed,
        )  # fmt: skip
        if not result.carried:
            return
        await self.announcer.notice(info, f"vote.carried_{result.kind}", player=target)
        if result.kind == "end":
            await self.announcer.lobby_closed(info)
        elif result.played is not None:
            await self.announcer.result(result.played)
