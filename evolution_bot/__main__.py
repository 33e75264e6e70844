"""``evolution-bot <subcommand>``: each subcommand lives in the package of its front end and is imported only when
used, so ``evolution-bot console`` never imports discord.py.

A subcommand module provides ``add_arguments(parser)`` and ``main(args) -> int``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

#: subcommand -> (module, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "run": ("bot.cli", "Run the Discord bot"),
    "sync": ("bot.cli_sync", "Sync slash commands to Discord (optionally to one guild)"),
    "rules": ("texts.cli", "Look up a trait or a rule of the game"),
    "console": ("console.cli", "Play a game in the terminal (no Discord token needed)"),
    "web": ("web.cli", "Show the console's games on live web pages (no Discord token needed)"),
    "backup": ("evolution_bot.backup", "Copy the games' database safely, even while the bot runs"),
    "migrate-db": ("evolution_bot.migrate_db", "Copy every game to another database (SQLite to PostgreSQL)"),
}


def build_parser(chosen: str | None) -> argparse.ArgumentParser:
    """The parser; only the chosen subcommand's module is imported (to add its arguments)."""
    parser = argparse.ArgumentParser(prog="evolution-bot", description="Play the Evolution board games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        command.set_defaults(_module=module_name)
        if name == chosen:
            importlib.import_module(module_name).add_arguments(command)
    return parser


def default_command() -> str:
    """With no subcommand: the Discord bot when a token is configured, else a game in the terminal."""
    from evolution_bot.config import load_settings

    return "run" if load_settings().token else "console"


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        argv = [default_command()]
    chosen = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(chosen)
    args = parser.parse_args(argv)
    if not getattr(args, "_module", None):
        parser.print_help()
        return 2
    module = importlib.import_module(args._module)
    result: int = module.main(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
