"""The process the DEBUG-log test runs: a whole game through the real bot (the fake Discord of ``tests.bot``), logged
as ``evolution-bot run`` logs, at the level its settings read (``EVOLUTION_BOT_LOG_LEVEL``).

Usage: python -m tests.bot.debug_log_worker DATABASE SECRETS

Logs to standard error. Writes to the file SECRETS, as JSON, everything private the game held at some moment, read
from its stored snapshots and log after every move: the seed, each seat's hand, each food-card pick, the deck's
order and the cards set aside (card ids in order), and the stored text of each action.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from evolution_bot.config import load_settings
from evolution_bot.logs import configure_logging
from tests.bot.conftest import ADA, BEA, CY, close_world, open_world
from tests.bot.driver import Driver

#: The game's seed: a number no log line would hold by chance.
SEED = 7_340_912_586_113


class Secrets:
    """What was private in the game's stored snapshots so far."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.hands: set[tuple[int, ...]] = set()
        self.picks: set[int] = set()
        self.decks: set[tuple[int, ...]] = set()

    def note(self) -> None:
        with sqlite3.connect(self.database) as db:
            for (text,) in db.execute("SELECT state FROM snapshots"):
                state = json.loads(text)["state"]
                for player in state["players"]:
                    self.hands.add(tuple(player["hand"]))
                    if player["food_card"] is not None:
                        self.picks.add(player["food_card"])
                self.decks.add(tuple(state["deck"]))
                self.decks.add(tuple(state["removed"]))

    def found(self) -> dict[str, Any]:
        with sqlite3.connect(self.database) as db:
            actions = [text for (text,) in db.execute("SELECT action FROM actions ORDER BY game_id, version")]
            (seed,) = db.execute("SELECT seed FROM games").fetchone()
        return {
            "seed": seed,
            "hands": sorted(self.hands),
            "picks": sorted(self.picks),
            "decks": sorted(self.decks),
            "actions": actions,
        }


async def main(database: Path, out: Path) -> None:
    configure_logging(load_settings(None).log_level)
    world = await open_world(database, seeds=itertools.repeat(SEED))
    try:
        await world.lobby(ADA, BEA, CY, computers=1)
        await world.evo(BEA, "start")  # not the host: refused, which the bot logs at DEBUG
        await world.evo(ADA, "start")
        secrets = Secrets(database)
        secrets.note()

        async def after_each_move() -> None:
            await world.check_privacy()
            secrets.note()

        await Driver(world, [ADA, BEA, CY], seed=3, check_privacy=after_each_move).play_to_end()
        assert (await world.info()).status == "finished"
    finally:
        await close_world(world)
    out.write_text(json.dumps(secrets.found()))


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2])))
