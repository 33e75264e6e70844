"""``evolution-bot web``: serve the console's games on web pages, on this computer (no Discord token needed).

Examples::

    evolution-bot web                          the games of the console's database, at http://127.0.0.1:8080/
    evolution-bot web --listen 0.0.0.0:8000    on every address of this computer, port 8000
    evolution-bot web --database games.sqlite3 another database

The front page lists the console's running games; each opens by its link, and updates live while the console
plays (in another terminal). With ``[web]`` in config.toml the server uses its settings (its secret keeps links
valid across restarts); without, links last until the server stops.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

from evolution_bot.config import ConfigError, Settings, WebSettings, load_settings
from evolution_bot.logs import configure_logging
from game_service import DatabaseRefused, GameService
from texts.messages import message
from texts.refusals import database_refusal

#: The console's channels: ``console`` and ``console:<table>`` (console.session.channel_id).
CONSOLE_CHANNELS = r"console(?::.*)?"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", type=Path, help="the SQLite file (default: the bot's and the console's)")
    parser.add_argument(
        "--listen", metavar="HOST:PORT", help="where to listen (default: [web] listen, else 127.0.0.1:8080)"
    )
    parser.add_argument(
        "--config", type=Path, default=None, help="the config file (default: $EVOLUTION_BOT_CONFIG or ./config.toml)"
    )


def served(settings: Settings, listen: str | None) -> WebSettings:
    """The web settings for a server on its own: the configured ones, or defaults; ``--listen`` wins."""
    web = settings.web or WebSettings()
    if listen is None:
        return web
    host, _, port = listen.rpartition(":")
    if not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ConfigError(f'--listen must be an address and a port like "127.0.0.1:8080", not {listen!r}')
    base_url = web.base_url if settings.web is not None else f"http://{host}:{port}/"
    return WebSettings(**{**web.__dict__, "host": host.strip("[]"), "port": int(port), "base_url": base_url})


async def serve(settings: Settings, web: WebSettings, database: Path | str) -> int:
    """Serve until stopped (Ctrl-C); the exit status when the server cannot start."""
    # Imported here: only this subcommand needs the server's libraries.
    from renderer import render_board
    from web.server import CannotListen, WebServer, web_config

    config = web_config(web, secret=web.secret or secrets.token_bytes(32), default_language=settings.default_language,
                        listed_channels=CONSOLE_CHANNELS)  # fmt: skip
    with stop_signals() as stop:
        async with await GameService.open(database=database, computer_workers=1) as service:
            server = WebServer(service=service, config=config, host=web.host, port=web.port, render=render_board)
            try:
                await server.start()
            except CannotListen as cannot:
                print(message("web.cli_cannot_listen", settings.default_language, address=cannot.address,
                              reason=cannot.reason), file=sys.stderr)  # fmt: skip
                return 2
            print(message("web.cli_serving", settings.default_language, url=web.base_url), flush=True)
            try:
                await stop.wait()
            finally:
                await server.stop()
    return 0


@contextlib.contextmanager
def stop_signals() -> Iterator[asyncio.Event]:
    """An event set by Ctrl-C (SIGINT) or SIGTERM, through the running loop's own handlers from the start of
    ``serve``: they wake the loop through its wakeup fd, whichever thread the signal reaches. asyncio.run's Ctrl-C
    handler runs only once the main thread runs Python again, and a signal delivered to another thread (the
    database driver's) left the loop asleep in ``select`` for good: the server did not stop."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    try:
        yield stop
    finally:
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(number)


def main(args: argparse.Namespace) -> int:
    try:
        settings = load_settings(args.config)
        web = served(settings, args.listen)
    except ConfigError as error:
        print(message("cli.config_error", error=error), file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    database = args.database if args.database is not None else settings.database
    status = 0
    try:
        with contextlib.suppress(KeyboardInterrupt):
            status = asyncio.run(serve(settings, web, database))
    except DatabaseRefused as refused:
        print(
            database_refusal(refused.reason, refused.path, refused.params, settings.default_language), file=sys.stderr
        )
        return 2
    return status
