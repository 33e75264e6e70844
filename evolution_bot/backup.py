"""``evolution-bot backup PATH``: a consistent copy of the games' database, safe to take while the bot runs.

Copying the SQLite file by hand while the bot runs misses what is still in its ``-wal`` file (every recent
move); this uses SQLite's online backup API instead (``game_service.storage.backup``). See "Back up and restore"
in the README.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

from evolution_bot.config import ConfigError, load_settings
from game_service.storage import DatabaseRefused, backup, database_location, is_postgres
from texts.messages import message
from texts.refusals import database_refusal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, help="where to write the copy (an existing copy there is replaced)")
    parser.add_argument(
        "--database", default=None, help="the SQLite database to copy (default: the one the config names)"
    )
    parser.add_argument(
        "--config", type=Path, default=None, help="the config file (default: $EVOLUTION_BOT_CONFIG or ./config.toml)"
    )


def main(args: argparse.Namespace) -> int:
    source = args.database
    if source is None:
        try:
            source = load_settings(args.config).database
        except ConfigError as error:
            print(f"evolution-bot backup: {error}", file=sys.stderr)
            return 2
    if is_postgres(source):
        # The server's own tools copy a PostgreSQL database consistently (docs/deployment.md).
        print("evolution-bot backup: copies a SQLite file; back PostgreSQL up with pg_dump", file=sys.stderr)
        return 2
    try:
        backup(database_location(source), args.path)
    except DatabaseRefused as refused:
        text = database_refusal(refused.reason, refused.path, refused.params)
        print(f"evolution-bot backup: {text}", file=sys.stderr)
        return 1
    except (OSError, sqlite3.Error) as error:
        print(f"evolution-bot backup: {error}", file=sys.stderr)
        return 1
    print(message("cli.backup_done", source=source, target=args.path))
    return 0
