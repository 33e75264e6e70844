"""The web server's routes: a game's page by its link, its live stream, a signed-in player's own side and moves,
the board's picture, a finished game's replay, and the Discord sign-in.

Every route under ``g/<game id>/<token>/`` first checks the link (:class:`web.links.Links`); a link that opens
nothing gets the same page as a game that does not exist, so a guess tells nothing. Moves go through the same
service calls and checks as the bot's (``prompt``, then ``submit`` with the version the page was made at), and a
refusal is worded by ``texts.refusals`` in the reader's language. Requests are not logged (a game's path holds its
link); what goes wrong is logged without any address. What every request needs is :mod:`web.site`'s; the sign-in's
routes are :mod:`web.sign_in`'s.
"""

from __future__ import annotations

import asyncio
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from game_service import GameService, NotAPlayer, NotStarted, UnknownGame
from rules_core.engine import PublicView
from rules_core.errors import Refusal
from texts.board_labels import board_labels
from texts.menus import Path as MenuPath
from texts.menus import chosen, parse_path
from texts.messages import message
from texts.refusals import refusal_text
from texts.registry import words_for
from web import pages
from web.auth import (
    SESSION_COOKIE,
    Session,
    form_token,
    form_token_good,
)
from web.live import Seen
from web.sign_in import sign_in, sign_out, signed_in
from web.site import (
    STATE,
    Render,
    Site,
    WebConfig,
    address_of,
    guarded,
    html_response,
    language_of,
    remember_language,
    secured,
    session_of,
    site_of,
)
from web.words import told_entries

#: A live stream says it is alive this often (proxies close silent connections).
HEARTBEAT_SECONDS = 15.0
#: Board pictures kept, per game version and language.
PICTURES_KEPT = 64
#: The largest request body read (a move's form is a few hundred bytes).
MAX_BODY = 16 * 1024


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
    service.watch(site.boards.wake)

    async def closing(app: web.Application) -> None:
        await site.close()

    app.on_shutdown.append(closing)
    return app
