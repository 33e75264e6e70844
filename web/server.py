"""Starting and stopping the web server on the running event loop: inside the bot's process (``evolution-bot run``
with ``[web]`` configured, from ``setup_hook``) or alone (``evolution-bot web``)."""

from __future__ import annotations

import logging
import os

from aiohttp import web

from evolution_bot.config import Settings, WebSettings
from game_service import GameService
from renderer import render_board
from web.app import make_app
from web.auth import Discord
from web.site import Render, WebConfig


def web_config(
    settings: WebSettings, *, secret: bytes, default_language: str, listed_channels: str | None = None
) -> WebConfig:
    """The server's configuration from the ``[web]`` settings (``secret``: the settings' own, or one made for a
    server that lives only as long as its process)."""
    discord = None
    if settings.signs_in:
        discord = Discord(settings.client_id, settings.client_secret, settings.discord_url)
    return WebConfig(
        secret=secret,
        base_url=settings.base_url,
        default_language=default_language,
        discord=discord,
        pages_per_minute=settings.pages_per_minute,
        moves_per_minute=settings.moves_per_minute,
        trusted_proxies=frozenset(settings.trusted_proxies),
        listed_channels=listed_channels,
    )


logger = logging.getLogger(__name__)


class CannotListen(Exception):
    """The address is taken or not this computer's: ``address`` (host:port) and the system's ``reason``."""

    def __init__(self, address: str, reason: str) -> None:
        super().__init__(f"{address}: {reason}")
        self.address = address
        self.reason = reason


class WebServer:
    """The web board served on ``host:port`` (port 0: any free port, then :attr:`port` tells which)."""

    def __init__(
        self, *, service: GameService, config: WebConfig, host: str, port: int, render: Render | None = None
    ) -> None:
        self.app = make_app(service=service, config=config, render=render)
        self.host = host
        self.port = port
        # Requests are not logged: a game's address holds its link.
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False, shutdown_timeout=2.0)

    async def start(self) -> None:
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError as error:
            await self._runner.cleanup()
            # The system's words for it (asyncio's own message repeats the address).
            reason = os.strerror(error.errno) if error.errno else str(error)
            raise CannotListen(f"{self.host}:{self.port}", reason) from None
        sockets = [s for s in self._runner.addresses if isinstance(s, tuple)]
        if self.port == 0 and sockets:
            self.port = int(sockets[0][1])

    async def stop(self) -> None:
        await self._runner.cleanup()


async def start_web(*, service: GameService, settings: Settings) -> WebServer | None:
    """The web board started beside the bot, on its service, when ``[web]`` is configured and this process serves;
    else None."""
    if settings.web is None or not settings.web.serve:
        return None
    config = web_config(settings.web, secret=settings.web.secret, default_language=settings.default_language)
    server = WebServer(service=service, config=config, host=settings.web.host, port=settings.web.port,
                       render=render_board)  # fmt: skip
    try:
        await server.start()
    except CannotListen as cannot:
        # Discord's games go on without their pages; the operator reads why.
        logger.error("web: cannot listen on %s (%s); the bot runs without its web board", cannot.address, cannot.reason)
        return None
    return server
