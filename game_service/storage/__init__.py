"""Storage for the service: the :class:`Repository` protocol it speaks, and the SQLite backend."""

from game_service.storage.repository import (
    ActionRow,
    ChannelBusy,
    DecisionRow,
    Due,
    Ending,
    GameRow,
    NewGame,
    NoteRow,
    QueuedReminder,
    Repository,
    SeatRow,
    Snapshot,
    StorageConflict,
    VersionConflict,
    VoteRow,
    Waiting,
)
from game_service.storage.sqlite import DatabaseRefused, SqliteRepository, backup

__all__ = [
    "ActionRow",
    "ChannelBusy",
    "DatabaseRefused",
    "DecisionRow",
    "Due",
    "Ending",
    "GameRow",
    "NewGame",
    "NoteRow",
    "QueuedReminder",
    "Repository",
    "SeatRow",
    "Snapshot",
    "SqliteRepository",
    "StorageConflict",
    "VersionConflict",
    "VoteRow",
    "Waiting",
    "backup",
]
