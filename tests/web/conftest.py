"""The web board's tests: a real service on a SQLite file, the real server on a free port of 127.0.0.1, real HTTP,
and a fake Discord for signing in. The web board's generic mechanics are shown on the toy game (``tests/toy``),
playable in every test here; each shipped rule system's pages: test_browser.py and test_privacy.py, North Star's
words on a page: tests/north_star/ui/test_web.py."""

from __future__ import annotations

import contextlib
import logging
import re
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from yarl import URL

from computer_players.simple import first_legal
from game_service import GameInfo, GameService
from renderer import render_board
from tests.toy import registered
from tests.web.fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord
from web.auth import SESSION_COOKIE, Discord, new_session
from web.links import Links
from web.server import WebServer
from web.site import WebConfig

SECRET = b"a test secret of at least thirty-two bytes"
CHANNEL = "1000"
HOST = "10"
GUEST = "20"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Web:
    """The server under test and a browser-like client (it keeps cookies, and does not follow redirects unless
    told to)."""

    service: GameService
    server: WebServer
    base: str
    http: aiohttp.ClientSession
    discord: FakeDiscord
    #: Where the fake Discord is.
    discord_base: str

    def discord_url(self) -> str:
        return self.discord_base

    @property
    def links(self) -> Links:
        return Links(SECRET)

    def page_url(self, info: GameInfo) -> str:
        return self.base + self.links.path(info.game_id, info.settings)

    def sign_in_as(self, user_id: str, name: str, *, at: float | None = None) -> None:
        """A session cookie as the sign-in would set it (the sign-in itself has its own tests)."""
        _, value = new_session(self.links, user_id, name, time.time() if at is None else at)
        self.http.cookie_jar.update_cookies({SESSION_COOKIE: value}, URL(self.base))

    async def get(self, url: str, **kwargs: Any) -> tuple[int, str]:
        async with self.http.get(url, allow_redirects=False, **kwargs) as answer:
            return answer.status, await answer.text()


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    """The toy game (``tests/toy``) is playable: the web board's generic mechanics are shown on it."""
    with registered():
        yield


@pytest.fixture
def no_unexpected_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, f"unexpected errors logged: {[r.getMessage() for r in errors]}"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    async with await GameService.open(database=tmp_path / "games.db", computer_policy=first_legal) as svc:
        yield svc


@pytest.fixture
async def fake_discord() -> AsyncIterator[tuple[FakeDiscord, str]]:
    fake = FakeDiscord()
    runner = web.AppRunner(fake.app(), access_log=None)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield fake, f"http://127.0.0.1:{port}"
    await runner.cleanup()


def make_config(port: int, discord_url: str, **more: Any) -> WebConfig:
    values: dict[str, Any] = {
        "secret": SECRET,
        "base_url": f"http://127.0.0.1:{port}/",
        "discord": Discord(CLIENT_ID, CLIENT_SECRET, discord_url),
        **more,
    }
    return WebConfig(**values)


SiteMaker = Callable[..., Awaitable[Web]]


@pytest.fixture
async def make_site(
    service: GameService, fake_discord: tuple[FakeDiscord, str], no_unexpected_errors: None
) -> AsyncIterator[SiteMaker]:
    """Start the server with these settings (``WebConfig``'s fields), and a client for it."""
    fake, discord_url = fake_discord
    async with contextlib.AsyncExitStack() as stack:

        async def make(**config: Any) -> Web:
            port = free_port()
            server = WebServer(service=service, config=make_config(port, discord_url, **config), host="127.0.0.1",
                               port=port, render=render_board)  # fmt: skip
            await server.start()
            stack.push_async_callback(server.stop)
            http = await stack.enter_async_context(aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)))
            return Web(service, server, f"http://127.0.0.1:{port}/", http, fake, discord_url)

        yield make


@pytest.fixture
async def site(make_site: SiteMaker) -> Web:
    return await make_site()


async def new_game(
    service: GameService,
    *,
    ruleset: str = "toy",
    host_name: str = "Ann",
    guests: int = 1,
    computers: int = 1,
    seed: int = 7,
    options: dict[str, Any] | None = None,
) -> GameInfo:
    """A started game in CHANNEL: the host (user HOST), ``guests`` people (users GUEST, GUEST+1...) and computers."""
    await service.create_game(channel_id=CHANNEL, host_id=HOST, host_name=host_name, ruleset=ruleset, options=options)
    for n in range(guests):
        await service.join(channel_id=CHANNEL, user_id=str(int(GUEST) + n), user_name=f"Guest {n + 1}")
    for n in range(computers):
        await service.add_computer(channel_id=CHANNEL, actor_id=HOST, name=f"Computer {n + 1}")
    result = await service.start(channel_id=CHANNEL, actor_id=HOST, seed=seed)
    await service.idle()
    return await service.game_info(game_id=result.game_id)


FORM = re.compile(r'<form method="post" action="move">(.*?)</form>', re.S)
FIELD = re.compile(r'name="(\w+)" value="([^"]*)"')


def move_forms(html: str) -> list[dict[str, str]]:
    """The fields of each move form of a page (the choices that play a move at once)."""
    return [dict(FIELD.findall(form)) for form in FORM.findall(html)]


async def play_out(service: GameService, info: GameInfo) -> GameInfo:
    """Play the game to its end: each person's first legal move, the computers in the background."""
    while True:
        await service.idle()
        info = await service.game_info(game_id=info.game_id)
        if info.status != "running":
            return info
        user = next(d.user_id for d in info.to_decide if d.user_id is not None)
        side = await service.prompt(user_id=user, game_id=info.game_id)
        assert side.prompt is not None
        await service.submit(channel_id=info.channel_id, user_id=user, action=side.prompt.actions[0],
                             expected_version=side.prompt.decision.since_version, game_id=info.game_id)  # fmt: skip
