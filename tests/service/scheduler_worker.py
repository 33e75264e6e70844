"""A deadline scheduler in a process of its own, for the test that several of them share one PostgreSQL database.

Usage: python -m tests.service.scheduler_worker DATABASE NOW

Opens the service with its clock at NOW (ISO 8601), prints ``ready``, waits for a line on its standard input (so
that every scheduler starts polling at once), then polls ``run_due`` until three polls in a row find nothing,
printing ``reminder GAME SEAT`` (after confirming its delivery) or ``timeout GAME VERSION`` for each item it got.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import datetime

from computer_players.simple import first_legal
from game_service import GameService, Reminder
from tests.service.helpers import FakeClock
from tests.toy import registered


async def main(database: str, now: str) -> None:
    clock = FakeClock()
    clock.now = datetime.fromisoformat(now)
    async with await GameService.open(database=database, clock=clock, computer_policy=first_legal) as service:
        print("ready", flush=True)
        sys.stdin.readline()
        idle = 0
        while idle < 3:
            work = await service.run_due()
            idle = 0 if work else idle + 1
            for item in work:
                if isinstance(item, Reminder):
                    await service.delivered(outbox_id=item.outbox_id)
                    print(f"reminder {item.game_id} {item.seat}", flush=True)
                else:
                    print(f"timeout {item.game_id} {item.result.steps[0].version}", flush=True)


if __name__ == "__main__":
    with registered():  # the tests' games are of the toy game
        asyncio.run(main(sys.argv[1], sys.argv[2]))
