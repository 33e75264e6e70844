"""The web server's routes: a game's page by its link, its live stream, a signed-in player's own side and moves,
the board's picture, a finished game's replay, and the Discord sign-in.

Every route under ``g/<game id>/<token>/`` first checks the link (:class:`web.links.Links`); a link that opens
nothing gets the same page as a game that does not exist, so a guess tells nothing. Moves go through the same
service calls and checks as the bot's (``prompt``, then ``submit`` with the version the page was made at), and a
refusal is worded by ``texts.refusals`` in the reader's language. Requests are not logged (a game's path holds its
link); what goes wrong is logged without any address.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from game_service import GameService, NotAPlayer, NotStarted, UnknownGame
from rules_core.engine import PublicView
from rules_core.errors import Refusal
from texts.board_labels import board_labels
from texts.languages import DEFAULT_LANGUAGE, LANGUAGES, known_language
from texts.menus import Path as MenuPath
from texts.menus import chosen, parse_path
from texts.messages import message
from texts.refusals import refusal_text
from texts.registry import words_for
from web import pages
from web.auth import (
    SESSION_COOKIE,
    SESSION_SECONDS,
    SIGN_IN_COOKIE,
    SIGN_IN_SECONDS,
    Discord,
    RateLimit,
    Session,
    SignInFailed,
    form_token,
    form_token_good,
    new_session,
    read_session,
    read_sign_in,
    start_sign_in,
)
from web.links import Links
from web.live import Boards, Seen
from web.words import told_entries

logger = logging.getLogger(__name__)

#: Draws a public view as PNG bytes (``renderer.render_board``).
Render = Callable[..., bytes]
LANGUAGE_COOKIE = "evo_language"
#: A live stream says it is alive this often (proxies close silent connections).
HEARTBEAT_SECONDS = 15.0
#: Board pictures kept, per game version and language.
PICTURES_KEPT = 64
#: The largest request body read (a move's form is a few hundred bytes).
MAX_BODY = 16 * 1024
GAME_PATH = re.compile(r"g/[0-9]{1,19}/[A-Za-z0-9_-]{43}/")


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


# A game by its link.


async def game_of(request: web.Request) -> Seen:
    """The game the request's link opens (404 for a link that opens nothing, as for a game that does not exist)."""
    site = site_of(request)
    try:
        game_id = int(request.match_info["game_id"])
        seen = await site.boards.look(game_id)
    except (ValueError, UnknownGame):
        raise web.HTTPNotFound() from None
    if not site.links.opens(game_id, seen.info.settings, request.match_info["token"]):
        raise web.HTTPNotFound()
    return seen


async def players_side(site: Site, seen: Seen, session: Session | None) -> tuple[Any, Any]:
    """The signed-in reader's seat view and prompt when they play this game, else (None, None)."""
    if session is None or seen.info.seed is None or seen.info.seat_of(session.user_id) is None:
        return None, None
    try:
        side = await site.service.prompt(user_id=session.user_id, game_id=seen.info.game_id)
    except (NotAPlayer, NotStarted):
        return None, None
    return side.view, side.prompt


def at_of(request: web.Request) -> MenuPath:
    try:
        return parse_path(request.query.get("at", ""))
    except ValueError:
        return ()


async def game_page(
    request: web.Request, *, said: str = "", status: int = 200, at: MenuPath | None = None
) -> web.Response:
    site = site_of(request)
    seen = await game_of(request)
    language = language_of(request)
    state = session_of(request)
    session = state if isinstance(state, Session) else None
    if state == "expired" and not said:
        said = message("web.expired", language)
    mine, prompt = await players_side(site, seen, session)
    at = at_of(request) if at is None else at
    token = form_token(site.links, session) if session else ""
    mine_html = ""
    if session is not None:
        mine_html = pages.mine_fragment(
            info=seen.info, mine=mine, prompt=prompt, at=at, form_token=token, language=language
        )
    html = pages.page(
        "game.html",
        language,
        root="../../../",
        page_title=pages.title(seen.info, language),
        table=pages.markup(site.boards.fragment(seen, language)),
        mine=pages.markup(mine_html),
        session=session,
        playing=mine is not None,
        form_token=token,
        signs_in=site.config.discord is not None,
        here=f"g/{seen.info.game_id}/{request.match_info['token']}/",
        at="/".join(at),
        said=said,
    )
    response = html_response(html, status=status)
    remember_language(request, response)
    if state == "expired":
        response.del_cookie(SESSION_COOKIE, path="/")
    return response


async def show_game(request: web.Request) -> web.StreamResponse:
    return await game_page(request)


async def add_slash(request: web.Request) -> web.StreamResponse:
    raise web.HTTPPermanentRedirect(location=f"{request.match_info['token']}/")


async def mine_part(request: web.Request) -> web.StreamResponse:
    """A signed-in player's own side, fetched by the page's script after each change."""
    site = site_of(request)
    seen = await game_of(request)
    language = language_of(request)
    state = session_of(request)
    if not isinstance(state, Session):
        return html_response("", status=401)
    mine, prompt = await players_side(site, seen, state)
    html = pages.mine_fragment(
        info=seen.info, mine=mine, prompt=prompt, at=at_of(request), form_token=form_token(site.links, state),
        language=language,
    )  # fmt: skip
    return html_response(html)


async def events(request: web.Request) -> web.StreamResponse:
    """The game's live stream (server-sent events): the table's fragment at each change, in the reader's
    language; ``gone`` once the link no longer opens the game."""
    site = site_of(request)
    seen = await game_of(request)
    language = language_of(request)
    token = request.match_info["token"]
    game_id = seen.info.game_id
    response = web.StreamResponse(
        headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    )
    secured(response, site)
    await response.prepare(request)
    watched = site.boards.opened(game_id)
    try:
        shown = request.headers.get("Last-Event-ID", "")
        while not site.closing.is_set():
            changed = watched.changed
            current = watched.seen
            if current is not None:
                if not site.links.opens(game_id, current.info.settings, token):
                    await response.write(b"event: gone\ndata: {}\n\n")
                    break
                if shown != str(current.info.version) or current is not seen:
                    await response.write(site.boards.message(current, language))
                    shown = str(current.info.version)
                    seen = current
            # No task per page and change: 500 pages on a game wake on one event (closing the site sets it too).
            try:
                async with asyncio.timeout(HEARTBEAT_SECONDS):
                    await changed.wait()
            except TimeoutError:
                await response.write(b": alive\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        site.boards.closed(watched)
    return response


async def picture(request: web.Request) -> web.StreamResponse:
    """The board's picture (the renderer's, from the public view only), kept per version and language."""
    site = site_of(request)
    seen = await game_of(request)
    if seen.view is None or site.render is None:
        raise web.HTTPNotFound()
    language = language_of(request)
    key = (seen.info.game_id, seen.info.version, language)
    png = site.pictures.get(key)
    if png is None:
        view: PublicView = seen.view
        labels = board_labels(language, seen.info.ruleset)
        png = await asyncio.to_thread(site.render, view, labels=labels)
        site.pictures[key] = png
        while len(site.pictures) > PICTURES_KEPT:
            site.pictures.popitem(last=False)
    return web.Response(body=png, content_type="image/png")


async def move(request: web.Request) -> web.StreamResponse:
    """A move from the page: checked like the bot's (the reader's seat, the version the menu was made at, the rules),
    and a refusal shown in the reader's language; nothing changes unless the service accepts it."""
    site = site_of(request)
    seen = await game_of(request)
    language = language_of(request)
    state = session_of(request)
    if not isinstance(state, Session):
        return await game_page(
            request, said=message("web.expired" if state == "expired" else "web.sign_in_to_play", language), status=401
        )
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return await game_page(request, said=message("web.bad_form", language), status=403)
    try:
        form = await request.post()
    except (ValueError, web.HTTPException):
        return await game_page(request, said=message("web.bad_form", language), status=400)
    if not form_token_good(site.links, state, form.get("form")):
        return await game_page(request, said=message("web.bad_form", language), status=403)
    if not site.moves.allow(f"address:{address_of(request)}", f"user:{state.user_id}"):
        return await game_page(request, said=message("web.too_many", language), status=429)
    version_text, path_field = form.get("version"), form.get("path")
    if (
        not isinstance(version_text, str)
        or not version_text.isdigit()
        or len(version_text) > 18
        or not isinstance(path_field, str)
    ):
        return await game_page(request, said=message("web.bad_form", language), status=400)
    try:
        path = parse_path(path_field)
    except ValueError:
        return await game_page(request, said=message("web.bad_form", language), status=400)
    info = seen.info
    words = words_for(info.ruleset)
    try:
        side = await site.service.prompt(user_id=state.user_id, game_id=info.game_id)
        if side.prompt is None:
            return await game_page(request, said=message("web.nothing_to_decide", language), status=409, at=())
        picked = chosen(side.prompt.actions, path, words.action_path)
        if picked is None:
            return await game_page(request, said=message("web.choice_gone", language), status=409, at=())
        if isinstance(picked, list):
            # A menu, not a move (the page was made for fewer moves): show it.
            return await game_page(request, at=path)
        await site.service.submit(
            channel_id=info.channel_id, user_id=state.user_id, action=picked, expected_version=int(version_text),
            game_id=info.game_id,
        )  # fmt: skip
    except Refusal as refusal:
        return await game_page(request, said=refusal_text(refusal, language, words), status=409, at=())
    site.boards.wake(info.game_id)
    raise web.HTTPSeeOther(location="./")


# A finished game's replay.


async def replay(request: web.Request) -> web.StreamResponse:
    seen = await game_of(request)
    if seen.history is None or seen.info.status not in ("finished", "abandoned"):
        raise web.HTTPNotFound()
    total = len(told_entries(seen.history))
    step_text = request.query.get("step", "0")
    step = min(int(step_text), total - 1) if step_text.isdigit() and len(step_text) < 9 else 0
    language = language_of(request)
    html = pages.page(
        "replay.html",
        language,
        root="../../../",
        page_title=pages.title(seen.info, language),
        total=total,
        step=step,
        frame=pages.markup(pages.frame_fragment(seen.info, seen.history, step, language)),
    )
    response = html_response(html)
    remember_language(request, response)
    return response


async def replay_frame(request: web.Request) -> web.StreamResponse:
    seen = await game_of(request)
    if seen.history is None or seen.info.status not in ("finished", "abandoned"):
        raise web.HTTPNotFound()
    step = int(request.match_info["step"])
    if not 0 <= step < len(told_entries(seen.history)):
        raise web.HTTPNotFound()
    return html_response(pages.frame_fragment(seen.info, seen.history, step, language_of(request)))


# Signing in with Discord.


def redirect_uri(site: Site) -> str:
    return site.config.base_url + "signed-in"


async def sign_in(request: web.Request) -> web.StreamResponse:
    """Off to Discord, with a fresh ``state`` and the page to come back to kept in a signed cookie."""
    site = site_of(request)
    discord = site.config.discord
    if discord is None:
        return message_page(request, "web.sign_in_failed.not_configured", status=404)
    try:
        form = await request.post()
    except (ValueError, web.HTTPException):
        return message_page(request, "web.bad_form", status=400)
    back = form.get("back")
    if not isinstance(back, str) or not GAME_PATH.fullmatch(back):
        return message_page(request, "web.bad_form", status=400)
    started, value = start_sign_in(site.links, back, time.time())
    response = see_other(discord.authorize_url(state=started.state, redirect_uri=redirect_uri(site)))
    set_cookie(request, response, SIGN_IN_COOKIE, value, max_age=SIGN_IN_SECONDS)
    return response


async def signed_in(request: web.Request) -> web.StreamResponse:
    """Discord's way back: the ``state`` checked against the cookie, the code exchanged on the server."""
    site = site_of(request)
    discord = site.config.discord
    if discord is None:
        return message_page(request, "web.sign_in_failed.not_configured", status=404)
    started = read_sign_in(site.links, request.cookies.get(SIGN_IN_COOKIE), time.time())
    state = request.query.get("state", "")
    if started is None or not state or state != started.state:
        return message_page(request, "web.sign_in_failed.state", status=400)
    # Relative to this address (the site's root), so it holds under any prefix.
    back = started.back_to
    if "error" in request.query:
        reason = "access_denied" if request.query.get("error") == "access_denied" else "refused"
        response = message_page(request, f"web.sign_in_failed.{reason}", status=400, back=back)
        response.del_cookie(SIGN_IN_COOKIE, path="/")
        return response
    code = request.query.get("code", "")
    if not code or len(code) > 512:
        return message_page(request, "web.sign_in_failed.refused", status=400, back=back)
    if site.http is None:
        site.http = aiohttp.ClientSession()
    try:
        user_id, name = await discord.user(site.http, code=code, redirect_uri=redirect_uri(site))
    except SignInFailed as failed:
        return message_page(request, f"web.sign_in_failed.{failed.reason}", status=502, back=back)
    _, value = new_session(site.links, user_id, name, time.time())
    response = see_other(back)
    set_cookie(request, response, SESSION_COOKIE, value, max_age=SESSION_SECONDS)
    response.del_cookie(SIGN_IN_COOKIE, path="/")
    return response


async def sign_out(request: web.Request) -> web.StreamResponse:
    site = site_of(request)
    state = session_of(request)
    try:
        form = await request.post()
    except (ValueError, web.HTTPException):
        return message_page(request, "web.bad_form", status=400)
    if isinstance(state, Session) and not form_token_good(site.links, state, form.get("form")):
        return message_page(request, "web.bad_form", status=403)
    response = message_page(request, "web.signed_out", status=200)
    response.del_cookie(SESSION_COOKIE, path="/")
    return response


# The front page.


async def front(request: web.Request) -> web.StreamResponse:
    """The console's games, for ``evolution-bot web`` on one's own machine; elsewhere nothing is listed (a game is
    reached only through its link)."""
    site = site_of(request)
    pattern = site.config.listed_channels
    if pattern is None:
        raise web.HTTPNotFound()
    language = language_of(request)
    listed = []
    for game in await site.service.running_games(channel_pattern=pattern):
        info = await site.service.game_info(game_id=game.game_id)
        listed.append(
            {
                "path": site.links.path(info.game_id, info.settings),
                "title": pages.title(info, language),
                "players": ", ".join(p.name for p in info.players),
            }
        )
    html = pages.page("index.html", language, root="", page_title=message("web.site", language), games=listed)
    response = html_response(html)
    remember_language(request, response)
    return response


def static_folder() -> Path:
    return Path(str(resources.files("web").joinpath("static")))


def make_app(*, service: GameService, config: WebConfig, render: Render | None) -> web.Application:
    """The web application; the service is the caller's (opened and closed by it)."""
    app = web.Application(middlewares=[guarded], client_max_size=MAX_BODY)
    site = Site(service=service, config=config, render=render)
    app[STATE] = site
    game = r"/g/{game_id:[0-9]{1,19}}/{token:[A-Za-z0-9_-]{1,64}}"
    app.router.add_get("/", front, name="front")
    app.router.add_get(game, add_slash, name="add_slash")
    app.router.add_get(game + "/", show_game, name="game")
    app.router.add_get(game + "/events", events, name="events")
    app.router.add_get(game + "/mine", mine_part, name="mine")
    app.router.add_post(game + "/move", move, name="move")
    app.router.add_get(game + "/board.png", picture, name="picture")
    app.router.add_get(game + "/replay", replay, name="replay")
    app.router.add_get(game + "/replay/{step:[0-9]{1,8}}", replay_frame, name="replay_frame")
    app.router.add_post("/sign-in", sign_in, name="sign_in")
    app.router.add_get("/signed-in", signed_in, name="signed_in")
    app.router.add_post("/sign-out", sign_out, name="sign_out")
    app.router.add_static("/static/", static_folder(), name="static")
    service.listen(site.boards.heard)

    async def closing(app: web.Application) -> None:
        await site.close()

    app.on_shutdown.append(closing)
    return app
