"""The bot's log: one line per record on standard error, ``TIME LEVEL LOGGER: MESSAGE``.

The configured level (``[logging] level``, ``EVOLUTION_BOT_LOG_LEVEL``) applies to this program's own code; no
library ever logs below INFO, whatever the level. At DEBUG libraries log what they send and receive: aiosqlite each
call with its SQL parameters (a snapshot holds every hand, the deck's order and the seed; an action row a secret
food-card pick), discord.py each request's body (a direct message showing a hand) and each gateway event (a
player's pick from a menu). asyncpg logs no statements today; the floor holds for every library, so neither a new
version nor another library can start writing secrets. DEBUG shows this program's own debug lines, which never
name a card.
"""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: The top-level packages of this program (``pyproject.toml``): only their loggers may log below INFO.
OWN_PACKAGES = frozenset(
    {"bot", "game_service", "evolution_bot", "console", "computer_players", "renderer", "texts", "rules_core"}
)
#: The lowest level a library's record is written at.
LIBRARY_FLOOR = logging.INFO


def own(record: logging.LogRecord) -> bool:
    """Whether the record comes from this program's own code (not from a library)."""
    return record.name.partition(".")[0] in OWN_PACKAGES


class LibraryFloor(logging.Filter):
    """Drops a library's records below :data:`LIBRARY_FLOOR`: also those of a library that set its own logger's
    level (the root's level only holds for loggers without one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= LIBRARY_FLOOR or own(record)


def configure_logging(level: str) -> None:
    """Log to standard error: this program's code at ``level`` (a level's name), libraries at INFO or above."""
    numeric = logging.getLevelNamesMapping()[level]
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(LibraryFloor())
    root = logging.getLogger()
    root.addHandler(handler)
    # Libraries' loggers take the root's level, so they do not even make the records the filter would drop.
    root.setLevel(max(numeric, LIBRARY_FLOOR))
    for package in OWN_PACKAGES:
        logging.getLogger(package).setLevel(numeric)
