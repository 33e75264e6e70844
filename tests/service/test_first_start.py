"""A first start killed anywhere: a process opening a database that does not exist yet is killed with SIGKILL at
every point of the open (before each of its file operations and SQL texts, and at random moments), and the next
start must open the database and play on. What a killed start left is finished by the next one only where its
marker says this program began it: a foreign or damaged file is still refused (here, and in ``test_backup``)."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game_service import GameService
from game_service.storage import DatabaseRefused, open_repository
from game_service.storage.migrations import migrations
from game_service.storage.sqlite import CREATING
from tests.service.helpers import ROOT, Database, lobby, play_one

#: Random kills per backend (a new PostgreSQL database per kill takes about 0.3 s).
RANDOM_KILLS = {"sqlite": 30, "postgresql": 12}


class Worker:
    """``tests.service.first_open_worker`` on a database, read line by line."""

    def __init__(self, url: str, stop: int | None = None) -> None:
        command = [sys.executable, "-m", "tests.service.first_open_worker", url, *([str(stop)] if stop else [])]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline().decode().rstrip("\n")
        if not line:
            stderr = self.process.stderr.read().decode() if self.process.stderr else ""
            raise AssertionError(f"the worker ended without a word: {stderr}")
        return line

    def kill(self) -> str:
        """SIGKILL it; what it printed last (``opened`` if the open was over first)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        assert self.process.stdout is not None and self.process.stderr is not None
        rest = self.process.stdout.read().decode().split()
        self.process.stdout.close()
        self.process.stderr.close()
        return "opened" if "opened" in rest else "killed"


async def opens_and_plays(url: str) -> None:
    """The next start opens the database at the latest schema and a game is played in it."""
    repository = await open_repository(url)
    try:
        assert await repository.schema_version() == len(migrations())
    finally:
        await repository.close()
    async with await GameService.open(database=url) as service:
        users = await lobby(service, "c", humans=2)
        await play_one(service, "c", await service.start(channel_id="c", actor_id=users[0], seed=1))


def only_the_database(folder: Path) -> None:
    """Nothing beside the database once it opened: no half-made file left over by a killed start."""
    assert {p.name for p in folder.iterdir()} <= {"games.db", "games.db-wal", "games.db-shm"}, list(folder.iterdir())


async def test_a_first_start_killed_before_any_step_of_the_open_leaves_a_database_the_next_start_opens(
    tmp_path: Path,
) -> None:
    stopped = []
    for stop in range(1, 100):
        folder = tmp_path / str(stop)
        folder.mkdir()
        worker = Worker(str(folder / "games.db"), stop)
        assert worker.line() == "opening"
        said = worker.line()
        assert worker.kill() == "killed" or said == "opened"
        if said == "opened":
            break
        stopped.append(said)
        await opens_and_plays(str(folder / "games.db"))
        only_the_database(folder)
    else:
        raise AssertionError("the open never finished")
    assert len(stopped) >= 3, f"too few kill points: {stopped}"


def open_time(url: str) -> float:
    """How long a first open takes here, from the worker's ``opening`` to its ``opened`` (the window to kill in)."""
    worker = Worker(url)
    assert worker.line() == "opening"
    started = time.monotonic()
    assert worker.line() == "opened"
    elapsed = time.monotonic() - started
    worker.kill()
    return elapsed


async def test_a_first_start_killed_at_random_moments_leaves_a_database_the_next_start_opens(
    new_database: Callable[[], Database],
) -> None:
    probe = new_database()
    window = open_time(str(probe.url))
    chooser = random.Random(20261124)
    killed = 0
    kind = probe.kind
    for _ in range(RANDOM_KILLS[kind]):
        database = new_database()
        worker = Worker(str(database.url))
        assert worker.line() == "opening"
        time.sleep(chooser.uniform(0.0, window))
        if worker.kill() == "killed":
            killed += 1
        await opens_and_plays(str(database.url))
        if kind == "sqlite":
            only_the_database(Path(database.url).parent)
    assert killed >= RANDOM_KILLS[kind] // 4, f"only {killed} kills landed during the open: it exercised too little"


def test_processes_starting_at_once_on_a_new_file_make_it_once(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    workers = [Worker(str(path)) for _ in range(4)]
    for worker in workers:
        assert worker.line() == "opening"
    for worker in workers:
        assert worker.line() == "opened"
        worker.kill()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (len(migrations()),)
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    only_the_database(tmp_path)


async def test_a_marker_left_beside_a_whole_database_changes_nothing_in_it(tmp_path: Path) -> None:
    # The start that made it was killed after the schema's commit, before it removed its marker: later games too.
    path = tmp_path / "games.db"
    async with await GameService.open(database=path) as service:
        await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H")
    Path(f"{path}{CREATING}").touch()
    async with await GameService.open(database=path) as service:
        assert (await service.game_info(channel_id="c")).host_id == "h"
    only_the_database(tmp_path)


async def test_a_foreign_file_beside_a_marker_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    path.write_text("these are my notes, not a database\n" * 200)
    Path(f"{path}{CREATING}").touch()
    before = path.read_bytes()
    with pytest.raises(DatabaseRefused):
        await GameService.open(database=path)
    assert path.read_bytes() == before
