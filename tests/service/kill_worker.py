"""A process the handover and outbox tests kill with SIGKILL right after its first write of one request.

Usage: python -m tests.service.kill_worker DATABASE NOW REQUEST

Opens the service on DATABASE with a clock at NOW (ISO 8601), makes the request (``due``: the scheduler's
``run_due``; ``vote USER SEAT``: a replace-vote), and after the first write the storage acknowledges (a commit that
returned) prints ``written`` and freezes, so the test can kill it exactly there: where a request made of two
writes would be half done. A request with nothing to write prints ``done`` at its end.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from computer_players.simple import first_legal
from game_service import GameService
from game_service.storage import SqliteRepository
from tests.service.helpers import FakeClock

#: The repository's writes; the first one to return freezes the process.
WRITES = ("append_action", "update_game", "start_game", "create_game", "replace_snapshot", "queue_reminder",
          "claim_reminders")  # fmt: skip


def freeze_after(write: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    async def written(*args: Any, **kwargs: Any) -> Any:
        result = await write(*args, **kwargs)
        sys.stdout.write("written\n")
        sys.stdout.flush()
        time.sleep(600)  # the test kills the process long before this
        return result

    return written


async def main(database: str, now: str, request: list[str]) -> None:
    clock = FakeClock()
    clock.now = datetime.fromisoformat(now)
    for name in WRITES:
        if hasattr(SqliteRepository, name):
            setattr(SqliteRepository, name, freeze_after(getattr(SqliteRepository, name)))
    async with await GameService.open(database=database, clock=clock, computer_policy=first_legal) as service:
        if request[0] == "due":
            await service.run_due()
        elif request[0] == "vote":
            await service.vote(channel_id="c", user_id=request[1], kind="replace", seat=int(request[2]))
        else:
            raise SystemExit(f"unknown request {request}")
    sys.stdout.write("done\n")
    sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
