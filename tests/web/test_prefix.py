"""The board under another path prefix, behind a reverse proxy (as a Discord Activity or a site's ``/board/`` would
serve it): every address a page names is relative, so each resolves under the prefix and answers through the proxy,
and a move made there comes back to the page under it."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from urllib.parse import urljoin

import aiohttp
import pytest
from aiohttp import web

from tests.web.conftest import HOST, SiteMaker, Web, free_port, move_forms, new_game

PREFIX = "/board/"
#: Every address an element names (links, forms, scripts, pictures, the live stream, the player's side).
ADDRESSES = re.compile(r'(?:href|src|action|data-events|data-mine)="([^"]+)"')


@pytest.fixture
async def behind_a_proxy(make_site: SiteMaker) -> AsyncIterator[tuple[Web, str]]:
    """The server behind a proxy that serves it under ``PREFIX`` (and adds the client to X-Forwarded-For)."""
    port = free_port()
    site = await make_site(base_url=f"http://127.0.0.1:{port}{PREFIX}", trusted_proxies=frozenset({"127.0.0.1"}))

    async def forward(request: web.Request) -> web.StreamResponse:
        target = site.base + request.path_qs.removeprefix(PREFIX)
        headers = {k: v for k, v in request.headers.items() if k.lower() in ("cookie", "content-type", "accept")}
        headers["X-Forwarded-For"] = "203.0.113.7"
        async with (
            aiohttp.ClientSession() as http,
            http.request(
                request.method, target, data=await request.read(), headers=headers, allow_redirects=False
            ) as answer,
        ):
            response = web.StreamResponse(status=answer.status)
            for name in ("Content-Type", "Location"):
                if name in answer.headers:
                    response.headers[name] = answer.headers[name]
            for value in answer.headers.getall("Set-Cookie", ()):
                response.headers.add("Set-Cookie", value)
            await response.prepare(request)
            # A live stream: its first event is enough here.
            body = await (answer.content.readuntil(b"\n\n") if target.endswith("/events") else answer.read())
            await response.write(body)
            return response

    proxy = web.Application()
    proxy.router.add_route("*", PREFIX + "{rest:.*}", forward)
    runner = web.AppRunner(proxy, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield site, f"http://127.0.0.1:{port}{PREFIX}"
    await runner.cleanup()


async def test_every_address_of_a_page_resolves_under_the_prefix(behind_a_proxy: tuple[Web, str]) -> None:
    site, root = behind_a_proxy
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    page = root + site.links.path(info.game_id, info.settings)
    async with aiohttp.ClientSession(cookie_jar=site.http.cookie_jar) as http:
        async with http.get(page) as answer:
            assert answer.status == 200
            html = await answer.text()
        named = {urljoin(page, address.replace("&amp;", "&")) for address in ADDRESSES.findall(html)}
        assert len(named) > 5
        for address in sorted(named):
            assert address.startswith(root), address
            if address.endswith(("sign-in", "sign-out", "move")):
                continue  # forms, posted below
            async with http.get(address) as answer:
                assert answer.status == 200, address
        # A move from the page, through the proxy, comes back to the page under the prefix.
        form = move_forms(html)[0]
        async with http.post(page + "move", data=form, allow_redirects=False) as answer:
            assert answer.status == 303
            assert urljoin(page + "move", answer.headers["Location"]) == page
