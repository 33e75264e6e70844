"""Malformed arguments: every public call checks the type and range of each argument itself, and answers a wrong
one with a specific refusal (never a TypeError, OverflowError, sqlite3 error or RecursionError), before anything is
read or written. A call that acts or reads for somebody refuses to act for nobody; a vote is of a known kind."""

from __future__ import annotations

import asyncio
import inspect
import math
from collections.abc import Awaitable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from computer_players.simple import first_legal
from game_service import GameService
from game_service.checks import CHECKS, is_checked
from rules_core.errors import Refusal
from tests.service.helpers import BACKENDS, Database, FakeClock, lobby, play_to_end
from tests.toy import registered

LIFECYCLE = {"open", "close", "warm_up"}


def public_calls() -> list[str]:
    return sorted(
        name
        for name, member in inspect.getmembers(GameService, inspect.iscoroutinefunction)
        if not name.startswith("_") and name not in LIFECYCLE
    )


def deep(depth: int, kind: str) -> Any:
    """A list or object nested ``depth`` deep, built without recursion."""
    value: Any = []
    for _ in range(depth):
        value = [value] if kind == "list" else {"x": value}
    return value


def wrong(value: object) -> Any:
    """A value of a type the call does not take (the type checker would refuse it; a forged request may not)."""
    return value


async def refused(code: str, call: Awaitable[Any]) -> Refusal:
    with pytest.raises(Refusal) as caught:
        await call
    assert caught.value.code == code, caught.value
    return caught.value


# The template: a lobby, a running slow game (seat 0 owes its pick), and the ids the calls name.

LOBBY, RUN = "lobby", "run"


async def build_template(database: Database) -> dict[str, Any]:
    clock = FakeClock()
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        lobby_info = await service.create_game(ruleset="toy", channel_id=LOBBY, host_id="h", host_name="H")
        await service.join(channel_id=LOBBY, user_id="b", user_name="B")
        await service.create_game(
            ruleset="toy", channel_id=RUN, host_id="h", host_name="H", settings={"decision_time": "1h"}
        )
        await service.join(channel_id=RUN, user_id="b", user_name="B")
        started = await service.start(channel_id=RUN, actor_id="h", seed=1)
        legal = await service.legal_actions(channel_id=RUN, user_id="h")
    return {"lobby": lobby_info.game_id, "run": started.game_id, "action": legal.actions[0], "now": clock.now}


def baselines(ids: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Valid arguments of every public call, on the template."""
    lobby_id, run_id = ids["lobby"], ids["run"]
    running = {"channel_id": RUN, "game_id": run_id}
    host = {"actor_id": "h", "actor_is_admin": False}
    return {
        "create_game": {"channel_id": "new", "host_id": "h", "host_name": "H", "ruleset": "toy",
                        "options": {}, "settings": {}, "server_id": "s"},
        "join": {"channel_id": LOBBY, "user_id": "x", "user_name": "X", "game_id": lobby_id},
        "add_computer": {"channel_id": LOBBY, "name": "C", "game_id": lobby_id, **host},
        "leave": {"channel_id": LOBBY, "user_id": "b", "game_id": lobby_id},
        "kick": {"channel_id": LOBBY, "target_id": "b", "game_id": lobby_id, **host},
        "change_settings": {"settings": {"x": 1}, **running, **host},
        "remember_player_language": {"game_id": run_id, "user_id": "b", "language": "en"},
        "start": {"channel_id": LOBBY, "seed": 1, "game_id": lobby_id, **host},
        "abandon": {"channel_id": LOBBY, "game_id": lobby_id, **host},
        "submit": {"user_id": "h", "action": ids["action"], "expected_version": 0, **running},
        "resume_computer_turns": {"game_id": run_id, "channel_pattern": RUN},
        "running_games": {"channel_pattern": RUN, "channels": [RUN]},
        "legal_actions": {"user_id": "h", **running},
        "prompt": {"user_id": "h", **running},
        "public_view": running,
        "private_view": {"user_id": "h", **running},
        "game_info": {"channel_id": RUN},
        "recent_games": {"channel_id": RUN, "limit": 10},
        "ratings": {"server_id": "s", "channels": [RUN, LOBBY]},
        "my_games": {"user_id": "h"},
        "games_played": {"user_id": "h"},
        "pause": {**running, **host},
        "resume": {**running, **host},
        "renew_link": {**running, **host},
        "extend": {"by": timedelta(hours=1), "seat": 0, **running, **host},
        "vote": {"user_id": "h", "kind": "replace", "seat": 1, **running},
        "next_due": {},
        "run_due": {},
        "history": {"game_id": run_id},
        "final_position": {"game_id": run_id},
        "delivered": {"outbox_id": 1},
        "front_end": {"game_id": run_id},
        "keep_front_end": {"game_id": run_id, "data": {"status_message": "1"}},
        "dms_closed": {"user_id": "h"},
        "mark_dms_closed": {"user_id": "h"},
        "mark_dms_open": {"user_id": "h"},
        "autopilot": {"user_id": "h", "decision_kind": "feed", "on": True, **running},
        "away": {"user_id": "h", "until": ids["now"] + timedelta(days=2), **running},
        "idle": {"game_id": run_id},
    }  # fmt: skip


def test_every_public_call_checks_every_argument() -> None:
    template = baselines({"lobby": 1, "run": 2, "action": None, "now": datetime(2026, 1, 1, tzinfo=UTC)})
    assert sorted(template) == public_calls(), "every public call needs a baseline here"
    for name in public_calls():
        call = getattr(GameService, name)
        assert is_checked(call), f"{name} is not wrapped by game_service.checks.checked"
        parameters = [p for p in inspect.signature(call).parameters if p != "self"]
        assert set(parameters) <= set(CHECKS), name
        assert set(template[name]) <= set(parameters), name


# Values of every kind that is wrong somewhere: wrong types, out of range, huge, deep, empty, unprintable.

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0, -1, 1, 2**31, 2**63 - 1, 2**63, -(2**63) - 1, 2**64, 10**30, -(10**30)]),
    st.integers(),
    st.sampled_from([16.0, 0.5, -1.0, math.nan, math.inf, -math.inf, 1e308]),
    st.floats(),
    st.sampled_from(["", " ", "\x00", "a\nb", "x" * 10_000, "99999999999d", "other", "end", "replace", "\ud800"]),
    st.text(max_size=20),
    st.binary(max_size=8),
    st.sampled_from([timedelta(0), timedelta(seconds=10), timedelta(days=-1), timedelta.max, timedelta(days=8),
                     datetime(2026, 1, 1, tzinfo=UTC)]),
    st.builds(deep, st.sampled_from([2, 50, 1_000, 100_000]), st.sampled_from(["list", "object"])),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.tuples(st.integers()),
    st.just({1: 2}),
    st.just({"decision_time": "99999999999d"}),
    st.just({"reminders": ["99999999999d"]}),
    st.just({"x": math.nan}),
    st.just({"x": 2**64}),
    st.just(object()),
)  # fmt: skip


@pytest.fixture(scope="module", params=BACKENDS)
def template(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Database, dict[str, Any]]]:
    if request.param == "sqlite":
        database = Database("sqlite", tmp_path_factory.mktemp("template") / "template.db")
    else:
        server = request.getfixturevalue("postgres")
        database = Database("postgresql", server.new_database(), server)
    with registered():  # before the tests' own toy fixture: this one is built once for the module
        ids = asyncio.run(build_template(database))
    yield database, ids
    database.drop()


async def call_with(database: Database, now: datetime, name: str, kwargs: dict[str, Any]) -> None:
    """Make one call on a fresh service over ``database``: it succeeds, or it is refused and nothing changed."""
    clock = FakeClock()
    clock.now = now
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        before = await database.all_rows()
        try:
            await getattr(service, name)(**kwargs)
        except Refusal:
            assert await database.all_rows() == before, f"{name}({kwargs!r}) was refused but wrote"


#: Examples per backend: PostgreSQL copies a database per example (about 0.3 s), so it draws fewer.
EXAMPLES = {"sqlite": 400, "postgresql": 50}


def test_wrong_arguments_are_only_ever_refused_and_change_nothing(
    template: tuple[Database, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    source, ids = template

    @settings(max_examples=EXAMPLES[source.kind], deadline=None)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(public_calls()), label="call")
        parameters = [p for p in inspect.signature(getattr(GameService, name)).parameters if p != "self"]
        if not parameters:
            return
        kwargs = dict(baselines(ids)[name])
        wrong = data.draw(st.sampled_from(parameters), label="parameter")
        kwargs[wrong] = data.draw(JUNK, label="value")
        copy = source.copy(tmp_path_factory.mktemp("call") / "games.db")
        try:
            asyncio.run(call_with(copy, ids["now"], name, kwargs))
        finally:
            copy.drop()

    check()


# The cases the testers found, each with its specific refusal.


async def test_ids_that_do_not_fit_storage_are_refused(service: GameService) -> None:
    for call in (
        service.game_info(game_id=2**63),
        service.history(game_id=2**63),
        service.join(channel_id="c", user_id="u", user_name="U", game_id=2**64),
        service.game_info(game_id=0),
        service.game_info(game_id=True),
    ):
        await refused("bad_id", call)
    await refused("bad_number", service.recent_games(channel_id="c", limit=2**63))
    await refused("bad_id", service.my_games(user_id=wrong(["u"])))
    await refused("bad_id", service.create_game(ruleset="toy", channel_id=wrong({"a": 1}), host_id="h", host_name="H"))


async def test_a_decision_time_longer_than_any_duration_is_refused(service: GameService) -> None:
    error = await refused(
        "bad_settings",
        service.create_game(
            channel_id="c", host_id="h", host_name="H", ruleset="toy", settings={"decision_time": "99999999999d"}
        ),
    )
    assert error.params["reason"] == "bad_decision_time"
    await lobby(service, "d")
    for change in ({"decision_time": 10**20}, {"reminders": ["99999999999d"]}):
        await refused("bad_settings", service.change_settings(channel_id="d", actor_id="d-u0", settings=change))


async def test_settings_nested_deep_or_not_plain_json_are_refused(service: GameService) -> None:
    for value, reason in (
        (deep(100_000, "list"), "too_deep"),
        (deep(17, "object"), "too_deep"),
        (math.nan, "not_json"),
        (2**64, "not_json"),
        (b"bytes", "not_json"),
    ):
        error = await refused(
            "bad_settings",
            service.create_game(channel_id="c", host_id="h", host_name="H", ruleset="toy", settings={"x": value}),
        )
        assert error.params["reason"] == reason
    error = await refused(
        "bad_settings",
        service.create_game(channel_id="c", host_id="h", host_name="H", ruleset="toy", settings={"x": "y" * 20_000}),
    )
    assert error.params["reason"] == "too_large"


async def test_an_extension_must_be_a_duration(service: GameService) -> None:
    await lobby(service, "c", humans=2)
    await service.change_settings(channel_id="c", actor_id="c-u0", settings={"decision_time": "1h"})
    await service.start(channel_id="c", actor_id="c-u0", seed=1)
    error = await refused("bad_extension", service.extend(channel_id="c", actor_id="c-u0", by=wrong(5)))
    assert error.params["reason"] == "not_a_duration"
    await refused("bad_extension", service.extend(channel_id="c", actor_id="c-u0", by=timedelta(days=-1)))


async def test_a_seed_must_be_a_whole_number_in_range(service: GameService) -> None:
    await lobby(service, "c", humans=2)
    for seed in (5.5, True, -1, 2**63, "5"):
        await refused("bad_seed", service.start(channel_id="c", actor_id="c-u0", seed=wrong(seed)))
    assert (await service.game_info(channel_id="c")).status == "lobby"


async def test_a_version_or_seat_of_the_wrong_type_is_refused(service: GameService) -> None:
    users = await lobby(service, "c", humans=2)
    await service.start(channel_id="c", actor_id=users[0], seed=1)
    legal = await service.legal_actions(channel_id="c", user_id=users[0])
    for version in (False, 0.0, "0"):
        await refused("bad_number", service.submit(channel_id="c", user_id=users[0], action=legal.actions[0],
                                                   expected_version=wrong(version)))  # fmt: skip
    for seat in (True, 1.0, -1):
        await refused("bad_number", service.vote(channel_id="c", user_id=users[0], kind="replace", seat=wrong(seat)))
    await refused("bad_number", service.kick(channel_id="c", actor_id=users[0], seat=wrong(1.0)))


async def test_names_and_flags_are_checked(service: GameService) -> None:
    for name, reason in ((None, "not_text"), ("  ", "blank"), ("x" * 101, "too_long"), ("a\x00b", "not_printable")):
        error = await refused(
            "bad_name", service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name=wrong(name))
        )
        assert error.params["reason"] == reason
    await lobby(service, "c")
    await refused("bad_flag", service.abandon(channel_id="c", actor_id="c-u0", actor_is_admin=wrong(1)))
    await refused("bad_language", service.remember_player_language(game_id=1, user_id="c-u0", language="english!"))


async def test_kick_and_game_info_need_exactly_one_target(service: GameService) -> None:
    await lobby(service, "c", humans=2)
    await refused("bad_argument", service.kick(channel_id="c", actor_id="c-u0"))
    await refused("bad_argument", service.kick(channel_id="c", actor_id="c-u0", target_id="c-u1", seat=1))
    await refused("bad_argument", service.game_info())
    await refused("bad_argument", service.game_info(channel_id="c", game_id=1))


# No actor, no action.


async def test_a_call_without_an_actor_is_refused(service: GameService) -> None:
    users = await lobby(service, "c", humans=2, computers=1)
    await service.start(channel_id="c", actor_id=users[0], seed=1)
    for call in (
        service.private_view(channel_id="c", user_id=wrong(None)),
        service.legal_actions(channel_id="c", user_id=wrong(None)),
        service.prompt(channel_id="c", user_id=wrong(None)),
        service.leave(channel_id="c", user_id=wrong(None)),
        service.submit(channel_id="c", user_id=wrong(None), action={"type": "Resign", "seat": 0}, expected_version=0),
        service.pause(channel_id="c", actor_id=wrong(None)),
        service.my_games(user_id=wrong(None)),
    ):
        await refused("no_actor", call)
    info = await service.game_info(channel_id="c")
    assert [p.is_computer for p in info.players] == [False, False, True], "nobody left the game"


async def test_a_lobby_without_an_actor_keeps_its_computer(service: GameService) -> None:
    # A computer seat holds no user: "no user" must not find it.
    await lobby(service, "c", humans=1, computers=1)
    await refused("no_actor", service.leave(channel_id="c", user_id=wrong(None)))
    assert len((await service.game_info(channel_id="c")).players) == 2


# Votes.


async def test_an_unknown_vote_kind_is_refused_and_ends_nothing(service: GameService, database: Database) -> None:
    users = await lobby(service, "c", humans=1, computers=1)
    await service.start(channel_id="c", actor_id=users[0], seed=1)
    await service.idle()
    before = await database.all_rows()
    for kind in ("other", "END", None, 1):
        error = await refused("unknown_vote_kind", service.vote(channel_id="c", user_id=users[0], kind=wrong(kind)))
        assert error.params["kinds"] == ("replace", "end")
    assert await database.all_rows() == before
    assert (await service.game_info(channel_id="c")).status == "running"


# After the end.


async def test_a_players_language_on_a_closed_game_is_refused_as_closed(
    service: GameService, database: Database
) -> None:
    users = await lobby(service, "c", humans=1, computers=1)
    result = await play_to_end(service, "c", await service.start(channel_id="c", actor_id=users[0], seed=3))
    assert result.status == "finished"
    before = await database.all_rows()
    for language in ("en", "hu"):
        closed = service.remember_player_language(game_id=result.game_id, user_id=users[0], language=language)
        error = await refused("game_closed", closed)
        assert error.params == {"game_id": result.game_id, "status": "finished"}
    assert await database.all_rows() == before
    await lobby(service, "d", humans=2)
    abandoned = await service.abandon(channel_id="d", actor_id="d-u0")
    await refused("game_closed", service.remember_player_language(game_id=abandoned.game_id, user_id="d-u1",
                                                                  language="pl"))  # fmt: skip
