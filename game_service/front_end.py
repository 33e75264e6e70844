"""What the service keeps for the front ends, beside the games: each game's presentation data, and the users
whose direct messages are closed. Kept in the database so that a restart loses neither (the Discord bot would
otherwise post a new status message, and write again to users who cannot be written to)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from game_service.checks import checked
from game_service.errors import UnknownGame
from game_service.store import GameStore


class FrontEndCalls:
    """The service's front-end calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore

    @checked
    async def front_end(self, *, game_id: int) -> dict[str, Any]:
        """The presentation data a front end keeps for the game (``{}`` until it keeps some), closed games too."""
        data = await self._store.repo.load_front_end(game_id)
        if data is None:
            raise UnknownGame("there is no such game", game_id=game_id)
        return dict(data)

    @checked
    async def keep_front_end(self, *, game_id: int, data: Mapping[str, Any]) -> None:
        """Replace the game's presentation data with ``data`` (a small JSON object, e.g. the ids of the lobby and
        status messages and the lines the status message shows), in one write. It is the front end's: the
        service never reads inside it, and keeps it for closed games too."""
        if not await self._store.repo.keep_front_end(game_id, data, self._store.now()):
            raise UnknownGame("there is no such game", game_id=game_id)

    @checked
    async def dms_closed(self, *, user_id: str) -> datetime | None:
        """When the user's direct messages were last found closed, or None while they are taken to be open."""
        return await self._store.repo.dms_closed(user_id)

    @checked
    async def mark_dms_closed(self, *, user_id: str) -> None:
        """A direct message to the user was refused: remember it (with the time), until :meth:`mark_dms_open`."""
        await self._store.repo.mark_dms(user_id, self._store.now())

    @checked
    async def mark_dms_open(self, *, user_id: str) -> None:
        """The user may be written to again (they interacted with the bot)."""
        await self._store.repo.mark_dms(user_id, None)
