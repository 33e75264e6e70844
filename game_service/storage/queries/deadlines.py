"""The deadlines' queries: the decisions that fall due, the next moment one does, what a player is waited for,
and the reminders' outbox (queued, claimed by one scheduler, confirmed once delivered).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from game_service.storage.queries.rows import (
    replace_decisions,
)
from game_service.storage.queries.session import Backend, Session
from game_service.storage.repository import (
    DecisionRow,
    Due,
    QueuedReminder,
    StorageConflict,
    VersionConflict,
    Waiting,
)


class DeadlineQueries(Backend):
    """What falls due, and the reminders' outbox."""

    async def waiting_for(self, user_id: str) -> list[Waiting]:
        d = self.dialect
        rows = await self._read(
            lambda db: db.fetch(
                """
                SELECT g.id, g.channel_id, g.ruleset, d.seat, d.kind, n.version, d.since, d.due_at
                FROM seats s
                JOIN decisions d ON d.game_id = s.game_id AND d.seat = s.seat
                JOIN games g ON g.id = s.game_id
                JOIN snapshots n ON n.game_id = s.game_id
                WHERE s.user_id = ? AND g.status = 'running'
                ORDER BY d.since, g.id
                """,
                user_id,
            )
        )
        return [
            Waiting(g, c, r, s, k, v, d.read_moment(since), d.read_maybe_moment(due))
            for g, c, r, s, k, v, since, due in rows
        ]

    async def due(self, now: datetime, limit: int, channels: Sequence[str] | None = None) -> list[Due]:
        d = self.dialect
        moment = d.moment(now)
        held = None if channels is None else d.texts(channels)
        rows = await self._read(
            lambda db: db.fetch(
                """
                SELECT d.game_id, d.seat, d.version, d.due_at, d.remind_at
                FROM decisions d JOIN games g ON g.id = d.game_id
                WHERE g.status = 'running' AND (d.due_at <= ? OR d.remind_at <= ?)
                  AND ({texts} IS NULL OR g.channel_id {in_texts})
                ORDER BY {least}(coalesce(d.due_at, d.remind_at), coalesce(d.remind_at, d.due_at)), d.game_id, d.seat
                LIMIT ?
                """,
                moment,
                moment,
                held,
                held,
                limit,
            )
        )
        return [Due(g, s, v, d.read_maybe_moment(due), d.read_maybe_moment(remind)) for g, s, v, due, remind in rows]

    async def next_due(self) -> datetime | None:
        moment = await self._read(
            lambda db: db.fetchval(
                """
                -- The aggregate min() skips NULLs, and each part can use its column's index.
                SELECT min(moment) FROM (
                    SELECT min(d.due_at) AS moment FROM decisions d JOIN games g ON g.id = d.game_id
                    WHERE d.due_at IS NOT NULL AND g.status = 'running'
                    UNION ALL
                    SELECT min(d.remind_at) FROM decisions d JOIN games g ON g.id = d.game_id
                    WHERE d.remind_at IS NOT NULL AND g.status = 'running'
                ) AS due
                """
            )
        )
        return self.dialect.read_maybe_moment(moment)

    async def queue_reminder(
        self,
        game_id: int,
        *,
        decisions: Sequence[DecisionRow],
        at_version: int,
        seat: int,
        version: int,
        reminded: int,
        at: datetime,
        leased_until: datetime,
    ) -> int:
        d = self.dialect
        queued = (game_id, seat, version, d.moment(at), d.moment(leased_until))

        async def unit(db: Session) -> int:
            current = await db.fetchval(
                "SELECT s.version FROM snapshots s JOIN games g ON g.id = s.game_id "
                "WHERE s.game_id = ? AND g.status = 'running' {for_update}",
                game_id,
            )
            if current != at_version:
                raise VersionConflict(game_id, at_version)
            # Another scheduler (another process) may have queued this very reminder since we read the game.
            count = await db.fetchval(
                "SELECT reminded FROM decisions WHERE game_id = ? AND seat = ? AND version = ?", game_id, seat, version
            )
            if count != reminded:
                raise StorageConflict(f"game {game_id}: seat {seat}'s reminder was queued already")
            await replace_decisions(db, game_id, decisions)
            outbox_id = await db.fetchval(
                "INSERT INTO outbox (game_id, seat, version, created_at, leased_until) VALUES (?, ?, ?, ?, ?) "
                "RETURNING id",
                *queued,
            )
            return int(outbox_id)

        return await self._write(unit)

    async def claim_reminders(
        self, now: datetime, leased_until: datetime, limit: int, channels: Sequence[str] | None = None
    ) -> list[QueuedReminder]:
        d = self.dialect
        moment, lease = d.moment(now), d.moment(leased_until)
        held = None if channels is None else d.texts(channels)
        waiting = await self._read(
            lambda db: db.fetchrow("SELECT 1 FROM outbox WHERE leased_until <= ? LIMIT 1", moment)
        )
        if waiting is None:
            return []  # the usual poll: no write transaction for nothing

        async def unit(db: Session) -> list[QueuedReminder]:
            # No two schedulers take the same rows: SQLite's write holds the whole file; PostgreSQL skips the rows
            # another process is claiming right now, never waiting for them nor taking them twice.
            await db.execute(
                """
                DELETE FROM outbox WHERE id IN (
                    SELECT o.id FROM outbox o
                    WHERE o.leased_until <= ? AND NOT EXISTS (
                        SELECT 1 FROM decisions d
                        JOIN games g ON g.id = d.game_id
                        JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat
                        WHERE d.game_id = o.game_id AND d.seat = o.seat AND d.version = o.version
                          AND g.status = 'running' AND s.user_id IS NOT NULL
                    )
                    {skip_locked:o}
                )
                """,
                moment,
            )
            # A paused game's reminder (no deadline now) waits in the outbox until the game resumes.
            rows = await db.fetch(
                """
                SELECT o.id, o.game_id, g.channel_id, o.seat, s.user_id, d.kind, d.due_at
                FROM outbox o
                JOIN games g ON g.id = o.game_id
                JOIN decisions d ON d.game_id = o.game_id AND d.seat = o.seat AND d.version = o.version
                JOIN seats s ON s.game_id = o.game_id AND s.seat = o.seat
                WHERE o.leased_until <= ? AND d.due_at IS NOT NULL
                  AND ({texts} IS NULL OR g.channel_id {in_texts})
                ORDER BY o.id
                LIMIT ?
                {skip_locked:o}
                """,
                moment, held, held, limit,
            )  # fmt: skip
            claimed = [QueuedReminder(i, g, c, seat, u, k, d.read_moment(due)) for i, g, c, seat, u, k, due in rows]
            await db.execute(
                "UPDATE outbox SET leased_until = ? WHERE id {in_ids}", lease, d.ids([q.outbox_id for q in claimed])
            )
            return claimed

        return await self._write(unit)

    async def confirm_delivery(self, outbox_id: int) -> None:
        await self._write(lambda db: db.execute("DELETE FROM outbox WHERE id = ?", outbox_id))
