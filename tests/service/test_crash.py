"""The crash test, for real: a separate process plays through the service and is killed with SIGKILL at random
moments, many times. Every action it acknowledged must be on disk; nothing half-written may be (each snapshot at
its game's last action, the file intact); and every game must replay from its log to its stored state."""

from __future__ import annotations

import json
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from computer_players.simple import first_legal
from game_service import GameService
from rules_core.registry import find_ruleset
from tests.service.helpers import FakeClock

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20
RULES = find_ruleset("north_star")


def run_and_kill(database: Database, out_path: Path, seed: int, delay: float) -> None:
    """Start a worker, wait until it has the database open, let it play ``delay`` seconds, then SIGKILL it."""
    offset = out_path.stat().st_size if out_path.exists() else 0
    with out_path.open("ab") as out:
        worker = subprocess.Popen(
            [sys.executable, "-m", "tests.service.crash_worker", str(database), str(seed)],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.PIPE,
        )
        try:
            start = time.monotonic()
            while b"ready\n" not in out_path.read_bytes()[offset:]:
                assert worker.poll() is None, worker.stderr.read().decode() if worker.stderr else ""
                assert time.monotonic() - start < 30, "the worker did not start"
                time.sleep(0.01)
            time.sleep(delay)
            assert worker.poll() is None, worker.stderr.read().decode() if worker.stderr else "worker exited early"
        finally:
            worker.send_signal(signal.SIGKILL)
            worker.wait()
            if worker.stderr:
                worker.stderr.close()
    assert worker.returncode == -signal.SIGKILL
    # A line the kill cut short ends in this marker, so it cannot pass for a complete ack.
    with out_path.open("ab") as out:
        out.write(b"#killed\n")


def acknowledged(out_path: Path) -> list[tuple[int, int]]:
    """Every complete ``ack`` line (a line cut by the kill has no newline and does not count)."""
    return [(int(m[1]), int(m[2])) for m in re.finditer(r"^ack (\d+) (\d+)$", out_path.read_text(), re.MULTILINE)]


def test_acknowledged_actions_survive_sigkill(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.db"
    out_path = tmp_path / "worker.out"
    chooser = random.Random(20261123)
    for run in range(KILLS):
        run_and_kill(database, out_path, seed=run, delay=chooser.uniform(0.0, 0.35))

    acks = acknowledged(out_path)
    assert len(acks) >= 200, f"the workers acknowledged only {len(acks)} actions: the test exercised too little"
    assert len(set(acks)) == len(acks), "an action was acknowledged twice"

    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        logged = set(db.execute("SELECT game_id, version FROM actions"))
        missing = [a for a in acks if a not in logged]
        assert not missing, f"acknowledged but lost: {missing[:10]}"
        games = db.execute("SELECT id, seed, options FROM games WHERE seed IS NOT NULL").fetchall()
        assert games
        for game_id, seed, options in games:
            versions = [v for (v,) in db.execute("SELECT version FROM actions WHERE game_id = ? ORDER BY version",
                                                 (game_id,))]  # fmt: skip
            assert versions == list(range(1, len(versions) + 1)), f"game {game_id}: the log has gaps"
            snapshot_version, state = db.execute(
                "SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,)
            ).fetchone()
            assert snapshot_version == len(versions), f"game {game_id}: snapshot {snapshot_version} vs log"
            names = [n for (n,) in db.execute("SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))]
            log = [RULES.load_action(json.loads(a)) for (a,) in db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY version", (game_id,))]  # fmt: skip
            replayed = RULES.replay(players=names, options=json.loads(options), seed=seed, actions=log)
            assert RULES.dump_state(replayed) == json.loads(state), f"game {game_id} does not replay to its snapshot"
            # The derived rows were written with their action: the decisions owed, and the status.
            (status,) = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            owed = db.execute("SELECT seat, kind FROM decisions WHERE game_id = ? ORDER BY seat", (game_id,))
            if status == "running":
                assert owed.fetchall() == sorted((d.seat, d.kind) for d in RULES.decisions(replayed)), game_id
            else:
                assert owed.fetchall() == [] and (status == "finished") == (RULES.outcome(replayed) is not None)


async def test_the_killed_file_opens_cleanly_and_plays_on(tmp_path: Path, clock: FakeClock) -> None:
    """After kills, the service opens the file, resumes computer turns and plays on, with no repair needed."""
    db_path = tmp_path / "crash.db"
    out_path = tmp_path / "worker.out"
    for run in range(3):
        run_and_kill(database, out_path, seed=100 + run, delay=0.2)
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        await service.resume_computer_turns()
        for channel in (f"crash-{i}" for i in range(4)):
            try:
                info = await service.game_info(channel_id=channel)
            except ValueError:
                continue
            if info.status != "running":
                continue
            user = next(d.user_id for d in info.to_decide if d.user_id is not None)
            assert user is not None
            legal = await service.legal_actions(channel_id=channel, user_id=user)
            result = await service.submit(
                channel_id=channel, user_id=user, action=legal.actions[0], expected_version=legal.version
            )
            assert result.version > info.version
