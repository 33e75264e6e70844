"""Helpers for the service tests: a clock, a policy, and a dump of every row of the database file."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from game_service import ActionResult, GameService

ROOT = Path(__file__).resolve().parents[2]
TABLES = ("games", "seats", "actions", "snapshots", "decisions", "notes")


class FakeClock:
    """Each reading is one second after the previous one, so every timestamp differs."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def all_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the file, read through a separate connection (what is on disk, not in
    memory)."""
    with sqlite3.connect(path) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {table: sorted(db.execute(f"SELECT * FROM {table}").fetchall(), key=repr) for table in tables}


async def lobby(
    service: GameService, channel: str, humans: int = 1, computers: int = 0, *, options: dict[str, Any] | None = None
) -> list[str]:
    """A lobby in ``channel`` with ``humans`` users (the first is host, ids ``<channel>-u<n>``) and computers."""
    users = [f"{channel}-u{i}" for i in range(humans)]
    await service.create_game(channel_id=channel, host_id=users[0], host_name="Host", options=options or {})
    for index, user in enumerate(users[1:], start=1):
        await service.join(channel_id=channel, user_id=user, user_name=f"Player {index}")
    for number in range(1, computers + 1):
        await service.add_computer(channel_id=channel, actor_id=users[0], name=f"Computer {number}")
    return users


async def play_one(service: GameService, channel: str, result: ActionResult) -> ActionResult:
    """Let the first human who owes a decision play their first legal action."""
    user = result.waiting_for[0]
    legal = await service.legal_actions(channel_id=channel, user_id=user)
    return await service.submit(
        channel_id=channel, user_id=user, action=legal.actions[0], expected_version=legal.version
    )


async def play_to_end(service: GameService, channel: str, result: ActionResult, limit: int = 5000) -> ActionResult:
    for _ in range(limit):
        if result.status != "running":
            return result
        result = await play_one(service, channel, result)
    raise AssertionError("the game did not end")


def killed_when_written(db_path: Path, now: datetime, *request: str) -> list[str]:
    """Run ``tests.service.kill_worker`` on the file with its clock at ``now``; SIGKILL it as soon as it reports
    ``written``. The lines it printed before that."""
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.service.kill_worker", str(db_path), now.isoformat(), *request],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    lines: list[str] = []
    try:
        assert worker.stdout is not None
        for raw in worker.stdout:
            line = raw.decode().rstrip("\n")
            if line == "written":
                break
            lines.append(line)
        else:
            raise AssertionError(worker.stderr.read().decode() if worker.stderr else "the worker ended")
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait()
        for stream in (worker.stdout, worker.stderr):
            if stream is not None:
                stream.close()
    assert worker.returncode == -signal.SIGKILL
    return lines
