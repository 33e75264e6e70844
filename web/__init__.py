"""The live web board: every game on a page, for watching from a phone and playing from it.

One more front end beside ``bot/`` and ``console/``, calling the same :class:`game_service.GameService`: an aiohttp
server in the bot's own process (or alone, ``evolution-bot web``, for the console's games), Jinja2 templates that
escape every text, and a small script that brings each change within a second (server-sent events). A game's page
is reached only by its link (:mod:`web.links`); a player signed in with Discord (:mod:`web.auth`) also sees their
own hand and makes their moves there. Modules: :mod:`web.app` (routes), :mod:`web.site` (what every request
needs), :mod:`web.sign_in` (the Discord sign-in's routes), :mod:`web.live` (each watched game kept current),
:mod:`web.pages` and :mod:`web.words` (what a page shows, in the reader's language), :mod:`web.server` (start and
stop), :mod:`web.cli` (``evolution-bot web``).

A front end that posts a game's link (the bot's status message) calls :func:`link_for`, and labels it with the
message ``web.link_button``; after the host's ``GameService.renew_link`` it tells them ``web.link_renewed`` and posts
the new link.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from web.links import Links

if TYPE_CHECKING:
    from evolution_bot.config import WebSettings
    from game_service import GameInfo


def link_for(settings: WebSettings, info: GameInfo) -> str:
    """The game's page as people open it (a link button on the game's status message). A renewed link
    (``GameService.renew_link``) changes it: call again with the game's new info."""
    return Links(settings.secret).url(settings.base_url, info.game_id, info.settings)


__all__ = ["Links", "link_for"]
