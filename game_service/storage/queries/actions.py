"""The action log's queries: an action appended with what it moves on (its game's snapshot, its decisions or its
ending), the log read back, and the timeouts in a row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game_service.storage.queries.rows import (
    end_game,
    insert_notes,
    replace_decisions,
    replace_seats,
)
from game_service.storage.queries.session import Backend, Session
from game_service.storage.repository import (
    ActionRow,
    DecisionRow,
    Ending,
    NoteRow,
    SeatRow,
    Snapshot,
    VersionConflict,
)


@dataclass(frozen=True, slots=True)
class Logged:
    """An action to log, with what it moves on: its game's snapshot, and its decisions or its ending."""

    game_id: int
    action: ActionRow
    snapshot: Snapshot
    decisions: Sequence[DecisionRow]
    ending: Ending | None

    @property
    def conflict(self) -> VersionConflict:
        """The refusal of this action when the game is not at the version before it."""
        return VersionConflict(self.game_id, self.action.version - 1)


class ActionQueries(Backend):
    """The action log, written and read."""

    async def load_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT version, seat, user_id, kind, action, at FROM actions WHERE game_id = ? ORDER BY version",
                game_id,
            )
        )
        return [ActionRow(v, s, u, k, a, self.dialect.read_moment(t)) for v, s, u, k, a, t in rows]

    async def missed_in_a_row(self, game_id: int, seat: int, limit: int) -> int:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT kind FROM actions WHERE game_id = ? AND seat = ? AND kind IN ('player', 'timeout') "
                "ORDER BY version DESC LIMIT ?",
                game_id,
                seat,
                limit,
            )
        )
        count = 0
        for (kind,) in rows:
            if kind != "timeout":
                break
            count += 1
        return count

    async def append_action(
        self,
        game_id: int,
        *,
        action: ActionRow,
        snapshot: Snapshot,
        decisions: Sequence[DecisionRow],
        ending: Ending | None = None,
        host_id: str | None = None,
        seats: Sequence[SeatRow] | None = None,
        notes: Sequence[NoteRow] = (),
    ) -> None:
        if snapshot.version != action.version:
            raise ValueError("an action's snapshot must be at the action's version")
        logged = Logged(game_id, action, snapshot, decisions, ending)
        if host_id is None and seats is None and not notes:
            await self._write_action(logged)
            return

        async def unit(db: Session) -> None:
            await self._log(db, logged)
            # What the action caused: a new host, the seats replaced (a handover to a computer), notes.
            if host_id is not None:
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", host_id, game_id)
            if seats is not None:
                await replace_seats(db, game_id, seats)
            await insert_notes(db, game_id, notes)

        await self._write(unit, conflict=logged.conflict)

    async def _write_action(self, logged: Logged) -> None:
        """Write an action that causes nothing else (the hot path) in a transaction of its own."""
        await self._write(lambda db: self._log(db, logged), conflict=logged.conflict)

    async def _log(self, db: Session, logged: Logged) -> None:
        """Log an action, move its game's snapshot on, and replace its decisions or close the game, if the game is
        running at the version before the action (else :class:`VersionConflict`). With plain statements here; the
        SQLite backend writes through its view instead."""
        game_id, action, snapshot = logged.game_id, logged.action, logged.snapshot
        # The row locks make a second writer of this game wait here, then see the version moved on.
        current = await db.fetchval(
            "SELECT s.version FROM snapshots s JOIN games g ON g.id = s.game_id "
            "WHERE s.game_id = ? AND g.status = 'running' {for_update}",
            game_id,
        )
        if current != action.version - 1:
            raise logged.conflict
        await db.execute(
            "INSERT INTO actions (game_id, version, seat, user_id, kind, action, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            game_id, action.version, action.seat, action.user_id, action.kind, action.action,
            self.dialect.moment(action.at),
        )  # fmt: skip
        await db.execute(
            "UPDATE snapshots SET version = ?, format = ?, state = ?, checksum = ? WHERE game_id = ?",
            snapshot.version, snapshot.format, snapshot.state, snapshot.checksum, game_id,
        )  # fmt: skip
        if logged.ending is None:
            await replace_decisions(db, game_id, logged.decisions)
        else:
            await end_game(db, game_id, logged.ending)
