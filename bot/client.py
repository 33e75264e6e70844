"""The Discord client: minimal intents, the command tree with its one error handler, the persistent components,
and the game service the bot plays through.

Slash commands and components only, so no privileged intent (no message content); the command tree is synced on
request (``evolution-bot sync``), never on start.

Several processes can share one bot (and one PostgreSQL database): each runs its ``shard_ids`` of Discord's
``shard_count`` shards, and so holds the guilds Discord puts on them. A game lives with its channel's guild: a
process resumes, schedules and posts only for the games in the channels of its guilds (:meth:`held_channels`);
interactions reach the process that holds their guild anyway (docs/deployment.md). Games in direct messages (the
tutorials) belong to no guild: the process running shard 0, to which Discord sends every DM interaction, holds
them.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Iterator, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.announce import Announcer, Renderer
from bot.cogs.autopilot import AutopilotCog
from bot.cogs.language import LanguageCog
from bot.cogs.lobby import LobbyCog
from bot.cogs.play import PlayCog
from bot.cogs.ratings import RatingsCog
from bot.cogs.rules import RulesCog
from bot.cogs.slow import SlowGamesCog
from bot.cogs.tutorial import TutorialCog
from bot.components import DYNAMIC_ITEMS, of_no_known_form
from bot.errors import reply_privately, report
from bot.languages import language_of
from bot.replays import Replays
from bot.scheduler import Scheduler
from bot.translator import CatalogueTranslator, text
from bot.tutorial import is_tutorial
from evolution_bot.config import Settings
from game_service import GameService
from renderer import render_board
from texts.messages import message
from web.server import WebServer, start_web

logger = logging.getLogger(__name__)
#: The bot's games are in Discord channels, whose ids are snowflakes (the console's tables are named otherwise).
DISCORD_CHANNELS = "[0-9]+"
#: The shard Discord sends direct-message interactions to: its process holds the games played in DMs.
DM_SHARD = 0


class EvolutionTree(app_commands.CommandTree["EvolutionBot"]):
    """The command tree; every failed command is answered by :func:`bot.errors.report`."""

    async def on_error(
        self, interaction: discord.Interaction[EvolutionBot], error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)


def intents() -> discord.Intents:
    """Only what interactions need: guild (and channel) data; no messages, members or presences."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


class EvolutionBot(commands.AutoShardedBot):
    def __init__(
        self,
        *,
        settings: Settings,
        service: GameService | None = None,
        render: Renderer = render_board,
        seeds: Iterator[int] | None = None,
        serve: bool = True,
    ) -> None:
        """``service``: a service to use (else one is opened on ``settings.database`` and closed with the bot).
        ``render``: board images from the public view (``render_board``, or a stand-in with its signature).
        ``seeds``: seeds for new games (tests; else random). ``serve``: False only builds the command tree (for
        ``evolution-bot sync``)."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=EvolutionTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            shard_count=settings.shard_count,
            # discord.py's types say a list; its code reads None as "every shard" (its default).
            shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),  # type: ignore[arg-type]
        )
        self.settings = settings
        self._service = service
        self._owns_service = service is None
        self._serve = serve
        self._seeds = seeds
        self.announcer = Announcer(client=self, service=lambda: self.service, settings=settings, render=render)
        self.scheduler = Scheduler(
            service=lambda: self.service,
            announcer=self.announcer,
            settings=settings,
            ready=self.wait_until_ready,
            channels=self.held_channels,
            health=self.health,
        )
        #: ``/evolution``: its subcommands come from the cogs. Offered in the bot's DMs too, where a player reads
        #: their turn notices: ``mygames`` works there, and a command about a channel's game says to use it in one.
        self.evolution = app_commands.Group(name=text("command_name.evolution"), description=text("command.evolution"))
        self._background: set[asyncio.Task[Any]] = set()
        #: Finished games' replays, built in a worker process and kept.
        self.replays = Replays()
        #: The live web board (``web/``), served from this process when ``[web]`` is configured.
        self.web: WebServer | None = None

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the game service is not open yet (setup_hook opens it)")
        return self._service

    async def held_channels(self) -> Sequence[str] | None:
        """The ids of the channels and threads of the guilds this process's shards hold, when it runs only some of
        the bot's shards; None when it runs them all (then it holds every game, those of guilds it left included).
        A game whose channel's guild is on another process's shard is that process's to schedule and announce.
        The process running shard 0 also holds the running tutorials, which are played in DMs: Discord sends DM
        interactions to shard 0, and a DM is in no guild (docs/deployment.md)."""
        if self.settings.shard_ids is None:
            return None
        held = [str(c.id) for guild in self.guilds for c in (*guild.channels, *guild.threads)]
        if DM_SHARD in self.settings.shard_ids:
            running = await self.service.running_games(channel_pattern=DISCORD_CHANNELS)
            held += [game.channel_id for game in running if is_tutorial(game.settings)]
        return held

    def health(self) -> str:
        """This process's part of the scheduler's health line: its shards, its guilds, the gateway's latency."""
        shards = "all" if self.settings.shard_ids is None else ",".join(map(str, self.settings.shard_ids))
        return (
            f"shards {shards} of {self.shard_count or 'auto'}, {len(self.guilds)} guilds, "
            f"gateway latency {1000 * self.latency:.0f} ms"
        )

    def next_seed(self) -> int | None:
        return None if self._seeds is None else next(self._seeds)

    async def setup_hook(self) -> None:
        if self._service is None and self._serve:
            self._service = await GameService.open(
                database=self.settings.database,
                computer_workers=self.settings.computer_workers,
                computer_level=self.settings.computer_level,
            )
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # Before any sync: command names and descriptions are translated from the catalogues as they are synced.
        await self.tree.set_translator(CatalogueTranslator())
        cogs = (
            LobbyCog(self), PlayCog(self), SlowGamesCog(self), AutopilotCog(self), LanguageCog(self), RulesCog(self),
            RatingsCog(self), TutorialCog(self),
        )  # fmt: skip
        for cog in cogs:
            await self.add_cog(cog)
        self.tree.add_command(self.evolution)
        # What the start made (modules, the rules' tables, discord.py's objects) lives as long as the process: kept out
        # of the garbage collector's full passes, which otherwise walk it all and hold the event loop for some 50 ms
        # each (benchmarks.click; docs/benchmarks.md).
        gc.collect()
        gc.freeze()
        if self._serve:
            # What computers and autopilots do in the background is announced like any move.
            self.service.listen(self.announcer.background)
            self.web = await start_web(service=self.service, settings=self.settings)
            task = asyncio.create_task(self.resume_games(), name="evolution-resume")
            self._background.add(task)
            task.add_done_callback(self._background.discard)
            # The first poll runs once the bot is ready: it applies what fell due while the bot was down.
            self.scheduler.loop.start()

    async def resume_games(self) -> None:
        """Start the computers' worker processes, then let computer seats make the moves a stopped process left
        owing, and announce them."""
        try:
            await self.service.warm_up()
        except Exception:
            logger.exception("starting the computers' worker processes failed")
        try:
            if self.settings.shard_ids is not None:
                # Only once its guilds are known: a process running some of the shards resumes their games only.
                await self.wait_until_ready()
            held = await self.held_channels()
            results = await self.service.resume_computer_turns(channel_pattern=DISCORD_CHANNELS, channels=held)
        except Exception:
            logger.exception("resuming computer turns failed")
            return
        for result in results:
            await self.announcer.result(result)
        try:
            running = await self.service.running_games(channel_pattern=DISCORD_CHANNELS, channels=held)
        except Exception:
            logger.exception("listing the running games failed")
            return
        # What a stopped process committed but never told is posted afresh by the scheduler's first poll.
        await self.announcer.catch_up(running)

    async def on_interaction(self, interaction: discord.Interaction[EvolutionBot]) -> None:
        # Someone who interacts may have opened their DMs again: try them on the next direct message.
        await self.announcer.user_interacted(str(interaction.user.id))
        if of_no_known_form(interaction):
            await reply_privately(interaction, message("prompt.unavailable", language_of(interaction)))

    async def close(self) -> None:
        self.scheduler.loop.cancel()
        self.replays.close()
        for task in list(self._background):
            task.cancel()
        await super().close()
        if self.web is not None:
            await self.web.stop()
            self.web = None
        if self._owns_service and self._service is not None:
            await self._service.close()
            self._service = None
