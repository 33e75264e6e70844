"""The rows several queries read and write: a game's seats, decisions and notes, and how a game ends."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game_service.storage.dialect import Dialect
from game_service.storage.queries.session import Session
from game_service.storage.repository import (
    DecisionRow,
    Ending,
    NoteRow,
    SeatRow,
    json_text,
)

SEAT_COLUMNS = "t.seat, t.user_id, t.name, t.is_computer, t.joined_at, t.level"
DECISION_COLUMNS = "d.seat, d.kind, d.version, d.since, d.extra_seconds, d.reminded, d.due_at, d.remind_at"


def seat_row(d: Dialect, row: Sequence[Any]) -> SeatRow:
    seat, user, name, computer, joined, level = row
    return SeatRow(seat, user, name, bool(computer), d.read_moment(joined), level)


def decision_row(d: Dialect, row: Sequence[Any]) -> DecisionRow:
    seat, kind, version, since, extra, reminded, due, remind = row
    return DecisionRow(seat, kind, version, d.read_moment(since), extra, reminded, d.read_maybe_moment(due),
                       d.read_maybe_moment(remind))  # fmt: skip


def outcome_text(ending: Ending) -> str | None:
    return None if ending.outcome is None else json_text(ending.outcome)


async def replace_seats(db: Session, game_id: int, seats: Iterable[SeatRow]) -> None:
    await db.execute("DELETE FROM seats WHERE game_id = ?", game_id)
    await insert_seats(db, game_id, seats)


async def insert_seats(db: Session, game_id: int, seats: Iterable[SeatRow]) -> None:
    d = db.dialect
    rows = [(game_id, s.seat, s.user_id, s.name, d.flag(s.is_computer), d.moment(s.joined_at), s.level) for s in seats]
    if rows:
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, is_computer, joined_at, level) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


async def insert_notes(db: Session, game_id: int, notes: Iterable[NoteRow]) -> None:
    at = db.dialect.moment
    rows = [(game_id, n.version, n.kind, n.seat, n.user_id, n.actor_id, at(n.at), json_text(n.detail)) for n in notes]
    if rows:
        await db.executemany(
            "INSERT INTO notes (game_id, version, kind, seat, user_id, actor_id, at, detail) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


def decision_columns(d: Dialect, decision: DecisionRow) -> list[Any]:
    """A decision as the ``decisions`` table stores it, after the game id (and SQLite's ``action_writes`` takes
    it)."""
    return [decision.seat, decision.kind, decision.version, d.moment(decision.since), decision.extra_seconds,
            decision.reminded, d.maybe_moment(decision.due_at), d.maybe_moment(decision.remind_at)]  # fmt: skip


async def replace_decisions(db: Session, game_id: int, decisions: Sequence[DecisionRow]) -> None:
    await db.execute("DELETE FROM decisions WHERE game_id = ?", game_id)
    if decisions:
        await db.executemany(
            "INSERT INTO decisions (game_id, seat, kind, version, since, extra_seconds, reminded, due_at, remind_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, *decision_columns(db.dialect, d)) for d in decisions],
        )


async def end_game(db: Session, game_id: int, ending: Ending) -> None:
    """Close the game: nothing is owed in it any more, and its votes go."""
    await db.execute(
        "UPDATE games SET status = ?, finished_at = ?, outcome = ? WHERE id = ?",
        ending.status, db.dialect.moment(ending.at), outcome_text(ending), game_id,
    )  # fmt: skip
    await db.execute("DELETE FROM decisions WHERE game_id = ?", game_id)
    await db.execute("DELETE FROM votes WHERE game_id = ?", game_id)
