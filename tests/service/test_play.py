"""Playing through the service: seats, turns, versions, computers, events, concurrency, history, my_games (shown on
the toy game: its secret pick, its call, and the call that makes itself without challenges)."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from computer_players.registry import OFFERED_LEVELS
from computer_players.search import offered_levels, searches
from computer_players.simple import first_legal
from game_service import GameService, TimedOut
from game_service.computers import NoPolicy, PooledComputers
from rules_core.errors import Refusal
from rules_core.registry import RULESETS
from tests.service.helpers import (
    Crash,
    Database,
    FakeClock,
    caught_up,
    crashed_start,
    lobby,
    play_one,
    play_to_end,
    recorder,
)
from tests.toy.rules import RULES as TOY
from tests.toy.rules import Call, Pick, Resign, StonesDealt, ToySeat

#: The caller's pass, as a front end sends it (the service fills in the seat).
PASS = {"type": "Call", "challenge": False}
#: The rule systems whose computers search at the hard level (what worker processes are for). Workers are processes
#: of their own, which know the shipped rule systems only, not the toy game.
SEARCHING = [name for name in sorted(RULESETS) if "hard" in offered_levels(name) and searches(name, "hard")]


async def refused(code: str, call: Any) -> Refusal:
    with pytest.raises(Refusal) as caught:
        await call
    assert caught.value.code == code, caught.value
    return caught.value


async def two_humans_at_the_call(service: GameService) -> tuple[str, str, int]:
    """A two-human game past the secret picks: (the user whose turn it is to call, the other, the version)."""
    users = await lobby(service, "c", humans=2)
    result = await service.start(channel_id="c", actor_id=users[0], seed=7)
    while {d.kind for d in result.to_decide} == {"pick"}:
        result = await play_one(service, "c", result)
    assert [d.kind for d in result.to_decide] == ["call"]
    turn = result.waiting_for[0]
    other = next(u for u in users if u != turn)
    return turn, other, result.version


async def test_start_deals_private_hands_to_each_human_only(service: GameService) -> None:
    users = await lobby(service, "c", humans=2, computers=1)
    started = await service.start(channel_id="c", actor_id=users[0], seed=3)
    # The start answers at once; the computer makes its own pick in the background.
    assert sorted(started.waiting_for) == sorted(users) and started.steps == ()
    result = await caught_up(service, started)
    assert set(result.private_events) == set(users)
    for seat, user in enumerate(users):
        received = [e for e in result.private_events[user] if isinstance(e, StonesDealt)]
        assert len(received) == 1 and received[0].seat == seat and len(received[0].stones) > 0
    assert all(e.audience is None for e in result.public_events)
    # Both humans owe their secret pick; the computer already made its own.
    assert sorted(result.waiting_for) == sorted(users)
    assert [s.played_by for s in result.steps] == ["computer"]
    dealt = next(e for e in result.private_events[users[1]] if isinstance(e, StonesDealt))
    view = await service.private_view(channel_id="c", user_id=users[1])
    assert isinstance(view, ToySeat)
    assert view.seat == 1 and view.hand == tuple(sorted(dealt.stones))


async def test_someone_without_a_seat_is_refused(service: GameService) -> None:
    users = await lobby(service, "c", humans=2)
    await service.start(channel_id="c", actor_id=users[0], seed=1)
    await refused("not_a_player", service.submit(channel_id="c", user_id="x", action=Pick(0, 1), expected_version=0))
    await refused("not_a_player", service.legal_actions(channel_id="c", user_id="x"))
    await refused("not_a_player", service.private_view(channel_id="c", user_id="x"))


async def test_an_action_for_another_seat_is_refused(service: GameService) -> None:
    users = await lobby(service, "c", humans=2)
    await service.start(channel_id="c", actor_id=users[0], seed=1)
    legal = await service.legal_actions(channel_id="c", user_id=users[1])
    error = await refused(
        "not_your_seat",
        service.submit(channel_id="c", user_id=users[0], action=legal.actions[0], expected_version=legal.version),
    )
    assert error.params == {"seat": 1, "your_seat": 0}


async def test_playing_out_of_turn_is_refused_by_the_rules(service: GameService) -> None:
    turn, other, version = await two_humans_at_the_call(service)
    await refused("not_your_turn", service.submit(channel_id="c", user_id=other, action=PASS,
                                                  expected_version=version))  # fmt: skip
    # Nothing but resigning, which is open to every seat at any moment.
    legal = await service.legal_actions(channel_id="c", user_id=other)
    assert legal.actions == (Resign(legal.seat),)
    result = await service.submit(channel_id="c", user_id=turn, action=PASS, expected_version=version)
    assert result.version == version + 1
    assert result.steps[0].action == Call(result.steps[0].seat, False)


async def test_a_stale_version_is_refused_not_replayed(service: GameService) -> None:
    turn, _, version = await two_humans_at_the_call(service)
    for wrong in (version - 1, version + 1):
        error = await refused(
            "stale_version",
            service.submit(channel_id="c", user_id=turn, action=PASS, expected_version=wrong),
        )
        assert error.params["current"] == version and error.params["expected"] == wrong
    await service.submit(channel_id="c", user_id=turn, action=PASS, expected_version=version)


async def test_malformed_and_illegal_actions_are_refused(service: GameService) -> None:
    users = await lobby(service, "c", humans=2)
    await service.start(channel_id="c", actor_id=users[0], seed=1)
    await refused("malformed", service.submit(channel_id="c", user_id=users[0], action={"type": "Dance"},
                                              expected_version=0))  # fmt: skip
    await refused("not_an_action", service.submit(channel_id="c", user_id=users[0], action=42, expected_version=0))
    with pytest.raises(Refusal):  # a stone the seat does not hold
        await service.submit(channel_id="c", user_id=users[0], action=Pick(0, 10_000), expected_version=0)


async def test_refused_actions_leave_the_database_unchanged(service: GameService, database: Database) -> None:
    turn, other, version = await two_humans_at_the_call(service)
    before = await database.all_rows()
    for call in (
        service.submit(channel_id="c", user_id="x", action=PASS, expected_version=version),
        service.submit(channel_id="c", user_id=other, action=PASS, expected_version=version),
        service.submit(channel_id="c", user_id=turn, action=PASS, expected_version=version - 1),
        service.submit(channel_id="c", user_id=turn, action={"type": "Answer", "show": True},
                       expected_version=version),
        service.submit(channel_id="c", user_id=turn, action={**PASS, "seat": 5}, expected_version=version),
        service.start(channel_id="c", actor_id=turn),
    ):  # fmt: skip
        with pytest.raises(Refusal):
            await call
    assert await database.all_rows() == before
    # And nothing changed in memory either: the same request at the right version is accepted.
    result = await service.submit(channel_id="c", user_id=turn, action=PASS, expected_version=version)
    assert result.version == version + 1


async def test_concurrent_submits_to_one_game_have_one_winner_per_version(
    service: GameService, database: Database
) -> None:
    turn, _, version = await two_humans_at_the_call(service)
    legal = await service.legal_actions(channel_id="c", user_id=turn)
    outcomes = await asyncio.gather(
        *(
            service.submit(channel_id="c", user_id=turn, action=action, expected_version=version)
            for action in legal.actions[:8] * 2
        ),
        return_exceptions=True,
    )
    winners = [o for o in outcomes if not isinstance(o, BaseException)]
    losers = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(winners) == 1 and winners[0].version == version + 1
    assert all(isinstance(o, Refusal) and o.code == "stale_version" for o in losers)
    assert await database.fetch("SELECT count(*) FROM actions WHERE version = ?", version + 1) == [(1,)]


async def test_concurrent_games_play_to_the_end_independently(service: GameService, database: Database) -> None:
    channels = [f"ch{i}" for i in range(8)]

    async def one_game(channel: str, seed: int) -> int:
        users = await lobby(service, channel, humans=2, computers=1)
        result = await service.start(channel_id=channel, actor_id=users[0], seed=seed)
        result = await play_to_end(service, channel, result)
        assert result.status == "finished" and result.outcome is not None
        return result.version

    versions = await asyncio.gather(*(one_game(c, seed) for seed, c in enumerate(channels)))
    stored = dict(
        await database.fetch("SELECT g.channel_id, s.version FROM games g JOIN snapshots s ON s.game_id = g.id")
    )
    assert await database.fetch("SELECT count(*) FROM games WHERE status = 'finished'") == [(8,)]
    assert await database.fetch("SELECT count(*) FROM decisions") == [(0,)]
    assert [stored[c] for c in channels] == versions


async def test_a_whole_game_with_one_human_and_computers(service: GameService, database: Database) -> None:
    # Without challenges, each call makes itself: a computer's is logged as forced, not as the computer's choice.
    options = {"rounds": 4, "challenges": False}
    users = await lobby(service, "c", humans=1, computers=3, options=options)
    result = await caught_up(service, await service.start(channel_id="c", actor_id=users[0], seed=11))
    told = [step.public_events for step in result.steps]
    human_moves = 0
    while result.status == "running":
        assert result.waiting_for == (users[0],), "computers never leave a decision pending"
        assert all(not d.is_computer for d in result.to_decide)
        result = await play_one(service, "c", result)
        told.extend(step.public_events for step in result.steps)
        human_moves += 1
    assert result.outcome is not None and result.to_decide == ()
    info = await service.game_info(game_id=result.game_id)
    assert info.status == "finished" and info.finished_at is not None and info.outcome == result.outcome
    await refused("no_game_here", service.game_info(channel_id="c"))
    await refused("game_closed", service.submit(channel_id="c", user_id=users[0], action=PASS,
                                                expected_version=result.version, game_id=result.game_id))  # fmt: skip
    history = await service.history(game_id=result.game_id)
    actions = [e for e in history.entries if e.kind == "action"]
    assert [e.version for e in actions] == list(range(1, result.version + 1))
    assert sum(e.played_by == "player" for e in actions) == human_moves
    assert {e.played_by for e in actions if e.seat != 0} == {"computer", "forced"}
    assert all(e.user_id is None for e in actions if e.played_by == "computer")
    assert history.entries[-1].kind == "finished"
    final = await service.public_view(channel_id="c", game_id=result.game_id)
    assert final.outcome == result.outcome
    # Replaying the log tells each action's public events exactly as they were told live, and nothing private.
    assert [e.public_events for e in actions] == told
    assert all(event.audience is None for e in actions for event in e.public_events)
    assert actions[-1].public_view == final


async def test_leaving_a_running_game_hands_the_seat_to_a_computer(service: GameService) -> None:
    users = await lobby(service, "c", humans=3)
    result = await service.start(channel_id="c", actor_id=users[0], seed=5)
    left = await service.leave(channel_id="c", user_id=users[0])
    assert left.info.status == "running"
    assert left.info.players[0].is_computer and left.info.players[0].user_id is None
    assert left.info.players[0].name == "Host" and left.info.players[0].level == "normal"
    assert left.info.host_id == users[1]
    # The computer makes the secret pick the leaver owed, in the background.
    assert left.played is None
    await service.idle()
    assert (await service.game_info(game_id=result.game_id)).version == result.version + 1
    history = await service.history(game_id=result.game_id)
    handover = [e for e in history.entries if e.kind == "seat_to_computer"]
    assert len(handover) == 1 and handover[0].user_id == users[0] and handover[0].seat == 0
    kicked = await service.kick(channel_id="c", actor_id=users[1], target_id=users[2])
    assert kicked.info.players[2].is_computer
    await refused("already_started", service.kick(channel_id="c", actor_id=users[1], seat=0))
    # The last human leaving abandons the game rather than leave computers playing alone.
    last = await service.leave(channel_id="c", user_id=users[1])
    assert last.info.status == "abandoned"


async def test_my_games_lists_every_game_where_the_user_owes_a_decision(service: GameService) -> None:
    for channel in ("a", "b", "c"):
        await service.create_game(ruleset=TOY.name, channel_id=channel, host_id="me", host_name="Me")
        await service.join(channel_id=channel, user_id=f"{channel}-other", user_name="O")
    await service.start(channel_id="a", actor_id="me", seed=1)
    await service.start(channel_id="b", actor_id="me", seed=2)
    mine = await service.my_games(user_id="me")
    assert [(t.channel_id, t.kind, t.version, t.seat) for t in mine] == [
        ("a", "pick", 0, 0),
        ("b", "pick", 0, 0),
    ]
    legal = await service.legal_actions(channel_id="a", user_id="me")
    await service.submit(channel_id="a", user_id="me", action=legal.actions[0], expected_version=0)
    assert [t.channel_id for t in await service.my_games(user_id="me")] == ["b"]
    assert [t.channel_id for t in await service.my_games(user_id="a-other")] == ["a"]
    assert await service.my_games(user_id="stranger") == ()
    # Every running game the user plays, whoever owes the next decision; not lobbies, not closed games.
    assert [i.channel_id for i in await service.games_played(user_id="me")] == ["a", "b"]
    await service.abandon(channel_id="b", actor_id="me")
    assert [i.channel_id for i in await service.games_played(user_id="me")] == ["a"]
    assert [i.channel_id for i in await service.games_played(user_id="c-other")] == []
    assert await service.games_played(user_id="stranger") == ()


async def test_a_pending_decision_keeps_its_start_time_while_others_decide(service: GameService) -> None:
    users = await lobby(service, "c", humans=3)
    started = await service.start(channel_id="c", actor_id=users[0], seed=5)
    since = {d.seat: d.since for d in started.to_decide}
    result = await play_one(service, "c", started)
    assert {d.seat: d.since for d in result.to_decide} == {s: t for s, t in since.items() if s != result.steps[0].seat}


async def test_timeouts_play_the_rulesets_move_and_are_marked(service: GameService, clock: FakeClock) -> None:
    users = await lobby(service, "c", humans=2, computers=1)
    await service.change_settings(channel_id="c", actor_id=users[0], settings={"decision_time": "1h"})
    started = await service.start(channel_id="c", actor_id=users[0], seed=9)
    await service.idle()
    clock.now += timedelta(hours=2)
    (first, second) = [work for work in await service.run_due() if isinstance(work, TimedOut)]
    assert (first.seat, second.seat) == (0, 1)
    assert second.result.steps[0].played_by == "timeout" and second.result.steps[0].user_id == users[1]
    history = await service.history(game_id=started.game_id)
    kinds = [(e.seat, e.played_by) for e in history.entries if e.kind == "action"]
    assert kinds == [(2, "computer"), (0, "timeout"), (1, "timeout")]


async def test_json_actions_work_like_objects(service: GameService) -> None:
    users = await lobby(service, "c", humans=2)
    await service.start(channel_id="c", actor_id=users[0], seed=2)
    legal = await service.legal_actions(channel_id="c", user_id=users[0])
    stone = legal.actions[0].stone
    result = await service.submit(
        channel_id="c", user_id=users[0], action={"type": "Pick", "stone": stone}, expected_version=0
    )
    assert result.steps[0].action == Pick(0, stone)


async def test_a_button_of_an_old_game_cannot_act_on_the_new_one(service: GameService) -> None:
    users = await lobby(service, "c", humans=2)
    old = await service.start(channel_id="c", actor_id=users[0], seed=2)
    await service.abandon(channel_id="c", actor_id=users[0])
    await lobby(service, "c", humans=2)
    new = await service.start(channel_id="c", actor_id=users[0], seed=2)
    legal = await service.legal_actions(channel_id="c", user_id=users[0])
    await refused("game_closed", service.submit(channel_id="c", user_id=users[0], action=legal.actions[0],
                                                expected_version=0, game_id=old.game_id))  # fmt: skip
    await refused("no_game_here", service.submit(channel_id="other", user_id=users[0], action=legal.actions[0],
                                                 expected_version=0, game_id=new.game_id))  # fmt: skip
    await service.submit(channel_id="c", user_id=users[0], action=legal.actions[0], expected_version=0,
                         game_id=new.game_id)  # fmt: skip


async def test_computer_turns_left_by_a_crash_are_resumed(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    crashing = True

    def policy(ruleset: Any, view: Any, legal: Any) -> Any:
        if crashing:
            raise Crash
        return first_legal(ruleset, view, legal)

    async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as service:
        await crashed_start(service, "c", caplog)
        game_id = (await service.game_info(channel_id="c")).game_id
    crashing = False
    async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as service:
        heard = recorder(service)
        # No forced move was owed: the computer's pick is made in the background and told to the listeners.
        assert await service.resume_computer_turns() == []
        await service.idle()
        (result,) = heard.results[game_id]
        assert [s.played_by for s in result.steps] == ["computer"] and result.waiting_for == ("c-u0",)
        assert await service.resume_computer_turns() == []
        await service.idle()
        assert len(heard.results[game_id]) == 1


async def test_each_front_end_resumes_only_its_own_games(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """The console and the bot share one file: each resumes (and so can announce) only the computer turns of its
    own games, the console by its game's id, the bot by the shape of its channel ids."""
    crashing = True

    def policy(ruleset: Any, view: Any, legal: Any) -> Any:
        if crashing:
            raise Crash
        return first_legal(ruleset, view, legal)

    discord, console, kitchen = "112233445566778899", "console", "console:kitchen"
    async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as service:
        games = {}
        for channel in (discord, console, kitchen):
            await crashed_start(service, channel, caplog)
            games[channel] = (await service.game_info(channel_id=channel)).game_id
    crashing = False

    async def owed_by_computers() -> set[str]:
        async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as service:
            owing = set()
            for channel in (discord, console, kitchen):
                info = await service.game_info(channel_id=channel)
                if any(d.is_computer for d in info.to_decide):
                    owing.add(channel)
            return owing

    async def resumed_by(**caller: Any) -> list[str]:
        """The channels whose computer turns a front end resumed, as its listener heard them."""
        async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as service:
            heard = recorder(service)
            assert await service.resume_computer_turns(**caller) == []  # no forced move was owed
            await service.idle()
            return [r.channel_id for results in heard.results.values() for r in results]

    assert await resumed_by(game_id=games[kitchen]) == [kitchen]
    assert await owed_by_computers() == {discord, console}
    assert await resumed_by(channel_pattern="[0-9]+") == [discord]
    assert await resumed_by(channel_pattern="[0-9]+") == []
    assert await owed_by_computers() == {console}
    async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as console_side:
        await refused("bad_argument", console_side.resume_computer_turns(channel_pattern="("))
    assert await resumed_by(channel_pattern="console(:.*)?") == [console]
    assert await owed_by_computers() == set()


async def test_a_failing_or_cheating_policy_falls_back_to_the_timeout_move(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    calls = 0

    def policy(ruleset: Any, view: Any, legal: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise KeyError("bug")
        return Pick(view.seat, 10_000)  # a stone nobody holds

    async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as service:
        users = await lobby(service, "c", humans=1, computers=2)
        result = await caught_up(service, await service.start(channel_id="c", actor_id=users[0], seed=4))
        assert [s.played_by for s in result.steps] == ["computer", "computer"]
    messages = [r.getMessage() for r in caplog.records]
    assert any("player failed" in m for m in messages) and any("refused move" in m for m in messages)
    caplog.clear()  # the logged error was expected


@pytest.mark.parametrize("ruleset", SEARCHING)
async def test_computer_seats_think_in_worker_processes_while_other_games_go_on(
    db_path: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture, ruleset: str
) -> None:
    """The default computers search in a process pool, in the background: while a computer thinks for most of a
    second (in a worker warmed when the service started), the move that made its decision due has answered, another
    game's move goes through, every read of its own game answers, and the move it makes is a legal one from its
    own view. In each rule system whose computer searches (the workers know the shipped ones only)."""
    async with await GameService.open(database=db_path, clock=clock, computer_workers=1) as service:
        await service.warm_up()
        other = await lobby(service, "other", humans=2)
        other_result = await service.start(channel_id="other", actor_id=other[0], seed=2)
        users = await lobby(service, "c", humans=1, ruleset=ruleset)
        await service.add_computer(channel_id="c", actor_id=users[0], name="Deep", level="hard")
        result = await service.start(channel_id="c", actor_id=users[0], seed=4)
        # The person moves until the computer owes a decision (at the start, where they decide at once).
        for _ in range(100):
            if any(d.is_computer for d in result.to_decide):
                break
            legal = await service.legal_actions(channel_id="c", user_id=users[0])
            result = await service.submit(
                channel_id="c", user_id=users[0], action=legal.actions[0], expected_version=legal.version
            )
        assert "computer" not in {s.played_by for s in result.steps}
        moved = await service.submit(
            channel_id="other", user_id=other[0], action=(await service.legal_actions(channel_id="other",
            user_id=other[0])).actions[0], expected_version=other_result.version,
        )  # fmt: skip
        seat = await service.prompt(channel_id="c", user_id=users[0])
        view = await service.public_view(channel_id="c")
        # All of that answered while the computer was still thinking: it has not moved yet.
        assert (await service.game_info(channel_id="c")).version == result.version == view.version
        assert moved.version == other_result.version + 1 and seat.info.version == result.version
        after = await caught_up(service, result)
        assert after.steps[len(result.steps)].played_by == "computer"
    # The worker's move was taken, not the timeout move that replaces a failing or cheating computer's.
    assert not [r for r in caplog.records if r.name.startswith("game_service")]


async def test_a_computer_plays_at_the_level_it_was_seated_with(service: GameService) -> None:
    users = await lobby(service, "c", humans=1)
    info = await service.add_computer(channel_id="c", actor_id=users[0], name="Quick", level="easy")
    info = await service.add_computer(channel_id="c", actor_id=users[0], name="Usual")
    assert [(p.name, p.level) for p in info.players] == [("Host", None), ("Quick", "easy"), ("Usual", "normal")]
    wrong: Any
    for wrong in ("brutal", "", 3, "EASY"):
        refusal = await refused("unknown_level", service.add_computer(
            channel_id="c", actor_id=users[0], name="X", level=wrong))  # fmt: skip
        assert refusal.params["levels"] == ("easy", "normal", "hard")
    assert len((await service.game_info(channel_id="c")).players) == 3


@pytest.fixture
def toy_offers_easy_and_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game offers two levels, as a rule system whose middle level is not shown stronger than the one below
    it would (``computer_players.registry.OFFERED_LEVELS``)."""
    monkeypatch.setitem(OFFERED_LEVELS, TOY.name, ("easy", "hard"))


@pytest.mark.usefixtures("toy_offers_easy_and_hard")
async def test_a_computer_is_seated_only_at_a_level_its_rule_system_offers(service: GameService) -> None:
    users = await lobby(service, "c", humans=1)
    refusal = await refused("level_not_offered", service.add_computer(
        channel_id="c", actor_id=users[0], name="X", level="normal"))  # fmt: skip
    assert refusal.params == {"level": "normal", "levels": ("easy", "hard")}
    # Without a level, the service's (normal here) becomes the strongest the rule system offers below it.
    info = await service.add_computer(channel_id="c", actor_id=users[0], name="Usual")
    info = await service.add_computer(channel_id="c", actor_id=users[0], name="Deep", level="hard")
    assert [(p.name, p.level) for p in info.players] == [("Host", None), ("Usual", "easy"), ("Deep", "hard")]


@pytest.mark.usefixtures("toy_offers_easy_and_hard")
async def test_a_seat_handed_to_a_computer_plays_at_a_level_its_rule_system_offers(service: GameService) -> None:
    users = await lobby(service, "c", humans=2, computers=1)
    await service.start(channel_id="c", actor_id=users[0], seed=3)
    await service.leave(channel_id="c", user_id=users[1])
    info = await service.game_info(channel_id="c")
    assert [(p.name, p.is_computer, p.level) for p in info.players][1] == ("Player 1", True, "easy")


async def test_without_a_computer_player_for_the_rules_a_computer_seat_plays_the_timeout_move(
    database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = TOY
    state = rules.new_game(players=["a", "b"], options={}, seed=1)[0]
    view, legal = rules.seat_view(state, 0), rules.legal_actions(state, 0)
    monkeypatch.setattr("game_service.computers.has_policy", lambda ruleset: False)
    with pytest.raises(NoPolicy):
        await PooledComputers(1).move(rules, view, legal, level="normal", seed=1)
    async with await GameService.open(database=database.url, clock=clock) as service:
        users = await lobby(service, "c", humans=1, computers=1)
        result = await caught_up(service, await service.start(channel_id="c", actor_id=users[0], seed=1))
        (step,) = result.steps
        before = rules.new_game(players=["Host", "Computer 1"], options={}, seed=1)[0]
        assert step.played_by == "computer" and step.action == rules.timeout_action(before, 1)


async def test_a_naive_clock_is_rejected(database: Database) -> None:
    from datetime import datetime

    async with await GameService.open(database=database.url, clock=datetime.now) as service:
        with pytest.raises(ValueError):
            await service.create_game(ruleset=TOY.name, channel_id="c", host_id="h", host_name="H")


def test_results_are_frozen_plain_data() -> None:
    from game_service import ActionResult, GameInfo, HistoryEntry

    for cls in (ActionResult, GameInfo, HistoryEntry):
        assert dataclasses.is_dataclass(cls)
        assert getattr(cls, "__dataclass_params__").frozen  # noqa: B009


async def test_running_games_are_listed_for_the_callers_channels_at_their_versions(service: GameService) -> None:
    versions = {}
    for channel in ("11", "12", "console:kitchen"):
        users = await lobby(service, channel, humans=2)
        if channel == "12":
            # A front end's mark (the bot's tutorials: held by the process that receives DMs) is listed with it.
            await service.change_settings(channel_id=channel, actor_id=users[0], settings={"tutorial": True})
        versions[channel] = (await service.start(channel_id=channel, actor_id=users[0], seed=3)).version
    await lobby(service, "13", humans=2)  # a lobby is not running
    everything = await service.running_games()
    assert {(g.channel_id, g.version) for g in everything} == set(versions.items())
    assert {g.channel_id: g.settings.get("tutorial") for g in everything} == {
        "11": None,
        "12": True,
        "console:kitchen": None,
    }
    mine = await service.running_games(channel_pattern="[0-9]+")
    assert {g.channel_id for g in mine} == {"11", "12"}
    assert [g.channel_id for g in await service.running_games(channel_pattern="[0-9]+", channels=["12"])] == ["12"]
    await refused("bad_argument", service.running_games(channel_pattern="("))
