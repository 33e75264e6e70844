"""North Star's words on a game's web page: its table, who must decide, its log and a player's own cards, in the
reader's language (the page's generic mechanics: tests/web, on the toy game)."""

from __future__ import annotations

import re

from tests.web.conftest import (
    HOST,
    Web,
    fake_discord,
    make_site,
    new_game,
    no_unexpected_errors,
    service,
    site,
)

#: The web tests' world: a real service, the real server and a fake Discord (tests/web/conftest.py).
__all__ = ["fake_discord", "make_site", "no_unexpected_errors", "service", "site"]


async def test_the_page_shows_north_stars_table_in_words(site: Web) -> None:
    info = await new_game(site.service, ruleset="north_star")
    status, html = await site.get(site.page_url(info))
    assert status == 200
    # The table in words: the phase, who must decide, the log.
    assert "Round 1" in html and "choosing a food card" in html and "Cards dealt" in html
    # A line of the board's own (the first player) is a line of the table, not a player's card.
    assert re.search(r'<p class="note">First player: [^<]+</p>', html)
    assert not re.search(r"<h2>First player", html)
    _, html = await site.get(site.page_url(info), headers={"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"})
    assert 'lang="uk"' in html and "Раунд 1" in html


async def test_a_player_sees_their_cards(site: Web) -> None:
    info = await new_game(site.service, ruleset="north_star")
    site.sign_in_as(HOST, "Ann")
    _, html = await site.get(site.page_url(info))
    assert "Signed in as Ann" in html and "Cards in your hand" in html
