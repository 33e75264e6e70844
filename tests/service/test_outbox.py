"""Reminders are delivered at least once: ``run_due`` hands each out with an outbox id and a lease; the front end
confirms it with ``delivered`` once the player got it. An unconfirmed reminder is handed out again after the lease
(never lost when the process dies between claiming and confirming), never to two schedulers at once, and dropped
once its decision is made."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from computer_players.simple import first_legal
from game_service import GameService, Reminder
from game_service.slow import REMINDER_LEASE
from tests.service.helpers import Database, FakeClock, killed_when_written

SETTINGS = {"decision_time": "24h", "reminders": ["50%"]}


async def game_with_a_reminder_due(service: GameService, clock: FakeClock) -> None:
    """Two players owe their secret picks; the clock is at half their time (one reminder each)."""
    await service.create_game(ruleset="toy", channel_id="c", host_id="a", host_name="A", settings=SETTINGS)
    await service.join(channel_id="c", user_id="b", user_name="B")
    await service.start(channel_id="c", actor_id="a", seed=7)
    clock.now += timedelta(hours=12, minutes=1)


def reminders(work: tuple[object, ...]) -> list[Reminder]:
    assert all(isinstance(w, Reminder) for w in work), work
    return [w for w in work if isinstance(w, Reminder)]


async def test_an_unconfirmed_reminder_comes_again_after_its_lease_and_a_confirmed_one_never(
    service: GameService, clock: FakeClock
) -> None:
    await game_with_a_reminder_due(service, clock)
    first = reminders(await service.run_due())
    assert sorted(r.user_id for r in first) == ["a", "b"] and len({r.outbox_id for r in first}) == 2
    clock.now += REMINDER_LEASE - timedelta(seconds=5)
    assert await service.run_due() == (), "held by whoever took it, until its lease runs out"
    await service.delivered(outbox_id=next(r.outbox_id for r in first if r.user_id == "a"))
    clock.now += timedelta(seconds=10)
    again = reminders(await service.run_due())
    assert [(r.user_id, r.outbox_id, r.kind, r.due_at) for r in again] == [
        (r.user_id, r.outbox_id, r.kind, r.due_at) for r in first if r.user_id == "b"
    ]
    await service.delivered(outbox_id=again[0].outbox_id)
    await service.delivered(outbox_id=again[0].outbox_id)  # twice changes nothing
    clock.now += 3 * REMINDER_LEASE
    assert await service.run_due() == ()


async def test_a_reminder_whose_decision_was_made_is_dropped(service: GameService, clock: FakeClock) -> None:
    await game_with_a_reminder_due(service, clock)
    first = reminders(await service.run_due())
    legal = await service.legal_actions(channel_id="c", user_id="b")
    await service.submit(channel_id="c", user_id="b", action=legal.actions[0], expected_version=legal.version)
    clock.now += REMINDER_LEASE + timedelta(seconds=1)
    again = reminders(await service.run_due())
    assert [r.user_id for r in again] == ["a"] and again[0].outbox_id in {r.outbox_id for r in first}


async def test_a_paused_games_reminder_waits_for_the_resume(service: GameService, clock: FakeClock) -> None:
    await game_with_a_reminder_due(service, clock)
    first = reminders(await service.run_due())
    await service.pause(channel_id="c", actor_id="a")
    clock.now += REMINDER_LEASE + timedelta(seconds=1)
    assert await service.run_due() == ()
    await service.resume(channel_id="c", actor_id="a")
    again = reminders(await service.run_due())
    assert sorted(r.outbox_id for r in again) == sorted(r.outbox_id for r in first)
    assert all(r.due_at > clock.now for r in again), "with the deadline as it now is"


async def test_two_schedulers_on_one_file_never_both_hold_a_reminder(database: Database) -> None:
    clock = FakeClock()
    async with (
        await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as one,
        await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as two,
    ):
        await game_with_a_reminder_due(one, clock)
        handed = await asyncio.gather(one.run_due(), two.run_due(), one.run_due(), two.run_due())
        ids = [r.outbox_id for work in handed for r in reminders(work)]
        assert len(ids) == 2 == len(set(ids))
        clock.now += REMINDER_LEASE + timedelta(seconds=1)
        handed = await asyncio.gather(two.run_due(), one.run_due(), two.run_due(), one.run_due())
        again = [r.outbox_id for work in handed for r in reminders(work)]
        assert sorted(again) == sorted(ids), "each handed out again once, to one scheduler"


async def test_a_reminder_claimed_by_a_killed_process_is_handed_out_again(database: Database) -> None:
    clock = FakeClock()
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        await game_with_a_reminder_due(service, clock)
    lines = killed_when_written(database, clock.now, "remind")
    claimed = sorted(int(line.split()[1]) for line in lines)
    assert len(claimed) == 2
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        assert await service.run_due() == (), "not before the dead process's lease ran out"
        clock.now += REMINDER_LEASE + timedelta(seconds=1)
        again = reminders(await service.run_due())
        assert sorted(r.outbox_id for r in again) == claimed
        for reminder in again:
            await service.delivered(outbox_id=reminder.outbox_id)
        clock.now += 2 * REMINDER_LEASE
        assert await service.run_due() == ()
