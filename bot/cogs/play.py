"""``/evolution board | hand | move | mygames | history``: looking at a game and making moves without buttons."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands
from bot.translator import text

Interaction = discord.Interaction[Any]


class PlayCog(EvolutionSubcommands):
    @app_commands.command(name=text("command_name.board"), description=text("command.board"))
    async def board(self, interaction: Interaction) -> None:
        await self.bot.desk.board(interaction)

    @app_commands.command(name=text("command_name.hand"), description=text("command.hand"))
    async def hand(self, interaction: Interaction) -> None:
        await self.bot.desk.hand(interaction)

    @app_commands.command(name=text("command_name.move"), description=text("command.move"))
    @app_commands.rename(action=text("option_name.action"))
    @app_commands.describe(action=text("option.move_action"))
    async def move(self, interaction: Interaction, action: str) -> None:
        await self.bot.desk.move(interaction, value=action)

    @move.autocomplete("action")
    async def move_action(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.bot.desk.move_choices(interaction, current)

    @app_commands.command(name=text("command_name.mygames"), description=text("command.mygames"))
    async def mygames(self, interaction: Interaction) -> None:
        await self.bot.desk.my_games(interaction)

    @app_commands.command(name=text("command_name.history"), description=text("command.history"))
    @app_commands.rename(page=text("option_name.page"))
    @app_commands.describe(page=text("option.history_page"))
    async def history(self, interaction: Interaction, page: app_commands.Range[int, 1, 1000] = 1) -> None:
        await self.bot.desk.history(interaction, page=page)
