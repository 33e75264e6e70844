"""Slow games: deadlines, reminders, timeouts, strikes, pauses, extensions and catch-up, with a clock the tests
move by hand (no sleeping) and a real SQLite file."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from computer_players.simple import first_legal
from game_service import BadSettings, GameService, NotAPlayer, NotHost
from game_service.errors import (
    AlreadyComputer,
    AlreadyPaused,
    AlreadyVoted,
    BadExtension,
    CannotVoteOnSelf,
    NoDeadlines,
    NotPaused,
    NotSilent,
)
from game_service.results import DueWork, Reminder, TimedOut
from tests.service.helpers import Database, FakeClock

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
SLOW = {"decision_time": "24h", "reminders": ["50%", "1h"], "strikes": 3}


async def slow_game(
    service: GameService, channel: str = "c", humans: int = 2, settings: dict[str, Any] | None = None
) -> list[str]:
    """A started game of ``humans`` players with deadline ``settings`` (default: 24 h, reminders at 50% and 1 h), of
    five rounds: long enough that runs of missed deadlines and the computer that takes a seat still leave decisions
    to come."""
    users = [f"{channel}-u{i}" for i in range(humans)]
    await service.create_game(
        ruleset="toy", channel_id=channel, host_id=users[0], host_name="P0", settings=settings or SLOW,
        options={"rounds": 5},
    )  # fmt: skip
    for index, user in enumerate(users[1:], start=1):
        await service.join(channel_id=channel, user_id=user, user_name=f"P{index}")
    await service.start(channel_id=channel, actor_id=users[0], seed=7)
    return users


async def move(service: GameService, channel: str, user: str) -> None:
    legal = await service.legal_actions(channel_id=channel, user_id=user)
    await service.submit(channel_id=channel, user_id=user, action=legal.actions[0], expected_version=legal.version)


async def confirmed(service: GameService) -> tuple[DueWork, ...]:
    """``run_due``, confirming each reminder as a front end does once the player got it."""
    work = await service.run_due()
    for item in work:
        if isinstance(item, Reminder):
            await service.delivered(outbox_id=item.outbox_id)
    return work


async def timeouts_on_disk(database: Database) -> list[tuple[int, int]]:
    return await database.fetch("SELECT version, seat FROM actions WHERE kind = 'timeout' ORDER BY version")


# Settings.


@pytest.mark.parametrize(
    "settings, reason",
    [
        ({"decision_time": "1m"}, "decision_time_range"),
        ({"decision_time": "8d"}, "decision_time_range"),
        ({"decision_time": "soon"}, "bad_decision_time"),
        ({"decision_time": True}, "bad_decision_time"),
        ({"reminders": ["50%", "sometime"]}, "bad_reminders"),
        ({"reminders": ["0%"]}, "bad_reminders"),
        ({"reminders": ["1h"] * 6}, "bad_reminders"),
        ({"strikes": 0}, "bad_strikes"),
        ({"strikes": 11}, "bad_strikes"),
        ({"paused_at": "2026-01-01T00:00:00+00:00"}, "reserved"),
    ],
)
async def test_deadline_settings_out_of_range_are_refused_by_name(service, settings, reason):
    with pytest.raises(BadSettings) as refused:
        await service.create_game(ruleset="toy", channel_id="c", host_id="u0", host_name="P0", settings=settings)
    assert refused.value.params["reason"] == reason
    assert await service.recent_games(channel_id="c") == ()


async def test_deadline_settings_are_normalised(service):
    info = await service.create_game(ruleset="toy",
        channel_id="c", host_id="u0", host_name="P0",
        settings={"decision_time": "1d12h", "reminders": "50%, 90m", "strikes": 2},
    )  # fmt: skip
    assert info.settings == {"decision_time": 36 * 3600, "reminders": ["50%", "1h30m"], "strikes": 2}


async def test_each_owed_decision_gets_its_deadline_and_a_game_without_settings_has_none(service, clock):
    await slow_game(service)
    info = await service.game_info(channel_id="c")
    assert len(info.to_decide) == 2  # the secret pick: both at once
    for pending in info.to_decide:
        assert pending.due_at == pending.since + DAY
    await service.create_game(ruleset="toy", channel_id="hot-seat", host_id="x", host_name="X")
    await service.join(channel_id="hot-seat", user_id="y", user_name="Y")
    await service.start(channel_id="hot-seat", actor_id="x", seed=1)
    assert all(p.due_at is None for p in (await service.game_info(channel_id="hot-seat")).to_decide)
    assert await service.next_due() == info.to_decide[0].since + 12 * HOUR


# Reminders and timeouts.


async def test_reminders_come_at_their_points_once_each_then_the_timeout_plays_for_each_seat(service, clock, database):
    users = await slow_game(service)
    started = clock.now
    clock.now = started + 12 * HOUR - timedelta(minutes=1)
    assert await confirmed(service) == ()
    clock.now = started + 12 * HOUR
    first = await confirmed(service)
    assert [type(w) for w in first] == [Reminder, Reminder]
    assert {w.user_id for w in first} == set(users)
    assert all(w.kind == "pick" and w.due_at == started + DAY for w in first if isinstance(w, Reminder))
    assert await confirmed(service) == ()  # never twice
    clock.now = started + 23 * HOUR
    assert [type(w) for w in await confirmed(service)] == [Reminder, Reminder]
    assert await confirmed(service) == ()
    clock.now = started + DAY + timedelta(seconds=5)
    work = await confirmed(service)
    assert [type(w) for w in work] == [TimedOut, TimedOut]
    assert sorted(w.seat for w in work) == [0, 1]
    for item in work:
        assert isinstance(item, TimedOut)
        assert item.missed == 1 and not item.handed_over
        assert [step.played_by for step in item.result.steps] == ["timeout"]
    assert [seat for _, seat in await timeouts_on_disk(database)] == sorted(w.seat for w in work)
    assert await confirmed(service) == ()


async def test_a_decision_already_made_never_times_out(service, clock, database):
    users = await slow_game(service)
    started = clock.now
    await move(service, "c", users[0])
    clock.now = started + 2 * DAY
    work = await confirmed(service)
    assert [(type(w), w.seat) for w in work if isinstance(w, TimedOut)] == [(TimedOut, 1)]
    assert [seat for _, seat in await timeouts_on_disk(database)] == [1]


async def test_after_a_downtime_only_one_reminder_stands_for_the_points_that_passed(service, clock):
    await slow_game(service, humans=2, settings={"decision_time": "24h", "reminders": ["75%", "50%", "1h"]})
    started = clock.now
    clock.now = started + 13 * HOUR  # past 75% and 50% left
    assert [type(w) for w in await confirmed(service)] == [Reminder, Reminder]
    assert await confirmed(service) == ()
    info = await service.game_info(channel_id="c")
    assert await service.next_due() == min(p.due_at for p in info.to_decide if p.due_at) - HOUR
    clock.now = started + 23.5 * HOUR  # the last reminder goes out: only the deadlines are ahead
    assert [type(w) for w in await confirmed(service)] == [Reminder, Reminder]
    assert await service.next_due() == min(p.due_at for p in info.to_decide if p.due_at)


async def test_missed_deadlines_in_a_row_hand_the_seat_to_a_computer_and_a_move_resets_the_count(database, clock):
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        users = await slow_game(service, humans=2, settings={"decision_time": "1h", "strikes": 2})
        # Seat 0 plays every decision; seat 1 lets every deadline pass.
        handed_over = None
        for _ in range(20):
            info = await service.game_info(channel_id="c")
            while any(pending.user_id == users[0] for pending in info.to_decide):
                await move(service, "c", users[0])
                info = await service.game_info(channel_id="c")
            if any(p.user_id == users[1] for p in info.to_decide):
                clock.now = max(p.due_at for p in info.to_decide if p.due_at) + timedelta(seconds=1)
                for work in await confirmed(service):
                    assert isinstance(work, TimedOut) and work.seat == 1
                    if work.handed_over:
                        handed_over = work
            if handed_over is not None:
                break
        assert handed_over is not None and handed_over.missed == 2 and handed_over.strikes == 2
        await service.idle()
        info = await service.game_info(channel_id="c")
        assert info.players[1].is_computer and info.players[1].user_id is None
        assert all(not p.is_computer or p.seat != 1 for p in info.to_decide)  # the computer moved at once
        history = await service.history(game_id=info.game_id)
        kinds = [e.kind for e in history.entries]
        assert "timed_out" in kinds and "seat_to_computer" in kinds
        played_by = [e.played_by for e in history.entries if e.kind == "action" and e.seat == 1]
        assert played_by.count("timeout") == 2 and "computer" in played_by


async def test_a_players_own_move_breaks_the_run_of_missed_deadlines(service, clock):
    users = await slow_game(service, humans=2, settings={"decision_time": "1h", "strikes": 2})
    clock.now += 2 * HOUR
    first = await confirmed(service)  # both time out on the pick (1 missed each)
    assert {w.missed for w in first if isinstance(w, TimedOut)} == {1}
    # Seat 1 then makes a move of its own, and later misses one: the count starts again at 1.
    moved_by_seat_1 = False
    for _ in range(60):
        info = await service.game_info(channel_id="c")
        owing = {p.user_id for p in info.to_decide}
        if moved_by_seat_1 and users[1] in owing and users[0] not in owing:
            break
        mover = users[1] if users[1] in owing else users[0]
        await move(service, "c", mover)
        moved_by_seat_1 = moved_by_seat_1 or mover == users[1]
    info = await service.game_info(channel_id="c")
    assert moved_by_seat_1 and {p.user_id for p in info.to_decide} == {users[1]}
    clock.now = max(p.due_at for p in info.to_decide if p.due_at) + timedelta(seconds=1)
    work = [w for w in await confirmed(service) if isinstance(w, TimedOut)]
    assert work and work[0].seat == 1 and work[0].missed == 1 and not work[0].handed_over


# Pause, resume, extend, settings.


async def test_a_paused_game_neither_reminds_nor_times_out_and_resuming_gives_the_time_back(service, clock):
    users = await slow_game(service)
    before = {p.seat: p.due_at for p in (await service.game_info(channel_id="c")).to_decide}
    clock.now += 2 * HOUR
    with pytest.raises(NotHost):
        await service.pause(channel_id="c", actor_id=users[1])
    paused = await service.pause(channel_id="c", actor_id=users[0])
    assert paused.paused and all(p.due_at is None for p in paused.to_decide)
    with pytest.raises(AlreadyPaused):
        await service.pause(channel_id="c", actor_id=users[0])
    assert await service.next_due() is None
    pause_began = clock.now
    clock.now += 3 * DAY
    assert await confirmed(service) == ()
    resumed = await service.resume(channel_id="c", actor_id=users[0])
    length = clock.now - pause_began
    assert not resumed.paused
    for pending in resumed.to_decide:
        assert before[pending.seat] is not None
        assert pending.due_at == before[pending.seat] + length
    with pytest.raises(NotPaused):
        await service.resume(channel_id="c", actor_id=users[0])


async def test_the_host_extends_one_seats_deadline_or_everyones(service, clock):
    users = await slow_game(service)
    before = {p.seat: p.due_at for p in (await service.game_info(channel_id="c")).to_decide}
    info = await service.extend(channel_id="c", actor_id=users[0], by=2 * HOUR, seat=1)
    after = {p.seat: p.due_at for p in info.to_decide}
    assert after[0] == before[0] and after[1] == before[1] + 2 * HOUR
    info = await service.extend(channel_id="c", actor_id=users[0], by=HOUR)
    assert {p.seat: p.due_at for p in info.to_decide} == {0: before[0] + HOUR, 1: before[1] + 3 * HOUR}
    with pytest.raises(BadExtension):
        await service.extend(channel_id="c", actor_id=users[0], by=timedelta(seconds=10))
    with pytest.raises(NotHost):
        await service.extend(channel_id="c", actor_id=users[1], by=HOUR)
    await move(service, "c", users[0])
    with pytest.raises(NotSilent):
        await service.extend(channel_id="c", actor_id=users[0], by=HOUR, seat=0)
    # The extended deadline is the one that counts.
    clock.now = before[1] + 2 * HOUR
    assert not [w for w in await confirmed(service) if isinstance(w, TimedOut)]


async def test_extending_a_game_without_deadlines_is_refused(service):
    await service.create_game(ruleset="toy", channel_id="c", host_id="u0", host_name="P0")
    await service.join(channel_id="c", user_id="u1", user_name="P1")
    await service.start(channel_id="c", actor_id="u0", seed=1)
    with pytest.raises(NoDeadlines):
        await service.extend(channel_id="c", actor_id="u0", by=HOUR)


async def test_a_shorter_decision_time_applies_now_but_leaves_a_grace_of_five_minutes(service, clock):
    users = await slow_game(service)
    clock.now += 2 * HOUR
    info = await service.change_settings(channel_id="c", actor_id=users[0], settings={"decision_time": "30m"})
    now = clock.now
    for pending in info.to_decide:
        assert pending.due_at is not None and now < pending.due_at <= now + timedelta(minutes=5, seconds=2)
    info = await service.change_settings(channel_id="c", actor_id=users[0], settings={"decision_time": "3d"})
    for pending in info.to_decide:
        assert pending.due_at is not None and pending.due_at >= pending.since + 3 * DAY


# Restarts and races.


async def test_deadlines_that_passed_while_down_are_applied_in_order_at_start(database):
    clock = FakeClock()
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        await slow_game(service, "a", settings={"decision_time": "2h", "reminders": []})
        clock.now += HOUR
        await slow_game(service, "b", settings={"decision_time": "2h", "reminders": []})
    clock.now += 3 * DAY  # the bot was down
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        work = await confirmed(service)
        assert [w.channel_id for w in work] == ["a", "a", "b", "b"]  # oldest deadline first
        assert all(isinstance(w, TimedOut) for w in work)
        # What fell due by those moves has its whole time from now, so nothing cascades.
        for channel in ("a", "b"):
            for pending in (await service.game_info(channel_id=channel)).to_decide:
                assert pending.due_at is not None and pending.due_at > clock.now + timedelta(minutes=110)
        assert await confirmed(service) == ()


async def test_a_game_that_cannot_be_loaded_does_not_hold_up_the_others(database, caplog, monkeypatch):
    monkeypatch.setattr("game_service.slow.DUE_BATCH", 1)  # the broken game's item fills a whole batch
    clock = FakeClock()
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        broken = await slow_game(service, "a", settings={"decision_time": "1h", "reminders": []})
        await move(service, "a", broken[0])
        await slow_game(service, "b", settings={"decision_time": "1h", "reminders": []})
    # A log that no longer replays, and a snapshot that does not match it.
    await database.execute('UPDATE actions SET action = \'{"type": "Nonsense"}\' WHERE version = 1')
    await database.execute("UPDATE snapshots SET checksum = 'x'")
    clock.now += 2 * HOUR
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        work = await confirmed(service)
        assert [w.channel_id for w in work] == ["b", "b"], "the healthy game's deadlines were applied"
        assert "game 1" in caplog.text and "does not replay" in caplog.text
        assert await confirmed(service) == (), "the broken game is skipped, not retried within one poll"
    caplog.clear()


async def test_two_schedulers_over_one_file_fire_each_timeout_once(database):
    clock = FakeClock()
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as one:
        await slow_game(one, settings={"decision_time": "1h", "reminders": []})
        clock.now += 2 * HOUR
        async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as two:
            results = await asyncio.gather(one.run_due(), two.run_due(), one.run_due())
    fired = [w for batch in results for w in batch]
    assert sorted(w.seat for w in fired) == [0, 1]
    assert [seat for _, seat in sorted(await timeouts_on_disk(database))] == sorted(w.seat for w in fired)


async def test_a_move_made_through_another_process_after_the_deadline_is_not_timed_out(database):
    clock = FakeClock()
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as scheduler:
        users = await slow_game(scheduler, settings={"decision_time": "1h", "reminders": []})
        await scheduler.game_info(channel_id="c")  # the scheduler has the game cached
        clock.now += 2 * HOUR
        async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as other:
            await move(other, "c", users[0])  # late, but before the scheduler ran
        work = await confirmed(scheduler)
    assert [w.seat for w in work] == [1]
    assert [seat for _, seat in await timeouts_on_disk(database)] == [1]


# Votes.


async def test_a_majority_of_the_other_players_hands_a_silent_seat_to_a_computer(service, clock):
    users = await slow_game(service, humans=4)
    first = await service.vote(channel_id="c", user_id=users[0], kind="replace", seat=3)
    assert (first.votes, first.needed, first.carried) == (1, 2, False)
    with pytest.raises(AlreadyVoted):
        await service.vote(channel_id="c", user_id=users[0], kind="replace", seat=3)
    with pytest.raises(CannotVoteOnSelf):
        await service.vote(channel_id="c", user_id=users[3], kind="replace", seat=3)
    with pytest.raises(NotAPlayer):
        await service.vote(channel_id="c", user_id="stranger", kind="replace", seat=3)
    second = await service.vote(channel_id="c", user_id=users[1], kind="replace", seat=3)
    assert second.carried and second.info.players[3].is_computer
    # The computer that took the seat makes the pick it owed, in the background.
    assert second.played is None
    await service.idle()
    history = await service.history(game_id=second.info.game_id)
    assert [(e.seat, e.played_by) for e in history.entries if e.kind == "action"] == [(3, "computer")]
    with pytest.raises(AlreadyComputer):
        await service.vote(channel_id="c", user_id=users[2], kind="replace", seat=3)
    kinds = [e.kind for e in (await service.history(game_id=second.info.game_id)).entries]
    assert kinds.count("voted") == 2 and "voted_out" in kinds and "seat_to_computer" in kinds


async def test_a_vote_lapses_when_the_seat_moves(service):
    users = await slow_game(service, humans=3)
    vote = await service.vote(channel_id="c", user_id=users[0], kind="replace", seat=2)
    assert not vote.carried
    await move(service, "c", users[2])
    with pytest.raises(NotSilent):
        await service.vote(channel_id="c", user_id=users[1], kind="replace", seat=2)


async def test_every_player_must_agree_to_end_the_game(service, database):
    users = await slow_game(service, humans=3)
    assert not (await service.vote(channel_id="c", user_id=users[0], kind="end")).carried
    assert not (await service.vote(channel_id="c", user_id=users[1], kind="end")).carried
    last = await service.vote(channel_id="c", user_id=users[2], kind="end")
    assert last.carried and last.info.status == "abandoned" and (last.votes, last.needed) == (3, 3)
    assert await database.fetch("SELECT count(*) FROM votes") == [(0,)]
    assert await database.fetch("SELECT count(*) FROM decisions") == [(0,)]
