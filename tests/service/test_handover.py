"""A seat's handover to a computer (a third missed deadline, a carried replace-vote) is one transaction with what
caused it: a process killed with SIGKILL right after its first write leaves the handover done, never half done
(the timeout played but the seat still the player's, or the vote recorded as carried but the seat not handed)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from computer_players.simple import first_legal
from game_service import GameService, TimedOut
from tests.service.helpers import Database, FakeClock, killed_when_written
from tests.toy.rules import RULES


async def move(service: GameService, user: str) -> None:
    legal = await service.legal_actions(channel_id="c", user_id=user)
    await service.submit(channel_id="c", user_id=user, action=legal.actions[0], expected_version=legal.version)


async def two_missed_deadlines(service: GameService, clock: FakeClock) -> datetime:
    """Seat 0 plays every decision, seat 1 lets two deadlines pass; returns a moment past seat 1's third (in a game
    of three rounds, so that it is not the game's last decision)."""
    await service.create_game(ruleset="toy", channel_id="c", host_id="a", host_name="A",
                              settings={"decision_time": "1h", "reminders": [], "strikes": 3},
                              options={"rounds": 3})  # fmt: skip
    await service.join(channel_id="c", user_id="b", user_name="B")
    await service.start(channel_id="c", actor_id="a", seed=7)
    missed = 0
    for _ in range(50):
        info = await service.game_info(channel_id="c")
        owing = {d.user_id: d for d in info.to_decide}
        if "a" in owing:
            await move(service, "a")
            continue
        due = owing["b"].due_at
        assert due is not None
        if missed == 2:
            return due + timedelta(seconds=1)
        clock.now = due + timedelta(seconds=1)
        (work,) = await service.run_due()
        assert isinstance(work, TimedOut) and work.seat == 1 and not work.handed_over
        missed = work.missed
    raise AssertionError("seat 1 never owed a third decision alone")


async def test_a_third_missed_deadline_and_its_handover_are_one_write(database: Database, clock: FakeClock) -> None:
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        after_third = await two_missed_deadlines(service, clock)
        before = await service.game_info(channel_id="c")
    killed_when_written(database, after_third, "due")
    clock.now = after_third + timedelta(minutes=1)
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        info = await service.game_info(channel_id="c")
        assert info.version == before.version + 1, "the timeout was written"
        assert info.players[1].is_computer and info.players[1].user_id is None, "and the seat handed over with it"
        history = await service.history(game_id=info.game_id)
        timeouts = [e for e in history.entries if e.kind == "action" and e.played_by == "timeout"]
        assert len(timeouts) == 3 and timeouts[-1].user_id == "b"
        notes = [(e.kind, e.version, e.seat) for e in history.entries if e.kind in ("timed_out", "seat_to_computer")]
        assert notes == [("timed_out", info.version, 1), ("seat_to_computer", info.version, 1)]
        # The computer that took the seat moves once the process is back (it was killed before it could).
        await service.resume_computer_turns()
        await service.idle()
        assert not any(d.is_computer for d in (await service.game_info(channel_id="c")).to_decide)


async def test_a_carried_replace_vote_and_its_handover_are_one_write(database: Database, clock: FakeClock) -> None:
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        await service.create_game(
            ruleset="toy", channel_id="c", host_id="a", host_name="A", settings={"decision_time": "1d"}
        )
        for user in ("b", "c"):
            await service.join(channel_id="c", user_id=user, user_name=user.upper())
        await service.start(channel_id="c", actor_id="a", seed=3)
        first = await service.vote(channel_id="c", user_id="a", kind="replace", seat=2)
        assert not first.carried and first.needed == 2
    killed_when_written(database, clock.now + timedelta(minutes=1), "vote", "b", "2")
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        info = await service.game_info(channel_id="c")
        assert info.players[2].is_computer and info.players[2].user_id is None
        history = await service.history(game_id=info.game_id)
        votes = [e.detail for e in history.entries if e.kind == "voted"]
        assert [(v["votes"], v["needed"]) for v in votes] == [(1, 2), (2, 2)]
        assert [e.kind for e in history.entries if e.kind in ("voted_out", "seat_to_computer")] == [
            "voted_out",
            "seat_to_computer",
        ]


async def state_on_disk(database: Database, game_id: int) -> Any:
    """The game's state replayed from the stored log, by the rules alone."""
    games, seats, actions = await database.fetch_each([
        ("SELECT seed, options FROM games WHERE id = ?", (game_id,)),
        ("SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)),
        ("SELECT action FROM actions WHERE game_id = ? ORDER BY version", (game_id,)),
    ])  # fmt: skip
    ((seed, options),) = games
    log = [RULES.load_action(json.loads(a)) for (a,) in actions]
    return RULES.replay(players=[n for (n,) in seats], options=json.loads(options), seed=seed, actions=log)


async def comes_to_a_last_decision(service: GameService, database: Database, seed: int) -> bool:
    """Play a new game in channel "c" until one person owes a decision whose timeout would end it (True), or
    until it ends without one (False)."""
    await service.create_game(
        ruleset="toy", channel_id="c", host_id="a", host_name="A", settings={"decision_time": "1h"}
    )
    await service.join(channel_id="c", user_id="b", user_name="B")
    await service.start(channel_id="c", actor_id="a", seed=seed)
    for _ in range(5000):
        info = await service.game_info(game_id=(await service.recent_games(channel_id="c", limit=1))[0].game_id)
        if info.status != "running":
            return False
        state = await state_on_disk(database, info.game_id)
        owed = [d for d in info.to_decide if d.user_id is not None]
        if len(owed) == 1:
            after, _ = RULES.apply(state, RULES.timeout_action(state, owed[0].seat))
            if RULES.outcome(after) is not None:
                return True
        await move(service, owed[0].user_id or "")
    raise AssertionError("the game did not end")


async def test_a_last_missed_deadline_that_ends_the_game_is_told_not_lost(database: Database, clock: FakeClock) -> None:
    """The strike that would hand the seat over ends the game instead: there is nothing left to hand over, and
    the timeout and the game's end are reported like any other."""
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        # A game whose last decision is a person's (in some, the last moves are forced and nobody decides them).
        for seed in range(2, 20):
            if await comes_to_a_last_decision(service, database, seed):
                break
        else:
            raise AssertionError("no game came to a last decision")
        await service.change_settings(channel_id="c", actor_id="a", settings={"strikes": 1})
        info = await service.game_info(channel_id="c")
        due = info.to_decide[0].due_at
        assert due is not None
        clock.now = due + timedelta(seconds=1)
        (work,) = await service.run_due()
        assert isinstance(work, TimedOut) and work.missed == 1 and work.strikes == 1 and not work.handed_over
        assert work.result.status == "finished" and work.result.outcome is not None
        info = await service.game_info(game_id=info.game_id)
        assert info.status == "finished" and not any(p.is_computer for p in info.players)
