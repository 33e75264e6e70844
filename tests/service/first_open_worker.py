"""The process the first-start test kills: opens a database that does not exist yet (its first start).

Usage: python -m tests.service.first_open_worker DATABASE [STOP]

Prints ``opening`` once imported, then opens DATABASE (creating and migrating it) and prints ``opened``. With
STOP (a number n), it instead stops just before the open's n-th step, prints ``stopped STEP`` and waits there for
the test's SIGKILL; if the open has fewer steps, it prints ``opened`` as usual. The steps: every SQL text sent to
SQLite, and every file operation on the database's folder that Python audits (creating, opening, truncating,
renaming or removing a file there, locking one, connecting to SQLite).
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import aiosqlite

from game_service.storage import open_repository

#: The audit events of the file operations a first open makes (``open`` also covers ``os.open``).
EVENTS = frozenset({"open", "os.truncate", "os.rename", "os.remove", "fcntl.flock", "sqlite3.connect"})
#: The calls that send SQL to SQLite.
SQL_CALLS = ("execute", "executescript", "execute_fetchall")


def stop_at(number: int, folder: str) -> None:
    seen = 0

    def step(what: str, detail: object) -> None:
        nonlocal seen
        seen += 1
        if seen == number:
            sys.stdout.write(f"stopped {what} {str(detail)[:60]!r}\n")
            sys.stdout.flush()
            time.sleep(600)  # the test kills the process long before this

    def hook(event: str, args: tuple[Any, ...]) -> None:
        # Python's own files and the migrations' texts are read on the way too: only the database's folder counts.
        if event in EVENTS and (event != "open" or str(args[0]).startswith(folder)):
            step(event, args[0])

    def stopping(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def before(self: aiosqlite.Connection, sql: str, *args: Any, **kwargs: Any) -> Any:
            step(name, sql)
            return call(self, sql, *args, **kwargs)

        return before

    sys.addaudithook(hook)
    for name in SQL_CALLS:
        setattr(aiosqlite.Connection, name, stopping(name, getattr(aiosqlite.Connection, name)))


async def main(database: str, stop: int | None) -> None:
    sys.stdout.write("opening\n")
    sys.stdout.flush()
    if stop is not None:
        stop_at(stop, os.path.dirname(os.path.abspath(database)))
    repository = await open_repository(database)
    sys.stdout.write("opened\n")
    sys.stdout.flush()
    await repository.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None))
