"""How long the event loop ever stalls while the service plays whole games with computers, a server's leaderboard
over many finished games is read, and a finished game's replay is built (issue 33: nothing heavy on the loop).

Usage: python -m benchmarks.stalls [--games N] [--players N] [--level LEVEL] [--workers N] [--rated N]

1. **Whole games**, ``--games`` of each rule system: one person (who answers at once with a move of the prompt, in
   turn the first, the second...) and ``--players - 1`` computers at ``--level``, thinking in ``--workers`` worker
   processes (warmed first), through the service on a SQLite file, every result made in the background listened to.
2. **A leaderboard** over ``--rated`` finished games of one server: the first read after the upgrade (every game
   folded in) and a read with nothing new (benchmarks.ratings fills the database).
3. **A replay** of a six-player dice-combat game (the slowest to draw), built by the bot's worker (bot.replays).

Meanwhile a task that asks to run every millisecond measures the longest the loop went without running it; each
part prints that and how many pauses were over 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchmarks import machine
from benchmarks.ratings import SERVER, fill
from bot.replays import Replays
from computer_players.simple import first_legal
from game_service import ActionResult, GameService
from game_service.computers import LEVELS
from game_service.storage import open_repository
from renderer.animation import phase_boards
from rules_core.registry import RULESETS
from tests.bot.fakes import WATCH_TASK
from texts.board_labels import board_labels

#: A pause longer than this is a stall (issue 33's bound).
STALL = 0.050


class Watch:
    """The loop's pauses while it runs: each gap between two runs of a task that asks to run every millisecond."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Watch:
        self._task = asyncio.create_task(self._tick(), name=WATCH_TASK)
        await asyncio.sleep(0.01)
        return self

    async def __aexit__(self, *_: object) -> None:
        self._stop.set()
        assert self._task is not None
        await self._task

    async def _tick(self) -> None:
        last = time.perf_counter()
        while not self._stop.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            self.pauses.append(now - last)
            last = now

    def line(self, label: str, seconds: float) -> str:
        stalls = sum(1 for p in self.pauses if p > STALL)
        return (f"{label}: {seconds:.1f} s; longest loop pause {max(self.pauses) * 1000:.1f} ms, "
                f"{stalls} of {len(self.pauses)} over {STALL * 1000:.0f} ms")  # fmt: skip


async def whole_game(service: GameService, ruleset: str, players: int, level: str, seed: int) -> int:
    """A whole game of one person and computers, to its end; its number of moves."""
    channel = f"{ruleset}-{seed}"
    await service.create_game(channel_id=channel, host_id="person", host_name="Person", ruleset=ruleset)
    for number in range(1, players):
        await service.add_computer(channel_id=channel, actor_id="person", name=f"Computer {number}", level=level)
    started = await service.start(channel_id=channel, actor_id="person", seed=seed)
    answered = 0
    while True:
        await service.idle(game_id=started.game_id)
        info = await service.game_info(game_id=started.game_id)
        if info.status != "running":
            return info.version
        seat = await service.prompt(channel_id=channel, user_id="person", game_id=started.game_id)
        assert seat.prompt is not None, "the game waits for nobody"
        answered += 1
        action = seat.prompt.actions[answered % len(seat.prompt.actions)]
        await service.submit(channel_id=channel, user_id="person", action=action,
                             expected_version=seat.prompt.decision.since_version, game_id=started.game_id)  # fmt: skip


async def games_part(folder: Path, args: argparse.Namespace) -> None:
    heard: list[ActionResult] = []

    async def listener(result: ActionResult) -> None:
        heard.append(result)

    async with await GameService.open(database=folder / "games.db", computer_workers=args.workers) as service:
        service.listen(listener)
        await service.warm_up()
        for ruleset in RULESETS:
            began = time.perf_counter()
            moves = 0
            async with Watch() as watch:
                for seed in range(args.games):
                    moves += await whole_game(service, ruleset, args.players, args.level, seed)
            print(watch.line(f"{ruleset}: {args.games} games, {moves} moves", time.perf_counter() - began), flush=True)


async def leaderboard_part(folder: Path, args: argparse.Namespace) -> None:
    url = str(folder / "rated.db")
    repo = await open_repository(url)
    try:
        await fill(repo, args.rated, 4, 200, 20)
    finally:
        await repo.close()
    async with await GameService.open(database=url, computer_policy=first_legal) as service:
        for label in ("first read (every game folded in)", "read with nothing new"):
            await timed(f"leaderboard over {args.rated} games, {label}", lambda: service.ratings(server_id=SERVER))


async def replay_part(folder: Path) -> None:
    async with await GameService.open(database=folder / "replay.db", computer_policy=first_legal) as service:
        await service.create_game(channel_id="r", host_id="person", host_name="Person", ruleset="dice_combat")
        for number in range(1, 6):
            await service.add_computer(channel_id="r", actor_id="person", name=f"Computer {number}", level="easy")
        started = await service.start(channel_id="r", actor_id="person", seed=7)
        while (info := await service.game_info(game_id=started.game_id)).status == "running":
            seat = await service.prompt(channel_id="r", user_id="person", game_id=started.game_id)
            if seat.prompt is None:
                await service.idle(game_id=started.game_id)
                continue
            since = seat.prompt.decision.since_version
            await service.submit(channel_id="r", user_id="person", action=seat.prompt.actions[-1],
                                 expected_version=since, game_id=started.game_id)  # fmt: skip
        history = await service.history(game_id=info.game_id)
    boards = phase_boards([e.public_view for e in history.entries if e.public_view is not None])
    replays = Replays()
    try:
        labels = board_labels("en", "dice_combat")
        await timed(
            f"replay of a six-player dice-combat game ({len(boards)} boards)",
            lambda: replays.replay(info.game_id, "en", boards, labels, 10 * 1024 * 1024),
        )
    finally:
        replays.close()


async def timed(label: str, call: Callable[[], Awaitable[Any]]) -> None:
    began = time.perf_counter()
    async with Watch() as watch:
        await call()
    print(watch.line(label, time.perf_counter() - began), flush=True)


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="stalls") as folder:
        await games_part(Path(folder), args)
        await leaderboard_part(Path(folder), args)
        await replay_part(Path(folder))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1, help="whole games of each rule system")
    parser.add_argument("--players", type=int, default=4, help="seats: one person, the others computers")
    parser.add_argument("--level", choices=sorted(LEVELS), default="normal", help="the computers' level")
    parser.add_argument("--workers", type=int, default=2, help="the computers' worker processes")
    parser.add_argument("--rated", type=int, default=10_000, help="finished games the leaderboard reads")
    args = parser.parse_args()
    print(machine())
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
