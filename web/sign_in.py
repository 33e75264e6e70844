"""Signing in with Discord (OAuth2's authorization code flow, done on the server: :mod:`web.auth`) and signing out:
the web server's routes for them.
"""

from __future__ import annotations

import re
import time

import aiohttp
from aiohttp import web

from web.auth import (
    SESSION_COOKIE,
    SESSION_SECONDS,
    SIGN_IN_COOKIE,
    SIGN_IN_SECONDS,
    Session,
    SignInFailed,
    form_token_good,
    new_session,
    read_sign_in,
    start_sign_in,
)
from web.site import Site, message_page, see_other, session_of, set_cookie, site_of

#: A game's page, the only place a sign-in may lead back to.
GAME_PATH = re.compile(r"g/[0-9]{1,19}/[A-Za-z0-9_-]{43}/")


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
