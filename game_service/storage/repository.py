"""The narrow interface between the service and its storage, and the rows it passes.

The service speaks only this :class:`Repository` protocol, which two backends implement:
:mod:`game_service.storage.sqlite` (one process, one file: the embedded default) and
:mod:`game_service.storage.postgres` (several processes sharing one PostgreSQL server), both with the queries of
:mod:`game_service.storage.queries`, written once. States and actions travel as JSON text the service wrote (the
repository never interprets them); timestamps as aware UTC datetimes.

Every write method is one transaction: all of it is durable when the call returns, or none of it is.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol


class StorageConflict(Exception):
    """A write lost a race it must not win; nothing was written."""


class ChannelBusy(StorageConflict):
    """The channel already has an active (lobby or running) game."""

    def __init__(self, channel_id: str) -> None:
        super().__init__(f"channel {channel_id} already has an active game")
        self.channel_id = channel_id


class VersionConflict(StorageConflict):
    """The stored game is not at the version the write was based on."""

    def __init__(self, game_id: int, expected: int) -> None:
        super().__init__(f"game {game_id} is not at version {expected}")
        self.game_id = game_id
        self.expected = expected


class DatabaseRefused(RuntimeError):
    """A database the service will not use (or back up): ``path`` names it and ``reason`` says why, for an
    operator's message in their language (``texts``: ``cli.database_refused.<reason>``); ``params`` fill it."""

    def __init__(self, message: str, *, path: str, reason: str, **params: Any) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason
        self.params: dict[str, Any] = params


def json_text(value: Mapping[str, Any]) -> str:
    """A JSON object as the service stores it: keys sorted, compact, not ASCII-escaped."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    user_id: str | None
    name: str
    is_computer: bool
    joined_at: datetime
    #: A computer seat's difficulty level (a name of ``computer_players.search.LEVELS``); None for a person.
    level: str | None = None


@dataclass(frozen=True, slots=True)
class DecisionRow:
    """A seat that owes a decision; ``version``/``since`` say when it fell due (deadlines count from there).

    The deadline fields are the service's (see :mod:`game_service.deadlines`): time added by extensions and
    pauses, reminders already behind, and the absolute deadline and next reminder (None: none runs)."""

    seat: int
    kind: str
    version: int
    since: datetime
    extra_seconds: int = 0
    reminded: int = 0
    due_at: datetime | None = None
    remind_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game's state as ``dump_state`` JSON text at ``version``, with the ruleset's format and a checksum."""

    version: int
    format: int
    state: str
    checksum: str


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action. ``version`` is the game version it produced (the first action makes version 1)."""

    version: int
    seat: int
    #: The user who held the seat (None for a computer seat).
    user_id: str | None
    kind: str
    action: str
    at: datetime


@dataclass(frozen=True, slots=True)
class NoteRow:
    """A change that is not an action: joins, leaves, a seat handed to a computer, start, end."""

    kind: str
    version: int
    at: datetime
    seat: int | None = None
    user_id: str | None = None
    actor_id: str | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game with its seats and pending decisions, and the versions of its snapshot and of its log's head."""

    id: int
    channel_id: str
    ruleset: str
    options: Mapping[str, Any]
    settings: Mapping[str, Any]
    seed: int | None
    host_id: str
    status: str
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    outcome: Mapping[str, Any] | None
    seats: tuple[SeatRow, ...]
    decisions: tuple[DecisionRow, ...]
    snapshot_version: int | None
    snapshot_checksum: str | None
    #: The highest version in the action log (0 when empty): the truth a snapshot must match.
    log_version: int


@dataclass(frozen=True, slots=True)
class NewGame:
    channel_id: str
    ruleset: str
    options: Mapping[str, Any]
    settings: Mapping[str, Any]
    host_id: str
    created_at: datetime
    #: The server whose ratings the game counts in once finished (a Discord guild's id); None: none (a direct
    #: message, the console).
    server_id: str | None = None


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game closes: ``finished`` (with the outcome) or ``abandoned``."""

    status: str
    at: datetime
    outcome: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Waiting:
    """A running game where a user owes a decision (for "where is it my turn?")."""

    game_id: int
    channel_id: str
    ruleset: str
    seat: int
    kind: str
    version: int
    since: datetime
    due_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Due:
    """An owed decision whose deadline or next reminder has come (for the scheduler)."""

    game_id: int
    seat: int
    version: int
    due_at: datetime | None
    remind_at: datetime | None


@dataclass(frozen=True, slots=True)
class VoteRow:
    """A player's vote: to hand ``target_seat`` (owing the decision of ``target_version``) to a computer, or to
    end the game (``kind`` "end", target -1)."""

    kind: str
    voter_id: str
    at: datetime
    target_seat: int = -1
    target_version: int = -1


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A game played to its end, as the ratings read it: its rule system, when it finished, its outcome (the
    encoded :class:`rules_core.engine.Outcome`), its seats as they ended, for each seat handed to a computer during
    the game the person who held it before (seat -> user id), and whether its server's stored ratings count it."""

    id: int
    ruleset: str
    finished_at: datetime
    outcome: Mapping[str, Any]
    seats: tuple[SeatRow, ...]
    handed_over: Mapping[int, str] = field(default_factory=dict)
    rated: bool = False


@dataclass(frozen=True, slots=True)
class RatingTable:
    """What one server's stored ratings of one rule system count: ``games`` finished games, the last of them in the
    finishing order being ``last_finished_at`` / ``last_game_id``. ``version`` counts the folds written (0: none
    is stored yet); a fold is written over the version it was computed from, never over a later one."""

    ruleset: str
    version: int
    games: int
    last_finished_at: datetime
    last_game_id: int


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One rated player of one rule system on one server, as stored: ``kind`` "user" (``who``: the user id) or
    "computer" (``who``: the level), the name of their latest seat, games played and won, and openskill's
    ``mu`` and ``sigma``."""

    ruleset: str
    kind: str
    who: str
    name: str
    played: int
    won: int
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class StoredRatings:
    """A server's stored ratings: each rule system's table and its players."""

    tables: tuple[RatingTable, ...] = ()
    players: tuple[RatingRow, ...] = ()


@dataclass(frozen=True, slots=True)
class QueuedReminder:
    """A reminder handed out from the outbox: its id (to confirm it by), and what it says, read from the game as
    it is now."""

    outbox_id: int
    game_id: int
    channel_id: str
    seat: int
    user_id: str
    kind: str
    due_at: datetime


class Repository(Protocol):
    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    def hold(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Hold the game against every other process sharing the database, until the block ends: the service
        takes it inside its own per-game lock, around loading, checking and writing a request. A no-op where one
        process owns the database (SQLite); a lock on the server where several share it (PostgreSQL)."""
        ...

    # Reads.
    async def active_game_id(self, channel_id: str) -> int | None: ...

    async def load_game(self, game_id: int) -> GameRow | None: ...

    async def load_snapshot(self, game_id: int) -> Snapshot | None: ...

    async def load_actions(self, game_id: int) -> list[ActionRow]: ...

    async def load_notes(self, game_id: int) -> list[NoteRow]: ...

    async def waiting_for(self, user_id: str) -> list[Waiting]: ...

    async def games_of(self, user_id: str) -> list[int]:
        """The running games where the user holds a seat, oldest first."""
        ...

    async def running_games(self) -> list[tuple[int, str, int, dict[str, Any]]]:
        """Every running game: its id, channel id, version and settings, by id."""
        ...

    async def recent_games(self, channel_id: str, limit: int) -> list[int]: ...

    async def due(self, now: datetime, limit: int, channels: Sequence[str] | None = None) -> list[Due]:
        """Owed decisions of running games whose deadline or reminder is at or before ``now``, earliest first (only
        the games in ``channels``, when given)."""
        ...

    async def finished_games(
        self,
        server_id: str,
        ruleset: str | None = None,
        *,
        after: tuple[datetime, int] | None = None,
        limit: int | None = None,
    ) -> list[FinishedGame]:
        """The games of the server (of one rule system, when given) played to their end, in the order they
        finished, then by id: those after ``after`` (a finishing moment and a game id) in that order, when given,
        and the first ``limit`` of them, when given (a page)."""
        ...

    async def games_to_rate(self, server_id: str, *, limit: int | None = None) -> list[FinishedGame]:
        """The server's finished games that its stored ratings do not count yet, in the order they finished (then
        by id): the first ``limit`` of them, when given."""
        ...

    async def stored_ratings(self, server_id: str) -> StoredRatings: ...

    async def next_due(self) -> datetime | None:
        """The earliest deadline or reminder of any running game."""
        ...

    async def missed_in_a_row(self, game_id: int, seat: int, limit: int) -> int:
        """How many of the seat's latest decisions (up to ``limit``) were played by a timeout, counting back until
        one its player made. Moves made for the player (forced, autopilot) neither count nor break the run: they
        say nothing about whether the player is there."""
        ...

    async def load_votes(self, game_id: int) -> list[VoteRow]: ...

    # Writes: each one transaction.
    async def create_game(self, game: NewGame, host: SeatRow, note: NoteRow) -> int:
        """Insert a lobby with its host's seat; raises :class:`ChannelBusy` if the channel has an active game."""
        ...

    async def update_game(
        self,
        game_id: int,
        *,
        host_id: str,
        seats: Sequence[SeatRow] | None = None,
        settings: Mapping[str, Any] | None = None,
        notes: Sequence[NoteRow] = (),
        ending: Ending | None = None,
        decisions: Sequence[DecisionRow] | None = None,
        at_version: int | None = None,
        votes: Sequence[VoteRow] = (),
        clear_votes: bool = False,
    ) -> None:
        """Change the host, replace the seats, settings and/or pending decisions, add notes and votes (a vote
        already cast is kept, not doubled), maybe close the game. With ``at_version``, ``VersionConflict`` unless
        the stored snapshot is at that version (decisions computed from a state must not outlive it)."""
        ...

    async def start_game(
        self,
        game_id: int,
        *,
        seed: int,
        started_at: datetime,
        snapshot: Snapshot,
        decisions: Sequence[DecisionRow],
        note: NoteRow,
        ending: Ending | None = None,
    ) -> None:
        """Turn a lobby into a running game with its first snapshot (``VersionConflict`` if not a lobby)."""
        ...

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
        """Log an action and its resulting snapshot together; ``VersionConflict`` unless the stored snapshot is
        at ``action.version - 1`` and the log has no such version yet. What the action caused goes in the same
        transaction: a new host, the seats replaced (a handover to a computer), notes, the game's end."""
        ...

    async def replace_snapshot(self, game_id: int, *, snapshot: Snapshot, decisions: Sequence[DecisionRow]) -> None:
        """Rewrite a snapshot rebuilt from the log (``VersionConflict`` if the log's head is not its version)."""
        ...

    async def claim_games(self, server_id: str, channels: Sequence[str]) -> None:
        """The games of ``channels`` stored without a server (made before games recorded theirs) become the
        server's: a channel belongs to one server for good."""
        ...

    async def store_ratings(
        self, server_id: str, *, tables: Sequence[RatingTable], players: Sequence[RatingRow], rated: Sequence[int]
    ) -> None:
        """Write a fold of the server's ratings: the ``tables`` (each at the version it was computed from, which
        the stored one goes one past) and the ``players`` over what is stored, and mark the games ``rated`` as
        counted, in one transaction. :class:`StorageConflict`, with nothing written, unless every table is still
        at its version and every game of ``rated`` is a finished game of the server not counted yet (another fold
        was written meanwhile)."""
        ...

    # What the front ends keep.
    async def load_front_end(self, game_id: int) -> Mapping[str, Any] | None:
        """The front ends' data of a game (``{}`` when none is kept); None when there is no such game."""
        ...

    async def keep_front_end(self, game_id: int, data: Mapping[str, Any], at: datetime) -> bool:
        """Replace the front ends' data of a game; False (nothing written) when there is no such game."""
        ...

    async def dms_closed(self, user_id: str) -> datetime | None: ...

    async def mark_dms(self, user_id: str, closed_at: datetime | None) -> None:
        """Mark the user's direct messages closed since ``closed_at``, or open (None)."""
        ...

    # The reminders' outbox.
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
        """Replace the pending decisions (the reminder's moved on) and queue the seat's reminder, leased until
        ``leased_until``, in one transaction; its outbox id. ``VersionConflict`` unless the game is running at
        ``at_version``, ``StorageConflict`` unless the seat's decision (fallen due at ``version``) still has the
        ``reminded`` count it was read with (else another scheduler queued this reminder first)."""
        ...

    async def claim_reminders(
        self, now: datetime, leased_until: datetime, limit: int, channels: Sequence[str] | None = None
    ) -> list[QueuedReminder]:
        """Hand out (lease until ``leased_until``) the queued reminders whose lease ran out by ``now``, oldest first,
        in one transaction (only the games in ``channels``, when given: others stay queued for their holder);
        those whose decision is no longer owed by a player are dropped."""
        ...

    async def confirm_delivery(self, outbox_id: int) -> None:
        """The reminder reached its player: it goes (confirming twice changes nothing)."""
        ...

    # Copying a whole database (``evolution-bot migrate-db``), table by table as :mod:`.schema` declares them.
    async def count_rows(self, table: str) -> int: ...

    def export_rows(self, table: str) -> AsyncIterator[tuple[Any, ...]]:
        """Every row of the table, as plain values in the declared column order (moments as datetimes, flags as
        bools), read in one consistent snapshot of the table."""
        ...

    async def import_rows(self, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        """Insert rows as :meth:`export_rows` gives them, ids included, in one transaction."""
        ...

    async def imported(self) -> None:
        """After an import: the ids the database hands out next come after the imported ones."""
        ...
