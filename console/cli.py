"""``evolution-bot console`` (and ``python -m console``): play at a table in the terminal, no Discord token needed.

Examples::

    evolution-bot console                                  resume this table's game, or ask who plays
    evolution-bot console --players Ann Bob --computers 2  a new game: Ann and Bob (hot-seat) and two computers
    evolution-bot console --players Ann --level hard       a new game against a computer that thinks hardest
    evolution-bot console --table kitchen                  another table, with its own game
    evolution-bot console --images boards/                 also save the board as PNG each phase
    evolution-bot console --language hu                    play in Hungarian (en, hu, pt, uk, pl, es)
    evolution-bot console --option quick_game              a new game with the quick-game rules
    evolution-bot console --ruleset NAME                   a new game of another rule system
    evolution-bot console --export game.json --game 12     write a finished game's record as JSON (and play nothing)

Games live in the bot's SQLite file (``$EVOLUTION_BOT_DB``, ``[storage] database`` in config.toml, else
``./evolution-bot.sqlite3``) unless ``--database`` names another. Every move is saved at once: quit at any prompt
(q, Ctrl-D or Ctrl-C) and run the same command to carry on.

The console speaks ``--language``, else the terminal's (``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, such as
``hu_HU.UTF-8``) when it is one of the six, else the bot's ``default_language``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from console.export import game_record, table_game
from console.session import Render, Session, Setup, ask_setup, channel_id, player_range
from console.terminal import Quit, Terminal, install_interrupts, real_terminal
from game_service import LEVELS, DatabaseRefused, GameService, LevelNotOffered, NoGameHere, offered_levels
from game_service.storage import database_location, is_postgres
from rules_core.errors import Refusal
from rules_core.registry import find_ruleset
from texts.languages import LANGUAGES, known_language
from texts.messages import message
from texts.options import option_form, parse_options
from texts.refusals import database_refusal, refusal_text
from texts.registry import DEFAULT_RULESET, playable_rulesets

if TYPE_CHECKING:
    from evolution_bot.config import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", type=Path, help="the SQLite file (default: the bot's, see --help)")
    parser.add_argument("--table", help="play at this named table (each table has its own game; default: console)")
    parser.add_argument("--players", nargs="+", metavar="NAME", help="start a new game with these human players")
    parser.add_argument("--computers", type=int, metavar="N", help="and N computer players")
    parser.add_argument(
        "--level",
        choices=tuple(LEVELS),
        help="how well the computer players play (default: the settings' computers.level)",
    )
    parser.add_argument(
        "--ruleset",
        choices=playable_rulesets(),
        default=DEFAULT_RULESET,
        help=f"the rule system of a new game (default: {DEFAULT_RULESET})",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help=f"an option of the rule system for a new game (repeatable): {every_rulesets_options()}",
    )
    parser.add_argument("--seed", type=int, help="deal a new game from this seed (repeatable games)")
    parser.add_argument("--new", action="store_true", help="abandon the table's running game and start a new one")
    parser.add_argument("--images", type=Path, metavar="DIR", help="save the board as a PNG image each phase")
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        help="the language to play in (default: the terminal's, if it is one of these, else the bot's setting)",
    )
    parser.add_argument(
        "--export",
        type=Path,
        metavar="FILE",
        help="write a finished or abandoned game's record (its log and final position) as JSON to FILE, and exit",
    )
    parser.add_argument(
        "--game", type=int, metavar="ID", help="with --export: the game's number (default: the table's latest game)"
    )


def every_rulesets_options() -> str:
    """Each playable rule system's options as they are typed (``--help``)."""
    parts = []
    for name in playable_rulesets():
        specs = find_ruleset(name).option_specs
        parts.append(f"{name}: {', '.join(option_form(spec) for spec in specs) if specs else '(none)'}")
    return "; ".join(parts)


def terminal_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The terminal's language when it is one of the six (``hu_HU.UTF-8`` -> ``hu``; ``C`` or ``POSIX`` -> None).
    The first of LC_ALL, LC_MESSAGES and LANG that is set decides, as for any program."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            locale = value.split(".")[0].split("@")[0]
            return known_language(locale) or known_language(locale.split("_")[0])
    return None


def bot_settings() -> Settings:
    """The bot's settings: its database file ($EVOLUTION_BOT_DB, else config.toml's [storage] database, else the
    default name) and its default language."""
    from evolution_bot.config import load_settings

    return load_settings()


def saved_in(database: str | Path) -> str | None:
    """The SQLite file the games are saved in, as a full path, for the first screen; None for a PostgreSQL
    database (its URL may hold a password, which is never printed)."""
    location = database_location(database)
    if is_postgres(location):
        return None
    return str(Path(location).resolve())


def find_renderer() -> Render | None:
    """``renderer.render_board`` when the renderer (and Pillow) can be imported, else None."""
    try:
        module = importlib.import_module("renderer")
    except ImportError:
        return None
    render = getattr(module, "render_board", None)
    return render if callable(render) else None


def main(args: argparse.Namespace, terminal: Terminal | None = None) -> int:
    """Run the console with parsed ``args``; ``terminal`` defaults to the real one (stdin, stdout, Ctrl-C)."""
    if terminal is None:
        terminal = real_terminal()
        install_interrupts()
    try:
        settings = bot_settings()
    except ValueError as error:  # a ConfigError: a setting in config.toml or the environment is wrong
        terminal.write(message("console.settings_error", args.language or terminal_language() or "en", error=error))
        return 2
    language = args.language or terminal_language() or settings.default_language
    database = args.database if args.database is not None else settings.database
    if args.export is not None:
        return export(args, database, language, terminal)
    try:
        options = parse_options(find_ruleset(args.ruleset).option_specs, " ".join(args.option))
        most = player_range(args.ruleset, options)[1]
        offered = offered_levels(args.ruleset)
        if args.level is not None and args.level not in offered:
            # The service would refuse the computers one by one, once the table is laid: refused before.
            raise LevelNotOffered(f"a computer does not play this game at {args.level}", level=args.level,
                                  levels=offered)  # fmt: skip
    except Refusal as refusal:
        # A refusal is a whole sentence (the option named, with the valid ones).
        terminal.write(refusal_text(refusal, language))
        return 2
    if args.computers is not None and not 0 <= args.computers <= most:
        terminal.write(message("console.computers_range", language, max=most))
        return 2
    given: Setup | None = None
    if args.players is not None:
        computers = args.computers if args.computers is not None else (1 if len(args.players) == 1 else 0)
        given = Setup(tuple(args.players), computers, args.seed, args.ruleset, options, args.level)
        problem = given.problem(language)
        if problem is not None:
            terminal.write(message("console.table_refused", language, problem=problem))
            return 2
    render = find_renderer() if args.images is not None else None

    def setup() -> Setup:
        """The new table: from the command line, else asked (only when no game is running at the table)."""
        if given is not None:
            return given
        return ask_setup(
            terminal,
            computers=args.computers,
            level=args.level,
            seed=args.seed,
            ruleset=args.ruleset,
            options=options,
            language=language,
        )

    async def run() -> int:
        service = await GameService.open(database=database, computer_workers=settings.computer_workers,
                                         computer_level=settings.computer_level)  # fmt: skip
        async with service:
            session = Session(
                service,
                terminal,
                channel_id(args.table),
                images=args.images,
                render=render,
                language=language,
                database=saved_in(database),
            )
            return await session.run(setup, new=args.new)

    try:
        return asyncio.run(run())
    except DatabaseRefused as refused:
        terminal.write(database_refusal(refused.reason, refused.path, refused.params, language))
        return 2
    except (KeyboardInterrupt, Quit):
        terminal.write("\n" + message("console.interrupted", language))
        return 0


def export(args: argparse.Namespace, database: str | Path, language: str, terminal: Terminal) -> int:
    """``--export FILE``: write the record of game ``--game`` (default: the table's latest) to FILE."""

    async def run() -> dict[str, Any]:
        async with await GameService.open(database=database) as service:
            game_id = args.game if args.game is not None else await table_game(service, channel_id(args.table))
            return await game_record(service, game_id=game_id)

    try:
        record = asyncio.run(run())
    except DatabaseRefused as refused:
        terminal.write(database_refusal(refused.reason, refused.path, refused.params, language))
        return 2
    except NoGameHere:
        terminal.write(message("console.export_no_game", language))
        return 2
    except Refusal as refusal:
        terminal.write(message("console.export_refused", language, problem=refusal_text(refusal, language)))
        return 2
    path: Path = args.export
    try:
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        terminal.write(message("console.export_failed", language, path=path, error=error.strerror or error))
        return 1
    terminal.write(message("console.exported", language, game=record["game"], path=path))
    return 0


def parser() -> argparse.ArgumentParser:
    parsed = argparse.ArgumentParser(prog="python -m console", description="Play Evolution in the terminal.")
    add_arguments(parsed)
    return parsed


def run_from_argv(argv: Sequence[str] | None = None) -> int:
    return main(parser().parse_args(sys.argv[1:] if argv is None else argv))
