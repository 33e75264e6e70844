"""Property: a slow game left to itself always moves on. Whatever players, the host and the clock did before
(moves, waits, pauses, extensions, votes, leaving), once at most one player still answers, the deadlines alone
bring the game to an end: played to the finish when one player answers, abandoned when nobody does. Meanwhile
every decision a human owes has a deadline (and the scheduler knows the earliest) unless the game is paused, and
the log still replays."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from computer_players.simple import first_legal
from game_service import GameService
from rules_core.errors import Refusal
from tests.service.helpers import Database, FakeClock

OPERATIONS = ("move", "move", "move", "wait", "pause", "resume", "extend", "vote_replace", "vote_end", "leave")
STEPS = st.lists(st.tuples(st.sampled_from(OPERATIONS), st.integers(0, 2**16)), max_size=30)
SLOW = {"decision_time": "1h", "reminders": ["50%"], "strikes": 2}
#: Enough steps to end any game: silent seats give way after two missed deadlines, then computers play.
MAX_STEPS = 2000


async def check_deadlines(service: GameService, game_id: int) -> None:
    await service.idle()
    info = await service.game_info(game_id=game_id)
    if info.status != "running":
        return
    humans = [d for d in info.to_decide if not d.is_computer]
    assert humans, "a running game always waits for a human (computers never keep a decision)"
    if info.paused:
        assert all(d.due_at is None for d in humans)
    else:
        assert all(d.due_at is not None for d in humans), "a human's decision without a deadline"
        next_due = await service.next_due()
        assert next_due is not None and next_due <= min(d.due_at for d in humans if d.due_at is not None)


async def act(service: GameService, clock: FakeClock, users: list[str], operation: str, pick: int) -> None:
    chooser = random.Random(pick)
    info = await service.game_info(channel_id="c")
    seated = [p.user_id for p in info.players if p.user_id is not None]
    user = seated[pick % len(seated)] if seated else users[0]
    if operation == "move":
        owing = [d.user_id for d in info.to_decide if d.user_id is not None]
        if not owing:
            return
        mover = owing[pick % len(owing)]
        legal = await service.legal_actions(channel_id="c", user_id=mover)
        action = chooser.choice(legal.actions)
        await service.submit(channel_id="c", user_id=mover, action=action, expected_version=legal.version)
    elif operation == "wait":
        clock.now += timedelta(minutes=pick % 180)
        await service.run_due()
    elif operation == "pause":
        await service.pause(channel_id="c", actor_id=info.host_id)
    elif operation == "resume":
        await service.resume(channel_id="c", actor_id=info.host_id)
    elif operation == "extend":
        await service.extend(channel_id="c", actor_id=info.host_id, by=timedelta(minutes=1 + pick % 600))
    elif operation == "vote_replace":
        silent = [d.seat for d in info.to_decide if d.user_id is not None and d.user_id != user]
        if silent:
            await service.vote(channel_id="c", user_id=user, kind="replace", seat=silent[pick % len(silent)])
    elif operation == "vote_end":
        await service.vote(channel_id="c", user_id=user, kind="end")
    else:
        await service.leave(channel_id="c", user_id=user)


async def scenario(database: Database, steps: list[tuple[str, int]], humans: int, seed: int) -> None:
    clock = FakeClock()
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        users = [f"u{i}" for i in range(humans)]
        await service.create_game(ruleset="toy", channel_id="c", host_id=users[0], host_name="P0", settings=SLOW)
        for index, user in enumerate(users[1:], start=1):
            await service.join(channel_id="c", user_id=user, user_name=f"P{index}")
        started = await service.start(channel_id="c", actor_id=users[0], seed=seed)
        game_id = started.game_id
        for operation, pick in steps:
            await service.idle()
            if (await service.game_info(game_id=game_id)).status != "running":
                break
            # Refused input changes nothing: the checks below hold either way.
            with contextlib.suppress(Refusal):
                await act(service, clock, users, operation, pick)
            await check_deadlines(service, game_id)
        await service.idle()
        info = await service.game_info(game_id=game_id)
        if info.status == "running" and info.paused:
            await service.resume(channel_id="c", actor_id=info.host_id)
        # From now on one player (if any is left) answers at once, and everybody else stays silent.
        stayer = next((p.user_id for p in info.players if p.user_id is not None), None)
        for _ in range(MAX_STEPS):
            await service.idle()
            info = await service.game_info(game_id=game_id)
            if info.status != "running":
                break
            await check_deadlines(service, game_id)
            if stayer is not None and any(d.user_id == stayer for d in info.to_decide):
                legal = await service.legal_actions(channel_id="c", user_id=stayer)
                await service.submit(channel_id="c", user_id=stayer, action=legal.actions[0],
                                     expected_version=legal.version)  # fmt: skip
            else:
                clock.now += timedelta(hours=1, seconds=1)
                await service.run_due()
        info = await service.game_info(game_id=game_id)
        assert info.status in ("finished", "abandoned"), "the game stalled"
        if stayer is not None and info.status == "abandoned":
            notes = [e for e in (await service.history(game_id=game_id)).entries if e.kind == "abandoned"]
            assert notes and notes[0].detail.get("reason") == "vote", "a game with a player left ended early"
        history = await service.history(game_id=game_id)  # replays the whole log, or raises
        versions = [e.version for e in history.entries if e.kind == "action"]
        assert versions == list(range(1, len(versions) + 1))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS, humans=st.integers(2, 4), seed=st.integers(0, 2**62))
def test_a_slow_game_left_alone_always_reaches_its_end(
    new_database: Callable[[], Database], steps: list[tuple[str, int]], humans: int, seed: int
) -> None:
    asyncio.run(scenario(new_database(), steps, humans, seed))
