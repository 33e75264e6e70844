"""What the front ends keep in the database: a game's front-end data (the bot's messages of it), and the users whose
direct messages are closed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from game_service.storage.queries.session import Backend
from game_service.storage.repository import (
    json_text,
)


class FrontEndQueries(Backend):
    """What the front ends keep."""

    async def load_front_end(self, game_id: int) -> Mapping[str, Any] | None:
        row = await self._read(
            lambda db: db.fetchrow(
                "SELECT f.data FROM games g LEFT JOIN front_end f ON f.game_id = g.id WHERE g.id = ?", game_id
            )
        )
        if row is None:
            return None
        return {} if row[0] is None else dict(json.loads(row[0]))

    async def keep_front_end(self, game_id: int, data: Mapping[str, Any], at: datetime) -> bool:
        text, moment = json_text(data), self.dialect.moment(at)
        changed = await self._write(
            lambda db: db.execute(
                "INSERT INTO front_end (game_id, data, updated_at) SELECT id, ?, ? FROM games WHERE id = ? "
                "ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                text,
                moment,
                game_id,
            )
        )
        return changed == 1

    async def dms_closed(self, user_id: str) -> datetime | None:
        found = await self._read(lambda db: db.fetchval("SELECT marked_at FROM closed_dms WHERE user_id = ?", user_id))
        return self.dialect.read_maybe_moment(found)

    async def mark_dms(self, user_id: str, closed_at: datetime | None) -> None:
        if closed_at is None:
            await self._write(lambda db: db.execute("DELETE FROM closed_dms WHERE user_id = ?", user_id))
            return
        moment = self.dialect.moment(closed_at)
        await self._write(
            lambda db: db.execute(
                "INSERT INTO closed_dms (user_id, marked_at) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET marked_at = excluded.marked_at",
                user_id,
                moment,
            )
        )
