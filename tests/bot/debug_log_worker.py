"""The process the DEBUG-log tests run: a whole game of a rule system through the real bot (the fake Discord of
``tests.bot``), logged as ``evolution-bot run`` logs, at the level its settings read (``EVOLUTION_BOT_LOG_LEVEL``).

Usage: python -m tests.bot.debug_log_worker RULESET DATABASE SECRETS

RULESET is a shipped rule system or the tests' toy game (``toy``: registered in this process, without resigning and
with nine rounds, so hands hold many stones). Logs to standard error. Writes to the file SECRETS, as JSON, what was
private in the game at some moment: the seed, the stored text of each action, every stored state after each move
(for a rule system's own test to read its hands, picks and deck from), and every label some seat's private panel
showed (``tests/bot/privacy.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
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
from tests.toy import registered

#: The game's seed: a number no log line would hold by chance.
SEED = 7_340_912_586_113
#: The toy game's options here: nine rounds (nine stones in each of four hands), and no resigning (a random player
#: would end the game at its first red button).
TOY_OPTIONS = "rounds=9, resigning=off"


class Secrets:
    """What was private in the game's stored snapshots so far."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.states: dict[str, Any] = {}

    def note(self) -> None:
        with sqlite3.connect(self.database) as db:
            for (text,) in db.execute("SELECT state FROM snapshots"):
                self.states.setdefault(text, json.loads(text)["state"])

    def found(self, labels: set[str]) -> dict[str, Any]:
        with sqlite3.connect(self.database) as db:
            actions = [text for (text,) in db.execute("SELECT action FROM actions ORDER BY game_id, version")]
            (seed,) = db.execute("SELECT seed FROM games").fetchone()
        return {"seed": seed, "actions": actions, "states": list(self.states.values()), "labels": sorted(labels)}


async def main(ruleset: str, database: Path, out: Path) -> None:
    configure_logging(load_settings(None).log_level)
    world = await open_world(database, seeds=itertools.repeat(SEED))
    try:
        options = TOY_OPTIONS if ruleset == "toy" else None
        await world.lobby(ADA, BEA, CY, computers=1, game=ruleset, options=options)
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
    out.write_text(json.dumps(secrets.found(world.service.knowledge.ever_secret())))


if __name__ == "__main__":
    chosen = sys.argv[1]
    with registered() if chosen == "toy" else contextlib.nullcontext():
        asyncio.run(main(chosen, Path(sys.argv[2]), Path(sys.argv[3])))
