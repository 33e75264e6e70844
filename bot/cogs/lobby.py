"""``/evolution new | join | leave | start | addbot | kick | abandon | status``: a game's seats and life."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands, language_choices
from bot.translator import text

Interaction = discord.Interaction[Any]


class LobbyCog(EvolutionSubcommands):
    @app_commands.command(name=text("command_name.new"), description=text("command.new"))
    @app_commands.rename(
        quick_game=text("option_name.quick_game"),
        decision_time=text("option_name.decision_time"),
        reminders=text("option_name.reminders"),
        strikes=text("option_name.strikes"),
        language=text("option_name.language"),
    )
    @app_commands.describe(
        quick_game=text("option.quick_game"),
        decision_time=text("option.decision_time"),
        reminders=text("option.reminders"),
        strikes=text("option.strikes"),
        language=text("option.new_language"),
    )
    @app_commands.choices(language=language_choices())
    async def new(
        self,
        interaction: Interaction,
        quick_game: bool = False,
        decision_time: str | None = None,
        reminders: str | None = None,
        strikes: app_commands.Range[int, 1, 10] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.bot.desk.new_game(
            interaction,
            quick_game=quick_game,
            decision_time=decision_time,
            reminders=reminders,
            strikes=strikes,
            language=None if language is None else language.value,
        )

    @app_commands.command(name=text("command_name.join"), description=text("command.join"))
    async def join(self, interaction: Interaction) -> None:
        await self.bot.desk.join(interaction)

    @app_commands.command(name=text("command_name.leave"), description=text("command.leave"))
    async def leave(self, interaction: Interaction) -> None:
        await self.bot.desk.leave(interaction)

    @app_commands.command(name=text("command_name.start"), description=text("command.start"))
    async def start(self, interaction: Interaction) -> None:
        await self.bot.desk.start(interaction)

    @app_commands.command(name=text("command_name.addbot"), description=text("command.addbot"))
    async def addbot(self, interaction: Interaction) -> None:
        await self.bot.desk.add_computer(interaction)

    @app_commands.command(name=text("command_name.kick"), description=text("command.kick"))
    @app_commands.rename(player=text("option_name.player"), seat=text("option_name.seat"))
    @app_commands.describe(player=text("option.kick_player"), seat=text("option.kick_seat"))
    async def kick(
        self,
        interaction: Interaction,
        player: discord.User | None = None,
        seat: app_commands.Range[int, 1, 6] | None = None,
    ) -> None:
        await self.bot.desk.kick(interaction, player=player, seat=seat)

    @app_commands.command(name=text("command_name.abandon"), description=text("command.abandon"))
    async def abandon(self, interaction: Interaction) -> None:
        await self.bot.desk.abandon(interaction)

    @app_commands.command(name=text("command_name.status"), description=text("command.status"))
    async def status(self, interaction: Interaction) -> None:
        await self.bot.desk.status(interaction)
