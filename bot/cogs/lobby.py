"""``/evolution new | join | leave | start | addbot | kick | abandon | status``: a game's seats and life."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands
from texts.messages import message

Interaction = discord.Interaction[Any]


class LobbyCog(EvolutionSubcommands):
    @app_commands.command(name="new", description=message("command.new"))
    @app_commands.describe(quick_game=message("option.quick_game"), decision_time=message("option.decision_time"))
    async def new(self, interaction: Interaction, quick_game: bool = False, decision_time: str | None = None) -> None:
        await self.bot.desk.new_game(interaction, quick_game=quick_game, decision_time=decision_time)

    @app_commands.command(name="join", description=message("command.join"))
    async def join(self, interaction: Interaction) -> None:
        await self.bot.desk.join(interaction)

    @app_commands.command(name="leave", description=message("command.leave"))
    async def leave(self, interaction: Interaction) -> None:
        await self.bot.desk.leave(interaction)

    @app_commands.command(name="start", description=message("command.start"))
    async def start(self, interaction: Interaction) -> None:
        await self.bot.desk.start(interaction)

    @app_commands.command(name="addbot", description=message("command.addbot"))
    async def addbot(self, interaction: Interaction) -> None:
        await self.bot.desk.add_computer(interaction)

    @app_commands.command(name="kick", description=message("command.kick"))
    @app_commands.describe(player=message("option.kick_player"), seat=message("option.kick_seat"))
    async def kick(
        self,
        interaction: Interaction,
        player: discord.User | None = None,
        seat: app_commands.Range[int, 1, 6] | None = None,
    ) -> None:
        await self.bot.desk.kick(interaction, player=player, seat=seat)

    @app_commands.command(name="abandon", description=message("command.abandon"))
    async def abandon(self, interaction: Interaction) -> None:
        await self.bot.desk.abandon(interaction)

    @app_commands.command(name="status", description=message("command.status"))
    async def status(self, interaction: Interaction) -> None:
        await self.bot.desk.status(interaction)
