"""A game's web link, and the host's power to cut old links off.

Every game has a page on the web front end (``web/``), reachable only by an unguessable link: an HMAC of the game's
id and a per-game salt under a secret the server keeps (``web.links``). The salt lives in the game's settings under
``"link"`` (``game_service.deadlines.RESERVED``: no host sets it by hand); a game without one has the link of the
empty salt. Renewing draws a new salt, so every link made before stops working at once, while the game, its log and
everything else stay as they are. Only the salt is kept here: without the server's secret it opens nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from game_service.checks import checked
from game_service.loaded import game_info
from game_service.results import GameInfo
from game_service.storage import NoteRow
from game_service.store import GameStore

#: The settings key under which a game's link salt is kept.
LINK = "link"
#: Random bytes in a salt (written as hex).
SALT_BYTES = 16


def link_salt(settings: Mapping[str, Any]) -> str:
    """The salt of a game's link as its settings keep it ("" before the first renewal)."""
    salt = settings.get(LINK)
    return salt if isinstance(salt, str) else ""


class LinkCalls:
    """The service's link calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore

    @checked
    async def renew_link(
        self, *, channel_id: str, actor_id: str, actor_is_admin: bool = False, game_id: int | None = None
    ) -> GameInfo:
        """Give the game a new web link (host or admin): every link handed out before opens nothing any more, and
        every page open on it is closed. Closed games too (a finished game's replay)."""
        async with self._store.channel_game(channel_id, game_id, active_only=False) as game:
            self._store.require_host(game, actor_id, actor_is_admin)
            settings = {**game.row.settings, LINK: secrets.token_hex(SALT_BYTES)}
            note = NoteRow("link_renewed", game.version, self._store.now(), actor_id=actor_id)
            await self._store.repo.update_game(game.row.id, host_id=game.row.host_id, settings=settings, notes=[note])
            self._store.adopt_settings(game, settings)
            return game_info(game)
