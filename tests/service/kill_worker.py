"""A process the handover and outbox tests kill with SIGKILL right after its first write of one request.

Usage: python -m tests.service.kill_worker DATABASE NOW REQUEST

Opens the service on DATABASE (whose games are of the test game, ``tests/toy``) with a clock at NOW (ISO 8601)
and makes the request:

* ``due`` (the scheduler's ``run_due``) or ``vote USER SEAT`` (a replace-vote): after the first write of a game
  the storage acknowledges (a commit that returned), prints ``written`` and freezes, so the test can kill it
  exactly there, where a request made of two writes would be half done;
* ``remind``: ``run_due``, then prints ``claimed OUTBOX_ID`` for each reminder it was handed and freezes without
  confirming any, as a bot that dies before Discord took the message;
* ``resign USER SEAT VERSION``: USER resigns SEAT of the game in channel ``c``, at VERSION,
  ending the game; freezes after that write, before anything reads the ratings;
* ``rate before`` / ``rate after``: reads the ratings of server ``s1``, which folds in its new games; freezes once
  the fold is computed and its write is next (``before``), or once the write returned (``after``).
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
from tests.toy import registered
from tests.toy.rules import Resign

#: The repository's writes of a game; the first one to return freezes the process.
WRITES = ("append_action", "update_game")


def freeze() -> None:
    sys.stdout.write("written\n")
    sys.stdout.flush()
    time.sleep(600)  # the test kills the process long before this


def freeze_after(write: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    async def written(*args: Any, **kwargs: Any) -> Any:
        result = await write(*args, **kwargs)
        freeze()
        return result

    return written


def freeze_before(write: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    async def about_to_write(*args: Any, **kwargs: Any) -> Any:
        freeze()
        return await write(*args, **kwargs)

    return about_to_write


async def main(database: str, now: str, request: list[str]) -> None:
    clock = FakeClock()
    clock.now = datetime.fromisoformat(now)
    async with await GameService.open(database=database, clock=clock, computer_policy=first_legal) as service:
        repository = service._store.repo  # either backend
        if request[0] == "rate":
            freezing = freeze_before if request[1] == "before" else freeze_after
            repository.store_ratings = freezing(repository.store_ratings)  # type: ignore[method-assign, assignment]
            await service.ratings(server_id="s1")
            raise SystemExit("the ratings had nothing to fold in")
        if request[0] != "remind":
            for name in WRITES:
                setattr(repository, name, freeze_after(getattr(repository, name)))
        if request[0] == "resign":
            await service.submit(channel_id="c", user_id=request[1], action=Resign(int(request[2])),
                                 expected_version=int(request[3]))  # fmt: skip
        elif request[0] == "due":
            await service.run_due()
        elif request[0] == "vote":
            await service.vote(channel_id="c", user_id=request[1], kind="replace", seat=int(request[2]))
        elif request[0] == "remind":
            for work in await service.run_due():
                if isinstance(work, Reminder):
                    sys.stdout.write(f"claimed {work.outbox_id}\n")
            freeze()
        else:
            raise SystemExit(f"unknown request {request}")


if __name__ == "__main__":
    with registered():  # the tests' games are of the toy game
        asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
