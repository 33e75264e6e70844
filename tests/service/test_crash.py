"""The crash test, for real, on each backend: separate processes play through the service and are killed with
SIGKILL at random moments, many times. Every action they acknowledged must be stored; nothing half-written may be
(each snapshot at its game's last action, the database intact); and every game must replay from its log to its
stored state. On PostgreSQL two workers play the same channels at once, so their writes also race each other."""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from computer_players.simple import first_legal
from game_service import GameService
from tests.service.helpers import Database, FakeClock
from tests.toy.rules import RULES

ROOT = Path(__file__).resolve().parents[2]
#: Kills per backend (two workers die at each kill on PostgreSQL).
KILLS = {"sqlite": 20, "postgresql": 10}


def workers(database: Database) -> int:
    """How many processes play at once: one owns a SQLite file; several share a PostgreSQL database."""
    return 1 if database.kind == "sqlite" else 2


def run_and_kill(database: Database, out_path: Path, seed: int, delay: float) -> None:
    """Start the workers, wait until each has the database open, let them play ``delay`` seconds, then SIGKILL
    them. Each writes its own output file beside ``out_path``."""
    outs = [out_path.parent / f"{out_path.name}.{n}" for n in range(workers(database))]
    offsets = [out.stat().st_size if out.exists() else 0 for out in outs]
    running: list[subprocess.Popen[bytes]] = []
    try:
        for n, out in enumerate(outs):
            with out.open("ab") as stream:
                running.append(subprocess.Popen(
                    [sys.executable, "-m", "tests.service.crash_worker", str(database.url), str(seed * 10 + n)],
                    cwd=ROOT, stdout=stream, stderr=subprocess.PIPE,
                ))  # fmt: skip
        start = time.monotonic()
        for worker, out, offset in zip(running, outs, offsets, strict=True):
            while b"ready\n" not in out.read_bytes()[offset:]:
                assert worker.poll() is None, worker.stderr.read().decode() if worker.stderr else ""
                assert time.monotonic() - start < 30, "the worker did not start"
                time.sleep(0.01)
        time.sleep(delay)
        for worker in running:
            assert worker.poll() is None, worker.stderr.read().decode() if worker.stderr else "worker exited early"
    finally:
        for worker in running:
            worker.send_signal(signal.SIGKILL)
            worker.wait()
            if worker.stderr:
                worker.stderr.close()
    for worker, out in zip(running, outs, strict=True):
        assert worker.returncode == -signal.SIGKILL
        # A line the kill cut short ends in this marker, so it cannot pass for a complete ack.
        with out.open("ab") as stream:
            stream.write(b"#killed\n")


def acknowledged(out_path: Path) -> list[tuple[int, int]]:
    """Every complete ``ack`` line of every worker (a line cut by the kill has no newline and does not count)."""
    return [
        (int(m[1]), int(m[2]))
        for out in sorted(out_path.parent.glob(out_path.name + ".*"))
        for m in re.finditer(r"^ack (\d+) (\d+)$", out.read_text(), re.MULTILINE)
    ]


async def test_acknowledged_actions_survive_sigkill(database: Database, tmp_path: Path) -> None:
    out_path = tmp_path / "worker.out"
    chooser = random.Random(20261123)
    # At least the planned kills, and more while too few actions were acknowledged: on a busy machine the workers
    # play fewer moves before each kill, and the test must still exercise as much.
    run = 0
    while run < KILLS[database.kind] or (len(acknowledged(out_path)) < 200 and run < 4 * KILLS[database.kind]):
        run_and_kill(database, out_path, seed=run, delay=chooser.uniform(0.0, 0.35))
        run += 1

    acks = acknowledged(out_path)
    assert len(acks) >= 200, f"the workers acknowledged only {len(acks)} actions: the test exercised too little"
    assert len(set(acks)) == len(acks), "an action was acknowledged twice"

    if database.kind == "sqlite":
        assert await database.fetch("PRAGMA integrity_check") == [("ok",)]
        assert await database.fetch("PRAGMA foreign_key_check") == []
    logged = set(await database.fetch("SELECT game_id, version FROM actions"))
    missing = [a for a in acks if a not in logged]
    assert not missing, f"acknowledged but lost: {missing[:10]}"
    # Moves made in the background (computers', the autopilot's) were among those killed and acknowledged.
    made_by = dict(await database.fetch("SELECT kind, count(*) FROM actions GROUP BY kind"))
    assert made_by.get("computer", 0) > 0 and made_by.get("autopilot", 0) > 0, made_by
    games = await database.fetch("SELECT id, seed, options, status FROM games WHERE seed IS NOT NULL")
    assert games
    for game_id, seed, options, status in games:
        versions, snapshot, seats, log, owed = await database.fetch_each([
            ("SELECT version FROM actions WHERE game_id = ? ORDER BY version", (game_id,)),
            ("SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,)),
            ("SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)),
            ("SELECT action FROM actions WHERE game_id = ? ORDER BY version", (game_id,)),
            ("SELECT seat, kind FROM decisions WHERE game_id = ? ORDER BY seat", (game_id,)),
        ])  # fmt: skip
        assert [v for (v,) in versions] == list(range(1, len(versions) + 1)), f"game {game_id}: the log has gaps"
        ((snapshot_version, state),) = snapshot
        assert snapshot_version == len(versions), f"game {game_id}: snapshot {snapshot_version} vs log"
        actions = [RULES.load_action(json.loads(a)) for (a,) in log]
        replayed = RULES.replay(players=[n for (n,) in seats], options=json.loads(options), seed=seed, actions=actions)
        assert RULES.dump_state(replayed) == json.loads(state), f"game {game_id} does not replay to its snapshot"
        # The derived rows were written with their action: the decisions owed, and the status.
        if status == "running":
            assert owed == sorted((d.seat, d.kind) for d in RULES.duties(replayed)), game_id
        else:
            assert owed == [] and (status == "finished") == (RULES.outcome(replayed) is not None)


async def test_the_killed_database_opens_cleanly_and_plays_on(
    database: Database, tmp_path: Path, clock: FakeClock
) -> None:
    """After kills, the service opens the database, resumes computer turns and plays on, with no repair needed."""
    out_path = tmp_path / "worker.out"
    for run in range(3):
        run_and_kill(database, out_path, seed=100 + run, delay=0.2)
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        await service.resume_computer_turns()
        await service.idle()
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
