"""Playing from the page: a signed-in player's own side and moves, checked like the bot's; every bad request gets a
clear answer and changes nothing."""

from __future__ import annotations

import time

from yarl import URL

from game_service import GameService
from tests.toy.rules import ToySeat
from tests.web.conftest import CHANNEL, GUEST, HOST, SiteMaker, Web, move_forms, new_game, play_out
from texts.messages import message


async def state_of(service: GameService, game_id: int) -> tuple[int, int]:
    """The game's version and the length of its log (what a refused request must leave as it was)."""
    await service.idle()
    history = await service.history(game_id=game_id)
    return history.info.version, len(history.entries)


async def test_a_signed_in_player_sees_their_hand_and_moves_from_the_page(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    status, html = await site.get(site.page_url(info))
    assert status == 200 and "Signed in as Ann" in html
    side = await site.service.prompt(user_id=HOST, game_id=info.game_id)
    assert isinstance(side.view, ToySeat) and side.view.hand
    assert message("toy.hand") in html
    assert all(message("toy.stone", n=stone) in html for stone in side.view.hand)
    forms = move_forms(html)
    assert len(forms) == len(side.prompt.actions) if side.prompt else False
    async with site.http.post(site.page_url(info) + "move", data=forms[0], allow_redirects=False) as answer:
        assert answer.status == 303 and answer.headers["Location"] == "./"
    await site.service.idle()
    history = await site.service.history(game_id=info.game_id)
    mine = [e for e in history.entries if e.kind == "action" and e.user_id == HOST]
    assert len(mine) == 1 and mine[0].played_by == "player"
    assert mine[0].action == side.prompt.actions[0] if side.prompt else False


async def test_a_replayed_move_is_refused_and_changes_nothing(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    form = move_forms((await site.get(site.page_url(info)))[1])[0]
    async with site.http.post(site.page_url(info) + "move", data=form, allow_redirects=False) as answer:
        assert answer.status == 303
    before = await state_of(site.service, info.game_id)
    async with site.http.post(site.page_url(info) + "move", data=form, allow_redirects=False) as answer:
        assert answer.status == 409
        html = await answer.text()
    # Ann may still resign (an opportunity the toy game always offers): the page shows that, and nothing else.
    assert "That choice is no longer offered" in html
    assert [f["path"] for f in move_forms(html)] == ["R"]
    assert await state_of(site.service, info.game_id) == before


async def test_a_move_sent_once_the_player_has_nothing_to_decide_is_refused(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    form = move_forms((await site.get(site.page_url(info)))[1])[0]
    info = await play_out(site.service, info)
    assert info.status == "finished"
    before = await state_of(site.service, info.game_id)
    async with site.http.post(site.page_url(info) + "move", data=form, allow_redirects=False) as answer:
        assert answer.status == 409
        html = await answer.text()
    assert "You have nothing to decide right now" in html and not move_forms(html)
    assert await state_of(site.service, info.game_id) == before


async def test_a_move_at_an_old_version_is_refused_in_the_readers_words(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    await site.service.idle()
    info = await site.service.game_info(game_id=info.game_id)
    deciding = next(d for d in info.to_decide if d.user_id is not None)
    user = deciding.user_id
    assert user is not None
    site.sign_in_as(user, "Someone")
    form = move_forms((await site.get(site.page_url(info) + "?lang=es"))[1])[0]
    before = await state_of(site.service, info.game_id)
    form["version"] = str(int(form["version"]) + 5)
    async with site.http.post(site.page_url(info) + "move", data=form, allow_redirects=False) as answer:
        assert answer.status == 409
        html = await answer.text()
    assert 'lang="es"' in html and "stale" not in html
    assert await state_of(site.service, info.game_id) == before


async def test_a_move_by_somebody_who_does_not_play_is_refused(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    form = move_forms((await site.get(site.page_url(info)))[1])[0]
    before = await state_of(site.service, info.game_id)
    site.sign_in_as("999", "Mallory")
    _status, html = await site.get(site.page_url(info))
    assert "you are watching" in html and not move_forms(html)
    # Mallory's own form token, with a move copied from Ann's page.
    from web.auth import form_token, read_session

    cookie = site.http.cookie_jar.filter_cookies(URL(site.base))["evo_session"].value
    session = read_session(site.links, cookie, time.time())
    assert session is not None and not isinstance(session, str)
    form["form"] = form_token(site.links, session)
    async with site.http.post(site.page_url(info) + "move", data=form, allow_redirects=False) as answer:
        assert answer.status == 409
        assert "You are not a player in this game." in await answer.text()
    assert await state_of(site.service, info.game_id) == before


async def test_a_form_without_the_pages_token_is_refused(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    form = move_forms((await site.get(site.page_url(info)))[1])[0]
    before = await state_of(site.service, info.game_id)
    for forged in ({**form, "form": "x" * 43}, {k: v for k, v in form.items() if k != "form"}):
        async with site.http.post(site.page_url(info) + "move", data=forged, allow_redirects=False) as answer:
            assert answer.status == 403
            assert "That request did not come from this game" in await answer.text()
    # A form posted by another site's page (the browser says so) is refused even with the right token.
    headers = {"Sec-Fetch-Site": "cross-site"}
    async with site.http.post(
        site.page_url(info) + "move", data=form, headers=headers, allow_redirects=False
    ) as answer:
        assert answer.status == 403
    assert await state_of(site.service, info.game_id) == before


async def test_a_malformed_form_is_refused(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    form = move_forms((await site.get(site.page_url(info)))[1])[0]
    before = await state_of(site.service, info.game_id)
    for bad in (
        {**form, "version": "x"},
        {**form, "version": "9" * 40},
        {**form, "path": "<b>"},
        {"form": form["form"]},
    ):
        async with site.http.post(site.page_url(info) + "move", data=bad, allow_redirects=False) as answer:
            assert answer.status == 400
    huge = {**form, "path": "c1/" * 30_000}
    async with site.http.post(site.page_url(info) + "move", data=huge, allow_redirects=False) as answer:
        assert answer.status in (400, 413)
    assert await state_of(site.service, info.game_id) == before


async def test_a_choice_no_longer_offered_shows_the_moves_there_are(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    form = move_forms((await site.get(site.page_url(info)))[1])[0]
    before = await state_of(site.service, info.game_id)
    async with site.http.post(
        site.page_url(info) + "move", data={**form, "path": "z9"}, allow_redirects=False
    ) as answer:
        assert answer.status == 409
        html = await answer.text()
    assert "That choice is no longer offered" in html and move_forms(html)
    assert await state_of(site.service, info.game_id) == before


async def test_without_a_sign_in_or_after_it_expired_nobody_moves(site: Web) -> None:
    info = await new_game(site.service)
    site.sign_in_as(HOST, "Ann")
    form = move_forms((await site.get(site.page_url(info)))[1])[0]
    before = await state_of(site.service, info.game_id)
    site.sign_in_as(HOST, "Ann", at=time.time() - 8 * 24 * 3600)
    _, html = await site.get(site.page_url(info))
    assert "Your sign-in has expired" in html and not move_forms(html) and message("toy.hand") not in html
    site.sign_in_as(HOST, "Ann", at=time.time() - 8 * 24 * 3600)
    async with site.http.post(site.page_url(info) + "move", data=form, allow_redirects=False) as answer:
        assert answer.status == 401
    site.http.cookie_jar.clear()
    async with site.http.post(site.page_url(info) + "move", data=form, allow_redirects=False) as answer:
        assert answer.status == 401
        assert "Sign in with Discord to make a move" in await answer.text()
    # A session cookie this server did not sign is nobody's.
    site.http.cookie_jar.update_cookies({"evo_session": "eyJ1IjoiMTAiLCJuIjoiQW5uIn0.forged"}, URL(site.base))
    _status, html = await site.get(site.page_url(info))
    assert "Signed in" not in html and message("toy.hand") not in html
    assert await state_of(site.service, info.game_id) == before


async def test_moves_and_page_loads_are_rate_limited(make_site: SiteMaker) -> None:
    site = await make_site(moves_per_minute=2, pages_per_minute=6)
    info = await new_game(site.service, guests=0, computers=2)
    site.sign_in_as(HOST, "Ann")
    form = move_forms((await site.get(site.page_url(info)))[1])[0]
    statuses = []
    for _ in range(3):
        async with site.http.post(
            site.page_url(info) + "move", data={**form, "path": "z9"}, allow_redirects=False
        ) as a:
            statuses.append(a.status)
    assert statuses[:2] == [409, 409] and statuses[2] == 429
    loads = [(await site.get(site.page_url(info)))[0] for _ in range(8)]
    assert 429 in loads
    status, html = await site.get(site.page_url(info))
    assert status == 429 and "Too many requests" in html


async def test_a_spectator_never_gets_a_players_side(site: Web) -> None:
    info = await new_game(site.service)
    status, html = await site.get(site.page_url(info) + "mine")
    assert status == 401 and html == ""
    site.sign_in_as(GUEST, "Guest 1")
    status, html = await site.get(site.page_url(info) + "mine")
    assert status == 200 and message("toy.hand") in html
    site.sign_in_as("999", "Mallory")
    status, html = await site.get(site.page_url(info) + "mine")
    assert status == 200 and message("toy.hand") not in html and "<form" not in html
    assert CHANNEL not in html


async def test_behind_a_trusted_proxy_each_client_is_limited_by_its_own_address(make_site: SiteMaker) -> None:
    """Behind a reverse proxy every request comes from the proxy: the limits count the client the proxy names."""
    site = await make_site(pages_per_minute=3, trusted_proxies=frozenset({"127.0.0.1"}))
    info = await new_game(site.service)
    url = site.page_url(info)
    for client in ("203.0.113.1", "203.0.113.2", "203.0.113.3"):
        for _ in range(3):
            assert (await site.get(url, headers={"X-Forwarded-For": client}))[0] == 200
    assert (await site.get(url, headers={"X-Forwarded-For": "203.0.113.1"}))[0] == 429
    # What a client wrote in the header itself comes before the proxy's entry and changes nothing.
    assert (await site.get(url, headers={"X-Forwarded-For": "198.51.100.9, 203.0.113.2"}))[0] == 429


async def test_without_a_trusted_proxy_the_forwarded_address_is_not_believed(make_site: SiteMaker) -> None:
    site = await make_site(pages_per_minute=3)
    info = await new_game(site.service)
    statuses = [
        (await site.get(site.page_url(info), headers={"X-Forwarded-For": f"203.0.113.{n}"}))[0] for n in range(4)
    ]
    assert statuses == [200, 200, 200, 429]
