"""``/evolution settings | pause | resume | extend | vote-replace | vote-end``: slow games' deadlines and votes."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands
from bot.translator import text

Interaction = discord.Interaction[Any]


class SlowGamesCog(EvolutionSubcommands):
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
        await self.bot.slow_games.settings(
            interaction, decision_time=decision_time, reminders=reminders, strikes=strikes
        )

    @app_commands.command(name=text("command_name.pause"), description=text("command.pause"))
    async def pause(self, interaction: Interaction) -> None:
        await self.bot.slow_games.pause(interaction, paused=True)

    @app_commands.command(name=text("command_name.resume"), description=text("command.resume"))
    async def resume(self, interaction: Interaction) -> None:
        await self.bot.slow_games.pause(interaction, paused=False)

    @app_commands.command(name=text("command_name.extend"), description=text("command.extend"))
    @app_commands.rename(by=text("option_name.by"), player=text("option_name.player"))
    @app_commands.describe(by=text("option.extend_by"), player=text("option.extend_player"))
    async def extend(self, interaction: Interaction, by: str, player: discord.User | None = None) -> None:
        await self.bot.slow_games.extend(interaction, by=by, player=player)

    @app_commands.command(name=text("command_name.vote_replace"), description=text("command.vote_replace"))
    @app_commands.rename(player=text("option_name.player"))
    @app_commands.describe(player=text("option.vote_player"))
    async def vote_replace(self, interaction: Interaction, player: discord.User) -> None:
        await self.bot.slow_games.vote(interaction, kind="replace", player=player)

    @app_commands.command(name=text("command_name.vote_end"), description=text("command.vote_end"))
    async def vote_end(self, interaction: Interaction) -> None:
        await self.bot.slow_games.vote(interaction, kind="end")
