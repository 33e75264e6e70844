"""A web server in a process of its own, which the kill test of a move from the page kills with SIGKILL.

Usage: python -m tests.web.kill_worker DATABASE PORT WHEN

Serves the games of DATABASE (SQLite; its games are of the test game, ``tests/toy``) on 127.0.0.1:PORT with the
tests' secret, prints ``serving``, and then:

* ``before``: at a move's first write, prints ``written`` and freezes before it reaches the database;
* ``after``: at a move's first write, lets it commit, then prints ``written`` and freezes (the move is stored but
  the page was never answered);
* ``never``: serves on until killed.
"""

from __future__ import annotations

import asyncio
import sys

from game_service import GameService
from tests.service.kill_worker import WRITES, freeze_after, freeze_before
from tests.toy import registered
from tests.web.conftest import SECRET
from web.server import WebServer
from web.site import WebConfig

FREEZES = {"before": freeze_before, "after": freeze_after}


async def main(database: str, port: int, when: str) -> None:
    async with await GameService.open(database=database, computer_workers=1) as service:
        if when in FREEZES:
            repository = service._store.repo
            for name in WRITES:
                setattr(repository, name, FREEZES[when](getattr(repository, name)))
        elif when != "never":
            raise SystemExit(f"unknown moment {when!r}")
        config = WebConfig(secret=SECRET, base_url=f"http://127.0.0.1:{port}/")
        server = WebServer(service=service, config=config, host="127.0.0.1", port=port)
        await server.start()
        sys.stdout.write("serving\n")
        sys.stdout.flush()
        await asyncio.Event().wait()


if __name__ == "__main__":
    with registered():  # the tests' games are of the toy game
        asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
