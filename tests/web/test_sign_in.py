"""Signing in with Discord (the OAuth2 authorization code flow, done on the server) against a fake Discord."""

from __future__ import annotations

from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlsplit

import aiohttp

from tests.web.conftest import HOST, SiteMaker, Web, move_forms, new_game
from texts.messages import message


async def start_sign_in(site: Web, back: str) -> str:
    """Press "Sign in with Discord": where the browser is sent (Discord's authorize page)."""
    async with site.http.post(site.base + "sign-in", data={"back": back}, allow_redirects=False) as answer:
        assert answer.status == 303
        return answer.headers["Location"]


async def follow(site: Web, url: str) -> aiohttp.ClientResponse:
    async with site.http.get(url, allow_redirects=False) as answer:
        await answer.read()
        return answer


async def test_a_player_signs_in_and_comes_back_to_the_game(site: Web) -> None:
    info = await new_game(site.service)
    site.discord.user_id, site.discord.name = HOST, "Ann"
    path = site.links.path(info.game_id, info.settings)
    authorize = await start_sign_in(site, path)
    assert authorize.startswith(site.discord_url() + "/oauth2/authorize?")
    back = await follow(site, authorize)
    assert back.status == 302 and back.headers["Location"].startswith(site.base + "signed-in?")
    signed_in = await follow(site, back.headers["Location"])
    assert signed_in.status == 303 and signed_in.headers["Location"] == path
    cookie = SimpleCookie()
    for header in signed_in.headers.getall("Set-Cookie"):
        cookie.load(header)
    session = cookie["evo_session"]
    assert session["httponly"] and session["samesite"] == "Lax" and not session["secure"]
    _status, html = await site.get(site.page_url(info))
    assert "Signed in as Ann" in html and message("toy.hand") in html and move_forms(html)
    # Discord saw the way back to the site, never the game's link.
    token = site.links.token(info.game_id, info.settings)
    assert site.discord.seen and not [url for url in site.discord.seen if token in url]


async def test_a_way_back_from_discord_that_this_site_did_not_start_signs_nobody_in(site: Web) -> None:
    info = await new_game(site.service)
    path = site.links.path(info.game_id, info.settings)
    authorize = await start_sign_in(site, path)
    back = (await follow(site, authorize)).headers["Location"]
    query = parse_qs(urlsplit(back).query)
    forged = f"{site.base}signed-in?code={query['code'][0]}&state=not-the-state"
    answer = await follow(site, forged)
    assert answer.status == 400
    _, html = await site.get(forged)
    assert "This sign-in was not started from this site" in html
    # And without the sign-in's cookie (another browser), the right state opens nothing either.
    site.http.cookie_jar.clear()
    assert (await follow(site, back)).status == 400
    _status, html = await site.get(site.page_url(info))
    assert "Signed in" not in html


async def test_a_refused_sign_in_is_told_and_signs_nobody_in(site: Web) -> None:
    info = await new_game(site.service)
    path = site.links.path(info.game_id, info.settings)
    site.discord.deny = True
    back = (await follow(site, await start_sign_in(site, path))).headers["Location"]
    status, html = await site.get(back)
    assert status == 400 and "You did not allow the sign-in on Discord" in html
    site.discord.deny, site.discord.refuse_token = False, True
    back = (await follow(site, await start_sign_in(site, path))).headers["Location"]
    status, html = await site.get(back)
    assert status == 502 and "Discord refused the sign-in" in html
    assert "Signed in" not in (await site.get(site.page_url(info)))[1]


async def test_signing_in_comes_back_only_to_a_game_page(site: Web) -> None:
    for back in ("https://evil.example/", "//evil.example/g/1/x/", "g/1/short/", ""):
        async with site.http.post(site.base + "sign-in", data={"back": back}, allow_redirects=False) as answer:
            assert answer.status == 400


async def test_cookies_are_secure_on_a_site_served_over_https(make_site: SiteMaker) -> None:
    site = await make_site(base_url="https://evolution.example/")
    info = await new_game(site.service)
    async with site.http.post(
        site.base + "sign-in", data={"back": site.links.path(info.game_id, info.settings)}, allow_redirects=False
    ) as answer:
        cookie = SimpleCookie()
        cookie.load(answer.headers["Set-Cookie"])
    assert cookie["evo_sign_in"]["secure"] and cookie["evo_sign_in"]["httponly"]


async def test_signing_out_needs_the_pages_token(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    _, html = await site.get(site.page_url(info))
    token = move_forms(html)[0]["form"]
    async with site.http.post(site.base + "sign-out", data={"form": "forged"}, allow_redirects=False) as answer:
        assert answer.status == 403
    assert "Signed in as Ann" in (await site.get(site.page_url(info)))[1]
    async with site.http.post(site.base + "sign-out", data={"form": token}, allow_redirects=False) as answer:
        assert answer.status == 200 and "You are signed out" in await answer.text()
    assert "Signed in" not in (await site.get(site.page_url(info)))[1]
