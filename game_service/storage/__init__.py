"""Storage for the service: the :class:`Repository` protocol it speaks, and its two backends, chosen by the
database's name (:func:`open_repository`): a SQLite file (the embedded default, one process) or a PostgreSQL
server (``postgresql://...``, several processes)."""

from __future__ import annotations

from os import PathLike

from game_service.storage.repository import (
    ActionRow,
    ChannelBusy,
    DatabaseRefused,
    DecisionRow,
    Due,
    Ending,
    FinishedGame,
    GameRow,
    NewGame,
    NoteRow,
    QueuedReminder,
    RatingRow,
    RatingTable,
    Repository,
    SeatRow,
    Snapshot,
    StorageConflict,
    StoredRatings,
    VersionConflict,
    VoteRow,
    Waiting,
)
from game_service.storage.sqlite import SqliteRepository, backup

#: A database named by a URL: ``sqlite:///relative/path``, ``sqlite:////absolute/path``, ``postgresql://...``.
SQLITE_SCHEME = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def database_location(name: str | PathLike[str]) -> str | PathLike[str]:
    """Where a database named in the configuration is: a PostgreSQL URL as it is, else the SQLite file's path (a
    plain path, or a ``sqlite:///`` URL)."""
    if isinstance(name, str):
        if name.startswith(POSTGRES_SCHEMES):
            return name
        if name.startswith(SQLITE_SCHEME):
            return name[len(SQLITE_SCHEME) :]
        if "://" in name:
            raise ValueError(f"{name!r}: a database is a file path, sqlite:///PATH or postgresql://...")
    return name


def is_postgres(name: str | PathLike[str]) -> bool:
    return isinstance(name, str) and name.startswith(POSTGRES_SCHEMES)


async def open_repository(database: str | PathLike[str], *, pool_size: int | None = None) -> Repository:
    """Open the database the name points at (:func:`database_location`), creating or migrating its schema.
    ``pool_size``: the most connections a PostgreSQL backend keeps (its default otherwise; SQLite has one)."""
    location = database_location(database)
    if is_postgres(location):
        # Imported here: a SQLite-only process (the console) never loads the driver.
        from game_service.storage.postgres import DEFAULT_POOL_SIZE, PostgresRepository

        return await PostgresRepository.open(str(location), pool_size=pool_size or DEFAULT_POOL_SIZE)
    return await SqliteRepository.open(location)


__all__ = [
    "POSTGRES_SCHEMES",
    "SQLITE_SCHEME",
    "ActionRow",
    "ChannelBusy",
    "DatabaseRefused",
    "DecisionRow",
    "Due",
    "Ending",
    "FinishedGame",
    "GameRow",
    "NewGame",
    "NoteRow",
    "QueuedReminder",
    "RatingRow",
    "RatingTable",
    "Repository",
    "SeatRow",
    "Snapshot",
    "SqliteRepository",
    "StorageConflict",
    "StoredRatings",
    "VersionConflict",
    "VoteRow",
    "Waiting",
    "backup",
    "database_location",
    "is_postgres",
    "open_repository",
]
