"""A process the handover and outbox tests kill with SIGKILL right after its first write of one request.

Usage: python -m tests.service.kill_worker DATABASE NOW REQUEST

Opens the service on DATABASE with a clock at NOW (ISO 8601) and makes the request:

* ``due`` (the scheduler's ``run_due``) or ``vote USER SEAT`` (a replace-vote): after the first write of a game
  the storage acknowledges (a commit that returned), prints ``written`` and freezes, so the test can kill it
  exactly there, where a request made of two writes would be half done;
* ``remind``: ``run_due``, then prints ``claimed OUTBOX_ID`` for each reminder it was handed and freezes without
  confirming any, as a bot that dies before Discord took the message.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from computer_players.simple import first_legal
from game_service import GameService, Reminder
from tests.service.helpers import FakeClock

#: The repository's writes of a game; the first one to return freezes the process.
WRITES = ("append_action", "update_game")


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
    async with await GameService.open(database=database, clock=clock, computer_policy=first_legal) as service:
        if request[0] != "remind":
            repository = service._store.repo  # either backend
            for name in WRITES:
                setattr(repository, name, freeze_after(getattr(repository, name)))
        if request[0] == "due":
            await service.run_due()
        elif request[0] == "vote":
            await service.vote(channel_id="c", user_id=request[1], kind="replace", seat=int(request[2]))
        elif request[0] == "remind":
            for work in await service.run_due():
                if isinstance(work, Reminder):
                    sys.stdout.write(f"claimed {work.outbox_id}\n")
            sys.stdout.write("written\n")
            sys.stdout.flush()
            time.sleep(600)
        else:
            raise SystemExit(f"unknown request {request}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
