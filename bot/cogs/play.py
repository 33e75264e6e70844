"""``/evolution board | hand | move | mygames``: looking at a game and making moves without buttons."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands
from texts.messages import message

Interaction = discord.Interaction[Any]


class PlayCog(EvolutionSubcommands):
    @app_commands.command(name="board", description=message("command.board"))
    async def board(self, interaction: Interaction) -> None:
        await self.bot.desk.board(interaction)

    @app_commands.command(name="hand", description=message("command.hand"))
    async def hand(self, interaction: Interaction) -> None:
        await self.bot.desk.hand(interaction)

    @app_commands.command(name="move", description=message("command.move"))
    @app_commands.describe(action=message("option.move_action"))
    async def move(self, interaction: Interaction, action: str) -> None:
        await self.bot.desk.move(interaction, value=action)

    @move.autocomplete("action")
    async def move_action(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.bot.desk.move_choices(interaction, current)

    @app_commands.command(name="mygames", description=message("command.mygames"))
    async def mygames(self, interaction: Interaction) -> None:
        await self.bot.desk.my_games(interaction)
