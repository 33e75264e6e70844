"""Integrity: nothing that would not replay is ever committed. Actions whose fields have types that Python's
equality lets pass (a stone 3.0, a seat True) are refused, whoever chose them: a player, the computer policy or
the rules' timeout move (shown on the toy game's secret pick); and every action the service accepts replays from the
log on a fresh service, in every rule system."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from computer_players.simple import first_legal
from game_service import GameService
from rules_core.engine import AnyRuleset
from rules_core.errors import MalformedInput, Refusal
from rules_core.registry import RULESETS, find_ruleset
from tests.service.helpers import Database, FakeClock, caught_up, lobby
from tests.toy.rules import RULES as TOY
from tests.toy.rules import Pick, Toy


def wrong(value: object) -> Any:
    """A value of a type the action does not take (the type checker would refuse it; a faulty caller may not)."""
    return value


async def malformed(call: Any) -> None:
    """Refused as no move of this game (the rules' MalformedInput: ``malformed`` or ``not_an_action``)."""
    with pytest.raises(MalformedInput):
        await call


async def secret_pick(service: GameService) -> tuple[list[str], Pick]:
    users = await lobby(service, "c", humans=2)
    await service.start(channel_id="c", actor_id=users[0], seed=5)
    legal = await service.legal_actions(channel_id="c", user_id=users[1])
    pick = legal.actions[0]
    assert isinstance(pick, Pick)
    return users, pick


async def test_a_stone_given_as_a_float_is_refused(service: GameService, database: Database) -> None:
    users, pick = await secret_pick(service)
    before = await database.all_rows()
    as_float = dataclasses.replace(pick, stone=wrong(float(pick.stone)))
    assert as_float == pick  # what Python's equality lets through
    for action in (as_float, {"type": "Pick", "stone": float(pick.stone)}):
        await malformed(service.submit(channel_id="c", user_id=users[1], action=action, expected_version=0))
    assert await database.all_rows() == before


async def test_a_seat_given_as_true_is_refused(service: GameService, database: Database) -> None:
    users, pick = await secret_pick(service)
    before = await database.all_rows()
    as_bool = dataclasses.replace(pick, seat=True)
    assert as_bool == pick
    for action in (as_bool, {"type": "Pick", "seat": True, "stone": pick.stone}):
        await malformed(service.submit(channel_id="c", user_id=users[1], action=action, expected_version=0))
    assert await database.all_rows() == before
    result = await service.submit(channel_id="c", user_id=users[1], action=pick, expected_version=0)
    assert result.steps[0].action == pick


@pytest.fixture
def faulty_timeouts(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Toy.timeout_action

    def faulty(self: Toy, state: Any, seat: int) -> Any:
        move = original(self, state, seat)
        return dataclasses.replace(move, stone=wrong(float(move.stone))) if isinstance(move, Pick) else move

    monkeypatch.setattr(Toy, "timeout_action", faulty)


@pytest.mark.usefixtures("faulty_timeouts")
async def test_an_inexact_timeout_move_is_never_written(
    service: GameService, database: Database, clock: FakeClock
) -> None:
    users = await lobby(service, "c", humans=2)
    await service.change_settings(channel_id="c", actor_id=users[0], settings={"decision_time": "1h"})
    started = await service.start(channel_id="c", actor_id=users[0], seed=5)
    before = await database.all_rows()
    due = started.to_decide[0].due_at
    assert due is not None
    clock.now = due + timedelta(seconds=1)
    assert await service.run_due() == ()
    assert await database.all_rows() == before
    assert await database.fetch("SELECT count(*) FROM actions") == [(0,)]


@pytest.mark.usefixtures("faulty_timeouts")
async def test_a_computer_whose_fallback_is_inexact_writes_nothing(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    def failing(ruleset: Any, view: Any, legal: Any) -> Any:
        raise KeyError("a policy bug")

    async with await GameService.open(database=database.url, clock=clock, computer_policy=failing) as service:
        users = await lobby(service, "c", humans=1, computers=1)
        # The policy fails, and the timeout move it falls back on would not replay: the computer writes nothing.
        await service.start(channel_id="c", actor_id=users[0], seed=4)
        await service.idle()
        after = await database.all_rows()
    assert after["actions"] == []
    messages = [r.getMessage() for r in caplog.records]
    assert any("player failed" in m for m in messages) and any("background turns stopped" in m for m in messages)
    caplog.clear()  # the policy's failure was logged, as expected


async def test_a_policy_acting_with_a_seat_true_falls_back_to_the_timeout_move(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    def cheating(ruleset: Any, view: Any, legal: Any) -> Any:
        return dataclasses.replace(legal[0], seat=True)  # seat 1 is the computer: True == 1

    async with await GameService.open(database=database.url, clock=clock, computer_policy=cheating) as service:
        users = await lobby(service, "c", humans=1, computers=1)
        result = await caught_up(service, await service.start(channel_id="c", actor_id=users[0], seed=4))
        (step,) = result.steps
        assert step.played_by == "computer" and step.action.seat == 1 and type(step.action.seat) is int
        history = await service.history(game_id=result.game_id)
        assert [e.action for e in history.entries if e.kind == "action"] == [step.action]
    assert any("refused move" in r.getMessage() for r in caplog.records)


# Property: every action the service accepts replays.

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([2**63, 2**64, -(2**70), 10**30]),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.recursive(st.integers(), lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=2), inner,
                                                                                            max_size=2), max_leaves=8),
)  # fmt: skip
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=10,
)


def candidate(data: st.DataObject, rules: AnyRuleset, legal: tuple[Any, ...]) -> Any:
    """An action to submit: a legal one as an object or a JSON dict, or one of them made ill-typed, given extra
    fields, or a random JSON value."""
    base = data.draw(st.sampled_from(legal), label="legal")
    as_dict = rules.dump_action(base)
    fields = [f.name for f in dataclasses.fields(base)]
    how = data.draw(st.sampled_from(["object", "dict", "no_seat", "object_field", "dict_field", "extra", "nested",
                                     "type", "random"]), label="how")  # fmt: skip
    if how == "object":
        return base
    if how == "dict":
        return as_dict
    if how == "no_seat":
        return {k: v for k, v in as_dict.items() if k != "seat"}
    if how == "object_field":
        field = data.draw(st.sampled_from(fields), label="field")
        value = getattr(base, field)
        wrong = data.draw(st.sampled_from([float(value), str(value), [value], {"v": value}, True, 2**64])
                          if isinstance(value, int) else JUNK, label="value")  # fmt: skip
        return dataclasses.replace(base, **{field: wrong})
    if how == "dict_field":
        return {**as_dict, data.draw(st.sampled_from(sorted(as_dict)), label="key"): data.draw(JUNK, label="junk")}
    if how == "extra":
        return {**as_dict, data.draw(st.text(min_size=1, max_size=6), label="extra"): data.draw(JUNK, label="junk")}
    if how == "nested":
        return {**as_dict, data.draw(st.sampled_from(sorted(as_dict)), label="key"): {"nested": as_dict}}
    if how == "type":
        return {**as_dict, "type": data.draw(st.sampled_from(sorted(rules.action_types)), label="type")}
    return data.draw(JSON, label="random")


async def on_disk(database: Database) -> tuple[int, str]:
    ((version, state),) = await database.fetch("SELECT version, state FROM snapshots")
    return int(version), str(state)


async def replays(database: Database, clock: FakeClock, game_id: int) -> None:
    """A fresh service on the database, made to rebuild the game from its log (the snapshot is damaged), reaches
    the same state, and the history replays."""
    version, state = await on_disk(database)
    await database.execute("UPDATE snapshots SET checksum = 'damaged'")
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as fresh:
        info = await fresh.game_info(game_id=game_id)
        assert info.version == version
        history = await fresh.history(game_id=game_id)
        assert [e.version for e in history.entries if e.kind == "action"] == list(range(1, version + 1))
    assert await on_disk(database) == (version, state), "the log replays to another state"


async def play(database: Database, data: st.DataObject, name: str, moves: int) -> None:
    clock = FakeClock()
    rules = find_ruleset(name)
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        users = await lobby(service, "c", humans=2, computers=1, ruleset=name)
        started = await service.start(channel_id="c", actor_id=users[0], seed=data.draw(st.integers(0, 2**20)))
        for _ in range(moves):
            await service.idle()
            info = await service.game_info(game_id=started.game_id)
            owing = [d.user_id for d in info.to_decide if d.user_id is not None]
            if info.status != "running" or not owing:
                break
            user = data.draw(st.sampled_from(owing), label="user")
            legal = await service.legal_actions(channel_id="c", user_id=user)
            action = candidate(data, rules, legal.actions)
            try:
                await service.submit(channel_id="c", user_id=user, action=action, expected_version=legal.version)
            except Refusal:
                continue
            await service.idle()
            await replays(database, clock, started.game_id)


PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                             HealthCheck.too_slow])  # fmt: skip


@PROPERTY
@given(data=st.data())
def test_every_action_the_service_accepts_replays(new_database: Callable[[], Database], data: st.DataObject) -> None:
    asyncio.run(play(new_database(), data, TOY.name, moves=12))


@PROPERTY
@given(data=st.data())
@pytest.mark.parametrize("new_database", ["sqlite"], indirect=True)
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_action_the_service_accepts_replays_in_every_rule_system(
    new_database: Callable[[], Database], name: str, data: st.DataObject
) -> None:
    """Each rule system's own moves (cards, lists of them, choices) as the service reads them, on SQLite: the
    storage keeps an action as its JSON text on either backend, which the test above checks on both."""
    asyncio.run(play(new_database(), data, name, moves=12))
