"""``evolution-bot sync [--guild ID]``: register the slash commands with Discord.

Only on request, never on start: Discord allows about 200 command creations a day per guild. With a guild (the
option, else ``dev_guild`` from the settings) the commands appear there at once; without one they are global.
"""

from __future__ import annotations

import argparse
import asyncio

import discord

from bot.cli import add_arguments as add_run_arguments
from bot.cli import settings_or_exit
from evolution_bot.config import Settings
from evolution_bot.logs import configure_logging
from texts.messages import message


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_run_arguments(parser)
    parser.add_argument("--guild", type=int, default=None, help="a server id: sync there only (instant)")
    parser.add_argument(
        "--global", dest="everywhere", action="store_true", help="sync globally even when dev_guild is set"
    )


async def sync(settings: Settings, guild_id: int | None) -> int:
    from bot.client import EvolutionBot

    bot = EvolutionBot(settings=settings, serve=False)
    async with bot:
        await bot.login(settings.token)
        guild = None if guild_id is None else discord.Object(id=guild_id)
        if guild is not None:
            bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
    return len(synced)


def main(args: argparse.Namespace) -> int:
    settings = settings_or_exit(args)
    if settings is None:
        return 2
    configure_logging(settings.log_level)
    guild_id = None if args.everywhere else (args.guild if args.guild is not None else settings.dev_guild)
    count = asyncio.run(sync(settings, guild_id))
    where = message("cli.synced_guild", guild=guild_id) if guild_id is not None else message("cli.synced_global")
    print(message("cli.synced", n=count, where=where))
    return 0
