"""Backups and the files the service refuses to start on.

A backup taken with SQLite's online backup API while a service is open on the file holds every acknowledged
action, those still in the -wal file included; a copy of the main file alone does not, and is refused rather than
opened as an empty database. A path that does not exist is created as a new database."""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from computer_players.simple import first_legal
from evolution_bot import backup as backup_command
from game_service import GameService
from game_service.storage import DatabaseRefused, backup
from game_service.storage.migrations import migrations
from tests.service.helpers import FakeClock, lobby, play_one
from texts.refusals import database_refusal

ROOT = Path(__file__).resolve().parents[2]


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


async def playing(service: GameService, moves: int = 4) -> list[tuple[int, int]]:
    """A game with ``moves`` acknowledged human moves (and the computers' answers): every (game, version)."""
    users = await lobby(service, "c", humans=2, computers=1)
    result = await service.start(channel_id="c", actor_id=users[0], seed=12)
    acknowledged = [(result.game_id, step.version) for step in result.steps]
    for _ in range(moves):
        result = await play_one(service, "c", result)
        acknowledged += [(result.game_id, step.version) for step in result.steps]
    return acknowledged


async def test_a_backup_taken_mid_play_restores_every_acknowledged_action(tmp_path: Path, clock: FakeClock) -> None:
    db_path, copy, copied_by_hand = tmp_path / "games.db", tmp_path / "backup.db", tmp_path / "by-hand.db"
    async with await GameService.open(database=db_path, clock=clock, computer_policy=first_legal) as service:
        acknowledged = await playing(service)
        assert (db_path.parent / "games.db-wal").stat().st_size > 0, "the moves are still in the -wal file"
        backup(db_path, copy)
        shutil.copy(db_path, copied_by_hand)
        live = rows(db_path, "SELECT * FROM actions ORDER BY game_id, version")
        info = await service.game_info(channel_id="c")
    assert not (tmp_path / "backup.db-wal").exists(), "the backup is one self-contained file"
    assert rows(copy, "PRAGMA journal_mode") == [("delete",)]
    assert rows(copy, "SELECT * FROM actions ORDER BY game_id, version") == live
    assert set(acknowledged) <= set(rows(copy, "SELECT game_id, version FROM actions"))
    # The restored file plays on, and its log replays.
    async with await GameService.open(database=copy, clock=clock, computer_policy=first_legal) as restored:
        assert await restored.game_info(channel_id="c") == info
        history = await restored.history(game_id=info.game_id)
        assert len([e for e in history.entries if e.kind == "action"]) == info.version
        user = next(d.user_id for d in info.to_decide if d.user_id is not None)
        legal = await restored.legal_actions(channel_id="c", user_id=user)
        moved = await restored.submit(channel_id="c", user_id=user, action=legal.actions[0],
                                      expected_version=legal.version)  # fmt: skip
        assert moved.version > info.version
    # Copying the main file by hand, mid-play, kept no game: it is refused, not opened as an empty database.
    with pytest.raises(DatabaseRefused, match=r"by-hand\.db"):
        await GameService.open(database=copied_by_hand)


async def test_the_command_backs_up_a_database_in_use_by_another_process(tmp_path: Path, clock: FakeClock) -> None:
    db_path, copy = tmp_path / "games.db", tmp_path / "copies" / "games.sqlite3"
    copy.parent.mkdir()
    async with await GameService.open(database=db_path, clock=clock, computer_policy=first_legal) as service:
        await playing(service, moves=3)
        done = subprocess.run(
            [sys.executable, "-m", "evolution_bot", "backup", str(copy), "--database", str(db_path)],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert str(copy) in done.stdout
        live = rows(db_path, "SELECT * FROM actions")
    assert rows(copy, "SELECT * FROM actions") == live
    # Again onto the same name: the older copy is replaced.
    again = subprocess.run(
        [sys.executable, "-m", "evolution_bot", "backup", str(copy), "--database", str(db_path)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert again.returncode == 0, again.stderr


async def test_the_command_refuses_what_it_cannot_back_up(tmp_path: Path) -> None:
    db_path = tmp_path / "games.db"
    async with await GameService.open(database=db_path):
        pass
    for source, target, says in (
        (tmp_path / "missing.db", tmp_path / "out.db", "no database to back up"),
        (db_path, db_path, "the database itself"),
        (db_path, tmp_path / "no-such-folder" / "out.db", "unable to open"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "evolution_bot", "backup", str(target), "--database", str(source)],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 1 and says in done.stderr, done.stderr
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes_of_another_program (x)")
    with pytest.raises(DatabaseRefused, match=r"other\.db"):
        backup(other, tmp_path / "out.db")
    assert not (tmp_path / "out.db").exists() and not (tmp_path / "out.db.partial").exists()


# Files the service refuses to start on.


@pytest.mark.parametrize(
    "kind", ["zero_bytes", "another_program", "not_sqlite", "older_schema_gone", "damaged", "left_half_made"]
)
async def test_a_file_that_holds_no_database_of_ours_is_refused(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "games.db"
    if kind == "zero_bytes":
        path.touch()
    elif kind == "damaged":
        async with await GameService.open(database=path) as service:
            await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H")
        with path.open("r+b") as damaged:
            damaged.write(b"\xff" * 100)  # over SQLite's header
    elif kind == "left_half_made":
        # What a first start killed between creating the file and its schema left before the schema was made
        # beside it: a WAL header, no schema. Also what a copy of the main file without its -wal can be.
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA journal_mode=WAL")
    elif kind == "another_program":
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)")
            db.execute("PRAGMA user_version = 2")
    elif kind == "not_sqlite":
        path.write_text("these are my notes, not a database\n" * 200)
    else:
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE leftover (x)")
    before = path.read_bytes()
    with pytest.raises(DatabaseRefused) as refused:
        await GameService.open(database=path)
    message = str(refused.value)
    assert str(path) in message and "evolution-bot backup" in message
    assert path.read_bytes() == before, "nothing was written to the refused file"
    assert not Path(f"{path}-wal").exists()


async def test_a_database_that_cannot_be_made_is_refused_with_what_to_check(tmp_path: Path) -> None:
    path = tmp_path / "no-such-folder" / "games.db"
    with pytest.raises(DatabaseRefused) as refused:
        await GameService.open(database=path)
    assert refused.value.reason == "cannot_create"
    text = database_refusal(refused.value.reason, refused.value.path, refused.value.params, "en")
    assert str(path) in text and "folder exists" in text
    assert not path.parent.exists()


async def test_a_path_that_does_not_exist_becomes_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    async with await GameService.open(database=path) as service:
        await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H")
    assert rows(path, "PRAGMA user_version") == [(len(migrations()),)]
    async with await GameService.open(database=path) as service:
        assert (await service.game_info(channel_id="c")).host_id == "h"


def test_a_postgresql_database_is_pointed_to_its_own_tools(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(path=tmp_path / "copy.db", database="postgresql://localhost/evolution", config=None)
    assert backup_command.main(args) == 2
    assert "pg_dump" in capsys.readouterr().err
    assert not (tmp_path / "copy.db").exists()
