"""Thin cogs, one per feature: ``lobby`` (creating, joining and running a game's seats), ``play`` (looking at a
game and making moves), ``language`` (the game's language) and ``rules`` (``/rules``). Each command hands the
interaction to the bot's :class:`~bot.desk.Desk`; failures go to the command tree's one error handler. Names and
descriptions are catalogue keys (:func:`bot.translator.text`), translated when the commands are synced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from texts.languages import AUTONYMS, LANGUAGES

if TYPE_CHECKING:
    from bot.client import EvolutionBot


class EvolutionSubcommands(commands.Cog):
    """A cog whose slash commands are subcommands of the bot's one ``/evolution`` group.

    discord.py lets a cog own a whole group (``GroupCog``) but not share one with other cogs, so on load these
    commands (already bound to this cog) move under the shared group, and the cog keeps none at the top level.
    """

    def __init__(self, bot: EvolutionBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        for command in self.__cog_app_commands__:
            self.bot.evolution.add_command(command)
        # Cog._inject adds the commands still listed here at the top level of the tree: none.
        self.__cog_app_commands__ = []

    async def cog_unload(self) -> None:
        for child in list(self.bot.evolution.commands):
            if getattr(child, "binding", None) is self:
                self.bot.evolution.remove_command(child.name)


def language_choices() -> list[app_commands.Choice[str]]:
    """The six languages, each by its own name (the same in every locale: a reader looks for their language's)."""
    return [app_commands.Choice(name=AUTONYMS[code], value=code) for code in LANGUAGES]
