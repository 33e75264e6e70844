"""``/evolution settings | pause | resume | extend | vote-replace | vote-end``: slow games' deadlines and votes."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands
from texts.messages import message

Interaction = discord.Interaction[Any]


class SlowGamesCog(EvolutionSubcommands):
    @app_commands.command(name="settings", description=message("command.settings"))
    @app_commands.describe(
        decision_time=message("option.decision_time"),
        reminders=message("option.reminders"),
        strikes=message("option.strikes"),
    )
    async def settings(
        self,
        interaction: Interaction,
        decision_time: str | None = None,
        reminders: str | None = None,
        strikes: app_commands.Range[int, 1, 10] | None = None,
    ) -> None:
        await self.bot.slow_games.settings(
            interaction, decision_time=decision_time, reminders=reminders, strikes=strikes
        )

    @app_commands.command(name="pause", description=message("command.pause"))
    async def pause(self, interaction: Interaction) -> None:
        await self.bot.slow_games.pause(interaction, paused=True)

    @app_commands.command(name="resume", description=message("command.resume"))
    async def resume(self, interaction: Interaction) -> None:
        await self.bot.slow_games.pause(interaction, paused=False)

    @app_commands.command(name="extend", description=message("command.extend"))
    @app_commands.describe(by=message("option.extend_by"), player=message("option.extend_player"))
    async def extend(self, interaction: Interaction, by: str, player: discord.User | None = None) -> None:
        await self.bot.slow_games.extend(interaction, by=by, player=player)

    @app_commands.command(name="vote-replace", description=message("command.vote_replace"))
    @app_commands.describe(player=message("option.vote_player"))
    async def vote_replace(self, interaction: Interaction, player: discord.User) -> None:
        await self.bot.slow_games.vote(interaction, kind="replace", player=player)

    @app_commands.command(name="vote-end", description=message("command.vote_end"))
    async def vote_end(self, interaction: Interaction) -> None:
        await self.bot.slow_games.vote(interaction, kind="end")
