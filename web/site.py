"""What every request of the web server needs: the server's configuration and state (:class:`Site`), the reader's
language and session, the message pages and redirects, and the guard every answer passes (security headers, the rate
limit on page loads, an unexpected error as a clear page).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp import web

from game_service import GameService
from texts.languages import DEFAULT_LANGUAGE, LANGUAGES, known_language
from texts.messages import message
from web import pages
from web.auth import (
    SESSION_COOKIE,
    Discord,
    RateLimit,
    Session,
    read_session,
)
from web.links import Links
from web.live import Boards

logger = logging.getLogger(__name__)

#: Draws a public view as PNG bytes (``renderer.render_board``).
Render = Callable[..., bytes]
LANGUAGE_COOKIE = "evo_language"


@dataclass(frozen=True)
class WebConfig:
    """What the server needs beyond the service: its secret, its public address, the sign-in's Discord
    application, the rate limits, and, for ``evolution-bot web`` alone, which games the front page lists."""

    secret: bytes
    base_url: str
    default_language: str = DEFAULT_LANGUAGE
    discord: Discord | None = None
    pages_per_minute: int = 120
    moves_per_minute: int = 30
    #: Addresses of the reverse proxies in front of the server, whose ``X-Forwarded-For`` names the client.
    trusted_proxies: frozenset[str] = frozenset()
    #: Games whose channel matches this are listed on the front page (the console's, on one's own machine); None:
    #: none is, and a game is reached only through its link.
    listed_channels: str | None = None

    @property
    def secure(self) -> bool:
        return self.base_url.startswith("https://")


class Site:
    """The server's state: the service, the links, the watched games, the limits and the pictures."""

    def __init__(self, *, service: GameService, config: WebConfig, render: Render | None) -> None:
        self.service = service
        self.config = config
        self.links = Links(config.secret)
        self.boards = Boards(service=service, links=self.links, fragment=pages.table_fragment)
        self.render = render
        self.pages = RateLimit(config.pages_per_minute)
        self.moves = RateLimit(config.moves_per_minute)
        self.pictures: OrderedDict[tuple[int, int, str], bytes] = OrderedDict()
        self.closing = asyncio.Event()
        self.http: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        self.closing.set()
        await self.boards.close()
        if self.http is not None:
            await self.http.close()


STATE = web.AppKey("state", Site)


# What every request needs.


def site_of(request: web.Request) -> Site:
    return request.app[STATE]


def language_of(request: web.Request) -> str:
    """The reader's language: chosen on the page (``?lang=``, then remembered), else the browser's first of the six,
    else the server's."""
    chosen_language = known_language(request.query.get("lang", "")) or known_language(
        request.cookies.get(LANGUAGE_COOKIE, "")
    )
    if chosen_language:
        return chosen_language
    for part in request.headers.get("Accept-Language", "").split(","):
        code = known_language(part.split(";")[0].strip())
        if code is None and "-" in part:
            code = known_language(part.split(";")[0].split("-")[0].strip())
        if code:
            return code
    return site_of(request).config.default_language


def remember_language(request: web.Request, response: web.StreamResponse) -> None:
    code = known_language(request.query.get("lang", ""))
    if code and code in LANGUAGES:
        set_cookie(request, response, LANGUAGE_COOKIE, code, max_age=365 * 24 * 3600)


def set_cookie(request: web.Request, response: web.StreamResponse, name: str, value: str, *, max_age: int) -> None:
    site = site_of(request)
    response.set_cookie(
        name, value, max_age=max_age, path="/", httponly=True, secure=site.config.secure, samesite="Lax"
    )


def session_of(request: web.Request) -> Session | str | None:
    return read_session(site_of(request).links, request.cookies.get(SESSION_COOKIE), time.time())


def address_of(request: web.Request) -> str:
    """Who asks, for the rate limits: the peer's address, or behind a trusted reverse proxy the client's address
    the proxy added last to ``X-Forwarded-For`` (what a client wrote there itself comes before and is not read)."""
    remote = request.remote or "unknown"
    if remote not in site_of(request).config.trusted_proxies:
        return remote
    forwarded = ",".join(request.headers.getall("X-Forwarded-For", ()))
    client = forwarded.rsplit(",", 1)[-1].strip()
    return client or remote


def message_page(
    request: web.Request, key: str, *, status: int, root: str = "", back: str = "", **params: Any
) -> web.Response:
    language = language_of(request)
    text = message(key, language, **params)
    html = pages.page(
        "message.html", language, root=root, page_title=message("web.site", language), text=text, back=back
    )
    return html_response(html, status=status)


def see_other(location: str) -> web.Response:
    """A redirect that may carry cookies (a raised ``HTTPSeeOther`` may not)."""
    return web.Response(status=303, headers={"Location": location})


def html_response(html: str, *, status: int = 200) -> web.Response:
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


@web.middleware
async def guarded(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Security headers on every answer; a rate limit on page loads; an unexpected error as a clear page (logged
    without the request's address, which may hold a game's link)."""
    site = site_of(request)
    if request.method == "GET" and not request.path.startswith("/static/"):
        session = session_of(request)
        keys = [f"address:{address_of(request)}"]
        if isinstance(session, Session):
            keys.append(f"user:{session.user_id}")
        if not site.pages.allow(*keys):
            response: web.StreamResponse = message_page(request, "web.too_many", status=429)
            response.headers["Retry-After"] = "60"
            return secured(response, site)
    try:
        response = await handler(request)
    except web.HTTPException as answer:
        if answer.status == 404:
            return secured(message_page(request, "web.not_found", status=404, root=root_of(request)), site)
        raise
    except Exception:
        logger.exception("web: %s %s failed", request.method, request.match_info.route.name or "a route")
        return secured(message_page(request, "web.error", status=500, root=root_of(request)), site)
    return secured(response, site)


def secured(response: web.StreamResponse, site: Site) -> web.StreamResponse:
    headers = response.headers
    # The sign-in's form leads to Discord (a redirect after a form counts as the form's target).
    discord = "" if site.config.discord is None else " " + site.config.discord.url
    headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; "
        f"base-uri 'none'; form-action 'self'{discord}; frame-ancestors 'self'",
    )
    headers.setdefault("Referrer-Policy", "no-referrer")
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Cache-Control", "no-store")
    return response


def root_of(request: web.Request) -> str:
    """The way back to the site's root from this request's path, relatively ("../../../" from a game's page)."""
    depth = request.path.count("/") - 1
    return "../" * depth
