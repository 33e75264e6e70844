"""The process the crash test kills: plays games through the service and reports every committed action.

Usage: python -m tests.service.crash_worker DATABASE SEED

Prints ``ready`` once the database is open, then ``ack GAME VERSION`` for every action the service acknowledged
(so committed), flushing each line. Several channels play at once, so commits of different games share groups;
several workers may play the same channels on one PostgreSQL database, each refused whatever another did first.
On a restart it resumes where the file says it is: computer turns first, then each channel's lobby or game. The
computers' moves and B's autopilot's (B leaves their picks to it), made in the background, are acknowledged as the
service tells them to its listener.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time

from computer_players.simple import first_legal
from game_service import ActionResult, GameService, NoGameHere
from rules_core.errors import Refusal
from tests.toy import registered

CHANNELS = 4
#: A safety net: the test kills the worker long before this.
RUN_SECONDS = 60.0


def ack(result: ActionResult) -> None:
    for step in result.steps:
        sys.stdout.write(f"ack {result.game_id} {step.version}\n")
    sys.stdout.flush()


async def heard(result: ActionResult) -> None:
    """The computers' moves, made in the background, are acknowledged when the service tells them."""
    ack(result)


async def play_channel(service: GameService, channel: str, chooser: random.Random, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            await play_step(service, channel, chooser)
        except Refusal:
            # Another worker on the same database moved first (a stale version, a lobby already there).
            await asyncio.sleep(0)


async def play_step(service: GameService, channel: str, chooser: random.Random) -> None:
    humans = [f"{channel}-a", f"{channel}-b"]
    try:
        info = await service.game_info(channel_id=channel)
    except NoGameHere:
        await service.create_game(ruleset="toy", channel_id=channel, host_id=humans[0], host_name="A")
        return
    if info.status == "lobby":
        seated = {p.user_id for p in info.players}
        if humans[1] not in seated:
            await service.join(channel_id=channel, user_id=humans[1], user_name="B")
        elif not any(p.is_computer for p in info.players):
            await service.add_computer(channel_id=channel, actor_id=humans[0], name="Computer 1")
        else:
            started = await service.start(channel_id=channel, actor_id=humans[0], seed=chooser.randrange(1000))
            ack(started)
            # B leaves their picks to the autopilot: its moves too are made in the background.
            await service.autopilot(game_id=started.game_id, user_id=humans[1], decision_kind="pick", on=True)
        return
    waiting = [d.user_id for d in info.to_decide if d.user_id is not None]
    if not waiting:
        # Only computers owe a move: they make it in the background (the resume at start-up, after a kill).
        await service.idle(game_id=info.game_id)
        await asyncio.sleep(0)
        return
    user = chooser.choice(waiting)
    legal = await service.legal_actions(channel_id=channel, user_id=user)
    if not legal.actions:
        return  # another worker made this decision since we looked
    action = chooser.choice(legal.actions)
    ack(await service.submit(channel_id=channel, user_id=user, action=action, expected_version=legal.version))


async def main(database: str, seed: int) -> None:
    chooser = random.Random(seed)
    with registered():
        await play(database, chooser)


async def play(database: str, chooser: random.Random) -> None:
    async with await GameService.open(database=database, computer_policy=first_legal) as service:
        service.listen(heard)
        sys.stdout.write("ready\n")
        sys.stdout.flush()
        for result in await service.resume_computer_turns():
            ack(result)
        deadline = time.monotonic() + RUN_SECONDS
        await asyncio.gather(
            *(play_channel(service, f"crash-{i}", random.Random(chooser.random()), deadline) for i in range(CHANNELS))
        )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
