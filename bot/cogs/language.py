"""``/evolution language``: the host chooses the language of the game's channel posts (docs/rulings.md,
"Languages"). A small handler of its own, so that a settings command can take it in later."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands, language_choices
from bot.translator import text

Interaction = discord.Interaction[Any]


class LanguageCog(EvolutionSubcommands):
    @app_commands.command(name=text("command_name.language"), description=text("command.language"))
    @app_commands.rename(language=text("option_name.language"))
    @app_commands.describe(language=text("option.game_language"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: Interaction, language: app_commands.Choice[str]) -> None:
        await self.bot.desk.set_language(interaction, language=language.value)
