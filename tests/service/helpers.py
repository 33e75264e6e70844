"""Helpers for the service tests: a clock, a database of either backend read and changed behind the service's
back, games played to a point, and finished games written straight into storage."""

from __future__ import annotations

import json
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import pytest

from game_service import ActionResult, GameService
from game_service.storage import Ending, NewGame, NoteRow, Repository, SeatRow
from rules_core.codec import encode
from rules_core.engine import Outcome, rank_standings
from tests.local_postgres import LocalPostgres

ROOT = Path(__file__).resolve().parents[2]
TABLES = ("games", "seats", "actions", "snapshots", "decisions", "notes")


class FakeClock:
    """Each reading is one second after the previous one, so every timestamp differs."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


BACKENDS = ("sqlite", "postgresql")
_MARK = re.compile(r"\?")


@dataclass(frozen=True)
class Database:
    """A test's database, read and changed through a connection of its own (what is stored, not what the
    service holds in memory). SQL is written with ``?`` marks, as SQLite takes them; values come back as each
    backend stores them (a moment is text in SQLite, a datetime in PostgreSQL)."""

    kind: str
    #: What ``GameService.open(database=...)`` takes: the SQLite file's path or the PostgreSQL URL.
    url: Any
    #: The server a PostgreSQL database is on.
    server: LocalPostgres | None = None

    @property
    def name(self) -> str:
        """The PostgreSQL database's name."""
        return urlsplit(str(self.url)).path.lstrip("/")

    def copy(self, path: Path) -> Database:
        """A new database holding what this one holds (the file copied to ``path``, or a PostgreSQL database made
        from this one as its template)."""
        if self.server is None:
            shutil.copy(self.url, path)
            return Database(self.kind, path)
        url = self.server.new_database(template=self.name)
        return Database(self.kind, url, self.server)

    def drop(self) -> None:
        if self.server is not None:
            self.server.sql(f"DROP DATABASE {self.name} WITH (FORCE)")

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        return (await self.fetch_each([(sql, args)]))[0]

    async def fetch_each(self, queries: list[tuple[str, tuple[Any, ...]]]) -> list[list[tuple[Any, ...]]]:
        """The rows of each query, all read through one connection."""
        if self.kind == "sqlite":
            with sqlite3.connect(self.url) as lite:
                return [lite.execute(sql, args).fetchall() for sql, args in queries]
        db = await asyncpg.connect(self.url)
        try:
            return [[tuple(r) for r in await db.fetch(_numbered(sql), *args)] for sql, args in queries]
        finally:
            await db.close()

    async def execute(self, sql: str, *args: Any) -> None:
        await self.fetch_each([(sql, args)])

    async def tables(self) -> list[str]:
        if self.kind == "sqlite":
            query = "SELECT name FROM sqlite_master WHERE type = 'table'"
        else:
            query = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        return sorted(name for (name,) in await self.fetch(query))

    async def all_rows(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table."""
        tables = await self.tables()
        rows = await self.fetch_each([(f"SELECT * FROM {table}", ()) for table in tables])
        return {table: sorted(found, key=repr) for table, found in zip(tables, rows, strict=True)}


async def stored(database: Database, game_id: int) -> tuple[int, dict[str, Any], int]:
    """(snapshot version, snapshot state, log head) of a game as stored."""
    snapshot, head = await database.fetch_each([
        ("SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,)),
        ("SELECT coalesce(max(version), 0) FROM actions WHERE game_id = ?", (game_id,)),
    ])  # fmt: skip
    ((version, state),), ((last,),) = snapshot, head
    return version, json.loads(state), last


def _numbered(sql: str) -> str:
    """``?`` marks as PostgreSQL's ``$1, $2...``."""
    count = iter(range(1, sql.count("?") + 1))
    return _MARK.sub(lambda _: f"${next(count)}", sql)


class Recorder:
    """Every result the service made in the background (computers, autopilots), by game, in order."""

    def __init__(self, service: GameService) -> None:
        self.results: dict[int, list[ActionResult]] = {}
        service.listen(self.heard)

    async def heard(self, result: ActionResult) -> None:
        self.results.setdefault(result.game_id, []).append(result)


_RECORDERS: weakref.WeakKeyDictionary[GameService, Recorder] = weakref.WeakKeyDictionary()


def recorder(service: GameService) -> Recorder:
    """The service's recorder, listening from now on (once per service)."""
    found = _RECORDERS.get(service)
    if found is None:
        found = _RECORDERS[service] = Recorder(service)
    return found


async def caught_up(service: GameService, result: ActionResult) -> ActionResult:
    """``result`` followed by what computers and autopilots did after it in the background, once they are done
    (the service must have been listened to before: :func:`recorder`, which :func:`lobby` calls)."""
    await service.idle(game_id=result.game_id)
    for later in recorder(service).results.get(result.game_id, ()):
        if later.since >= result.version:
            result = result.then(later)
    return result


async def lobby(
    service: GameService,
    channel: str,
    humans: int = 1,
    computers: int = 0,
    *,
    ruleset: str = "toy",
    options: dict[str, Any] | None = None,
) -> list[str]:
    """A lobby of ``ruleset`` (the toy game unless told) in ``channel`` with ``humans`` users (the first is host, ids
    ``<channel>-u<n>``) and computers (and the service listened to: :func:`caught_up`)."""
    recorder(service)
    users = [f"{channel}-u{i}" for i in range(humans)]
    await service.create_game(
        ruleset=ruleset, channel_id=channel, host_id=users[0], host_name="Host", options=options or {}
    )
    for index, user in enumerate(users[1:], start=1):
        await service.join(channel_id=channel, user_id=user, user_name=f"Player {index}")
    for number in range(1, computers + 1):
        await service.add_computer(channel_id=channel, actor_id=users[0], name=f"Computer {number}")
    return users


class Crash(BaseException):
    """Stands for the process dying between the human's committed move and the computer's."""


async def crashed_start(service: GameService, channel: str, caplog: pytest.LogCaptureFixture) -> None:
    """A game started whose computer's background turn dies (the ``Crash`` its policy raises) before it moves."""
    users = await lobby(service, channel, humans=1, computers=1)
    await service.start(channel_id=channel, actor_id=users[0], seed=4)
    await service.idle()
    assert any("background turns stopped" in r.getMessage() for r in caplog.records)
    caplog.clear()  # the logged error was the crash


async def play_one(service: GameService, channel: str, result: ActionResult) -> ActionResult:
    """Let the first human who owes a decision (once computers are done) play their first legal action; the
    result with the computers' moves after it."""
    result = await caught_up(service, result)
    if result.status != "running":
        return result
    user = result.waiting_for[0]
    legal = await service.legal_actions(channel_id=channel, user_id=user)
    played = await service.submit(
        channel_id=channel, user_id=user, action=legal.actions[0], expected_version=legal.version
    )
    return await caught_up(service, played)


async def play_to_end(service: GameService, channel: str, result: ActionResult, limit: int = 5000) -> ActionResult:
    for _ in range(limit):
        if result.status != "running":
            return result
        result = await play_one(service, channel, result)
    raise AssertionError("the game did not end")


def killed_when_written(database: Database, now: datetime, *request: str) -> list[str]:
    """Run ``tests.service.kill_worker`` on the database with its clock at ``now``; SIGKILL it as soon as it
    reports ``written``. The lines it printed before that."""
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.service.kill_worker", str(database.url), now.isoformat(), *request],
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


FINISHED_FROM = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
#: The server :func:`write_game` writes games of unless told.
SERVER_ID = "s1"


@dataclass(frozen=True)
class Seat:
    """A seat of a written game: a person (``user``), or a computer at ``level``; ``left``: the person who held
    it before it was handed to a computer."""

    score: int
    user: str | None = None
    level: str | None = None
    left: str | None = None


async def write_game(
    repo: Repository,
    seats: Sequence[Seat],
    *,
    finished: int,
    channel: str = "c1",
    server: str | None = SERVER_ID,
    ruleset: str,
    status: str = "finished",
    outcome: Outcome | None = None,
) -> int:
    """A game of ``server`` (None: of none, as a game made before games recorded their server) in ``channel`` that
    ended ``finished`` minutes after FINISHED_FROM, ranked by the seats' scores (or with the ``outcome`` its rules
    gave)."""
    at = FINISHED_FROM + timedelta(minutes=finished)
    # A seat handed over is a computer's now (at the service's level), under its person's name.
    levels = [s.level or ("normal" if s.left else None) for s in seats]
    names = [s.user or s.left or f"Computer {i}" for i, s in enumerate(seats)]
    rows = tuple(SeatRow(i, s.user, names[i], s.user is None, at, levels[i]) for i, s in enumerate(seats))
    host = next(s.user for s in seats if s.user is not None)
    game_id = await repo.create_game(
        NewGame(channel, ruleset, {}, {}, host, at, server), rows[0], NoteRow("created", 0, at, seat=0, user_id=host)
    )
    notes = [NoteRow("seat_to_computer", 1, at, seat=i, user_id=s.left) for i, s in enumerate(seats) if s.left]
    stored = None
    if status == "finished":
        stored = encode(outcome or rank_standings((i, s.score, (), ()) for i, s in enumerate(seats)))
    await repo.update_game(game_id, host_id=host, seats=rows, notes=notes, ending=Ending(status, at, stored))
    return game_id
