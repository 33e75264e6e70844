"""Thin cogs, one per feature: ``lobby`` (creating, joining and running a game's seats), ``play`` (looking at a
game and making moves), ``slow`` (deadlines, pauses, votes), ``language`` (the game's language), ``rules``
(``/rules``) and ``ratings`` (the server's leaderboard and players' statistics). Each command and each component
reads the interaction, calls the service once or twice, answers the user and hands the result to the announcer;
failures go to the command tree's one error handler. Names and descriptions are catalogue keys
(:func:`bot.translator.text`), translated when the commands are synced.

A cog knows the bot only as a :class:`Host`: what it offers the cogs (the service, the announcer, the settings,
the ``/evolution`` group, seeds for new games), so no cog imports the client.
"""

from __future__ import annotations

from typing import Protocol

from discord import app_commands
from discord.ext import commands

from bot.announce import Announcer
from bot.replays import Replays
from evolution_bot.config import Settings
from game_service import GameService
from texts.languages import AUTONYMS, LANGUAGES


class Host(Protocol):
    """What the bot offers its cogs."""

    @property
    def service(self) -> GameService: ...

    @property
    def announcer(self) -> Announcer: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def evolution(self) -> app_commands.Group: ...

    @property
    def replays(self) -> Replays: ...

    def next_seed(self) -> int | None: ...


class EvolutionSubcommands(commands.Cog):
    """A cog whose slash commands are subcommands of the bot's one ``/evolution`` group.

    discord.py lets a cog own a whole group (``GroupCog``) but not share one with other cogs, so on load these
    commands (already bound to this cog) move under the shared group, and the cog keeps none at the top level.
    """

    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def service(self) -> GameService:
        return self.host.service

    @property
    def announcer(self) -> Announcer:
        return self.host.announcer

    async def cog_load(self) -> None:
        #: The commands (and groups of them) moved under ``/evolution``.
        self._moved = list(self.__cog_app_commands__)
        for command in self._moved:
            self.host.evolution.add_command(command)
        # Cog._inject adds the commands still listed here at the top level of the tree: none.
        self.__cog_app_commands__ = []

    async def cog_unload(self) -> None:
        for command in self._moved:
            self.host.evolution.remove_command(command.name)


def language_choices() -> list[app_commands.Choice[str]]:
    """The six languages, each by its own name (the same in every locale: a reader looks for their language's)."""
    return [app_commands.Choice(name=AUTONYMS[code], value=code) for code in LANGUAGES]
