"""``evolution-bot run``: run the Discord bot (the token from DISCORD_TOKEN or the config file)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from evolution_bot.config import ConfigError, Settings, load_settings
from evolution_bot.logs import configure_logging
from game_service import DatabaseRefused
from texts.messages import message
from texts.refusals import database_refusal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config", type=Path, default=None, help="the config file (default: $EVOLUTION_BOT_CONFIG or ./config.toml)"
    )


def settings_or_exit(args: argparse.Namespace) -> Settings | None:
    """The settings with a token, or None after printing why (a config error, or no token)."""
    try:
        settings = load_settings(args.config)
    except ConfigError as error:
        print(message("cli.config_error", error=error), file=sys.stderr)
        return None
    if not settings.token:
        print(message("cli.no_token"), file=sys.stderr)
        return None
    return settings


def main(args: argparse.Namespace) -> int:
    settings = settings_or_exit(args)
    if settings is None:
        return 2
    configure_logging(settings.log_level)
    from bot.client import EvolutionBot

    bot = EvolutionBot(settings=settings)
    try:
        # Logging is configured above; discord.py must not install its own handler.
        bot.run(settings.token, log_handler=None)
    except DatabaseRefused as refused:
        text = database_refusal(refused.reason, refused.path, refused.params, settings.default_language)
        print(text, file=sys.stderr)
        return 2
    return 0
