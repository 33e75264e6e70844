"""Lobby flows: one game per channel, joining, leaving, kicking, computers, starting and abandoning."""

from __future__ import annotations

import pytest

from game_service import GameService
from rules_core.errors import Refusal
from tests.service.helpers import Database, lobby


async def refused(code: str, call: object) -> Refusal:
    with pytest.raises(Refusal) as caught:
        await call  # type: ignore[misc]
    assert caught.value.code == code, caught.value
    return caught.value


async def test_a_lobby_seats_its_host_first(service: GameService) -> None:
    info = await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="Hanna")
    assert info.status == "lobby"
    assert info.host_id == "h"
    assert [(s.seat, s.user_id, s.name, s.is_computer) for s in info.players] == [(0, "h", "Hanna", False)]
    assert info.version == 0 and info.seed is None and info.to_decide == ()
    assert (info.min_players, info.max_players) == (2, 6)
    assert await service.game_info(channel_id="c") == info


async def test_a_second_game_in_a_channel_is_refused(service: GameService) -> None:
    first = await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H")
    error = await refused("game_exists", service.create_game(ruleset="toy", channel_id="c", host_id="x", host_name="X"))
    assert error.params["game_id"] == first.game_id
    # Another channel is independent.
    await service.create_game(ruleset="toy", channel_id="d", host_id="h", host_name="H")


async def test_unknown_options_and_rulesets_are_refused_at_creation(service: GameService) -> None:
    await refused(
        "unknown_option",
        service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H", options={"x": 1}),
    )
    await refused("unknown_ruleset", service.create_game(channel_id="c", host_id="h", host_name="H", ruleset="chess"))
    await refused(
        "bad_settings",
        service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H", settings={"when": object()}),
    )
    await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H", options={"rounds": 3})


async def test_join_keeps_join_order_and_refuses_twice(service: GameService) -> None:
    await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H")
    await service.join(channel_id="c", user_id="a", user_name="A")
    info = await service.join(channel_id="c", user_id="b", user_name="B")
    assert [s.user_id for s in info.players] == ["h", "a", "b"]
    await refused("already_joined", service.join(channel_id="c", user_id="a", user_name="A"))
    await refused("no_game_here", service.join(channel_id="elsewhere", user_id="a", user_name="A"))


async def test_a_full_game_refuses_more_players_and_computers(service: GameService) -> None:
    await lobby(service, "c", humans=5, computers=1)
    await refused("game_full", service.join(channel_id="c", user_id="late", user_name="Late"))
    await refused("game_full", service.add_computer(channel_id="c", actor_id="c-u0", name="C"))


async def test_leaving_the_lobby_closes_up_the_seats_and_passes_the_host(service: GameService) -> None:
    await lobby(service, "c", humans=3)
    left = await service.leave(channel_id="c", user_id="c-u0")
    assert left.played is None
    assert left.info.host_id == "c-u1"
    assert [(s.seat, s.user_id) for s in left.info.players] == [(0, "c-u1"), (1, "c-u2")]
    await refused("not_a_player", service.leave(channel_id="c", user_id="c-u0"))


async def test_when_the_last_human_leaves_the_lobby_is_abandoned(service: GameService) -> None:
    await lobby(service, "c", humans=1, computers=1)
    left = await service.leave(channel_id="c", user_id="c-u0")
    assert left.info.status == "abandoned"
    await refused("no_game_here", service.game_info(channel_id="c"))
    await service.create_game(ruleset="toy", channel_id="c", host_id="new", host_name="N")


async def test_only_the_host_or_an_admin_kicks(service: GameService) -> None:
    await lobby(service, "c", humans=3, computers=1)
    await refused("not_host", service.kick(channel_id="c", actor_id="c-u1", target_id="c-u2"))
    await refused("cannot_kick_self", service.kick(channel_id="c", actor_id="c-u0", target_id="c-u0"))
    await refused("not_a_player", service.kick(channel_id="c", actor_id="c-u0", target_id="nobody"))
    await refused("no_such_seat", service.kick(channel_id="c", actor_id="c-u0", seat=9))
    kicked = await service.kick(channel_id="c", actor_id="c-u0", target_id="c-u2")
    assert [s.user_id for s in kicked.info.players] == ["c-u0", "c-u1", None]
    # A channel admin (Manage Channels) may kick too, even the host, and the host role passes on.
    kicked = await service.kick(channel_id="c", actor_id="mod", target_id="c-u0", actor_is_admin=True)
    assert kicked.info.host_id == "c-u1"
    # A computer seat in the lobby is removed by seat number.
    kicked = await service.kick(channel_id="c", actor_id="c-u1", seat=1)
    assert [s.user_id for s in kicked.info.players] == ["c-u1"]
    history = await service.history(game_id=kicked.info.game_id)
    assert [e.kind for e in history.entries].count("kicked") == 3
    assert "host_changed" in [e.kind for e in history.entries]


async def test_only_the_host_or_an_admin_adds_computers(service: GameService) -> None:
    await lobby(service, "c", humans=2)
    await refused("not_host", service.add_computer(channel_id="c", actor_id="c-u1", name="C"))
    info = await service.add_computer(channel_id="c", actor_id="mod", actor_is_admin=True, name="Darwin")
    info = await service.add_computer(channel_id="c", actor_id="c-u0", name="Wallace")
    assert [(s.name, s.is_computer) for s in info.players[2:]] == [("Darwin", True), ("Wallace", True)]
    await refused("bad_name", service.add_computer(channel_id="c", actor_id="c-u0", name=" "))


async def test_starting_needs_the_host_and_enough_players(service: GameService) -> None:
    await lobby(service, "c", humans=1)
    await refused("too_few_players", service.start(channel_id="c", actor_id="c-u0"))
    await service.join(channel_id="c", user_id="b", user_name="B")
    await refused("not_host", service.start(channel_id="c", actor_id="b"))
    result = await service.start(channel_id="c", actor_id="mod", actor_is_admin=True, seed=42)
    assert result.status == "running" and result.version == 0
    info = await service.game_info(channel_id="c")
    assert info.seed == 42 and info.started_at is not None
    await refused("already_started", service.start(channel_id="c", actor_id="c-u0"))
    await refused("already_started", service.join(channel_id="c", user_id="late", user_name="L"))
    await refused("already_started", service.add_computer(channel_id="c", actor_id="c-u0", name="C"))


async def test_the_seed_is_random_unless_given_and_is_stored(service: GameService) -> None:
    seeds = set()
    for channel in ("a", "b", "c"):
        await lobby(service, channel, humans=2)
        await service.start(channel_id=channel, actor_id=f"{channel}-u0")
        info = await service.game_info(channel_id=channel)
        assert info.seed is not None and 0 <= info.seed < 2**63
        seeds.add(info.seed)
    assert len(seeds) == 3
    await lobby(service, "d", humans=2)
    await refused("bad_seed", service.start(channel_id="d", actor_id="d-u0", seed=-1))


async def test_abandon_needs_the_host_and_keeps_the_game_readable(service: GameService) -> None:
    await lobby(service, "c", humans=2)
    started = await service.start(channel_id="c", actor_id="c-u0", seed=1)
    await refused("not_host", service.abandon(channel_id="c", actor_id="c-u1"))
    info = await service.abandon(channel_id="c", actor_id="c-u0")
    assert info.status == "abandoned" and info.finished_at is not None
    await refused("no_game_here", service.public_view(channel_id="c"))
    # The closed game stays readable by id, and the channel is free again.
    assert (await service.game_info(game_id=started.game_id)).status == "abandoned"
    view = await service.public_view(channel_id="c", game_id=started.game_id)
    assert view.version == 0
    assert [e.kind for e in (await service.history(game_id=started.game_id)).entries][-1] == "abandoned"
    await service.create_game(ruleset="toy", channel_id="c", host_id="c-u1", host_name="B")
    recent = await service.recent_games(channel_id="c")
    assert [g.status for g in recent] == ["lobby", "abandoned"]


async def test_settings_merge_and_need_the_host(service: GameService) -> None:
    await lobby(service, "c", humans=2)
    await refused("not_host", service.change_settings(channel_id="c", actor_id="c-u1", settings={"a": 1}))
    await service.change_settings(channel_id="c", actor_id="c-u0", settings={"turn_minutes": 60, "lang": "hu"})
    info = await service.change_settings(channel_id="c", actor_id="c-u0", settings={"lang": None, "x": [1]})
    assert info.settings == {"turn_minutes": 60, "x": [1]}


async def test_each_player_keeps_their_own_language_without_the_host(service: GameService, database: Database) -> None:
    await lobby(service, "c", humans=2)
    game_id = (await service.game_info(channel_id="c")).game_id
    info = await service.remember_player_language(game_id=game_id, user_id="c-u1", language="uk")
    assert info.settings == {"player_languages": {"c-u1": "uk"}}
    info = await service.remember_player_language(game_id=game_id, user_id="c-u0", language="hu")
    assert info.settings["player_languages"] == {"c-u1": "uk", "c-u0": "hu"}
    # The same language again writes nothing; a language is no event of the game, so no note is kept either.
    before = await database.all_rows()
    await service.remember_player_language(game_id=game_id, user_id="c-u1", language="uk")
    assert await database.all_rows() == before
    assert [entry.kind for entry in (await service.history(game_id=game_id)).entries] == ["created", "joined"]
    # The host's own settings are kept beside the players' languages.
    await service.change_settings(channel_id="c", actor_id="c-u0", settings={"language": "pl"})
    info = await service.remember_player_language(game_id=game_id, user_id="c-u1", language="es")
    assert info.settings == {"language": "pl", "player_languages": {"c-u1": "es", "c-u0": "hu"}}
    await refused("not_a_player", service.remember_player_language(game_id=game_id, user_id="x", language="en"))


async def test_a_player_may_keep_a_language_while_the_game_is_paused(service: GameService) -> None:
    await lobby(service, "c", humans=2)
    started = await service.start(channel_id="c", actor_id="c-u0", seed=1)
    await service.change_settings(channel_id="c", actor_id="c-u0", settings={"decision_time": "1h"})
    await service.pause(channel_id="c", actor_id="c-u0")
    info = await service.remember_player_language(game_id=started.game_id, user_id="c-u1", language="pl")
    assert info.settings["player_languages"] == {"c-u1": "pl"} and "paused_at" in info.settings


async def test_a_players_language_outlives_the_process(database: Database) -> None:
    async with await GameService.open(database=database.url) as first:
        await lobby(first, "c", humans=2)
        game_id = (await first.game_info(channel_id="c")).game_id
        await first.remember_player_language(game_id=game_id, user_id="c-u1", language="uk")
    async with await GameService.open(database=database.url) as second:
        assert (await second.game_info(game_id=game_id)).settings["player_languages"] == {"c-u1": "uk"}


async def test_lobby_refusals_leave_the_database_unchanged(service: GameService, database: Database) -> None:
    await lobby(service, "c", humans=6)
    before = await database.all_rows()
    for call in (
        service.create_game(ruleset="toy", channel_id="c", host_id="x", host_name="X"),
        service.join(channel_id="c", user_id="x", user_name="X"),
        service.join(channel_id="c", user_id="c-u1", user_name="X"),
        service.kick(channel_id="c", actor_id="c-u1", target_id="c-u2"),
        service.leave(channel_id="c", user_id="nobody"),
        service.abandon(channel_id="c", actor_id="c-u3"),
        service.start(channel_id="c", actor_id="c-u3"),
        service.submit(channel_id="c", user_id="c-u0", action={"type": "Resign", "seat": 0}, expected_version=0),
    ):
        with pytest.raises(Refusal):
            await call
    assert await database.all_rows() == before


async def test_an_old_lobby_button_cannot_reach_the_channels_new_lobby(service: GameService) -> None:
    old = await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H")
    await service.abandon(channel_id="c", actor_id="h")
    new = await service.create_game(ruleset="toy", channel_id="c", host_id="h", host_name="H")
    await refused("game_closed", service.join(channel_id="c", user_id="b", user_name="B", game_id=old.game_id))
    await refused("game_closed", service.start(channel_id="c", actor_id="h", game_id=old.game_id))
    await refused("no_game_here", service.join(channel_id="d", user_id="b", user_name="B", game_id=new.game_id))
    info = await service.join(channel_id="c", user_id="b", user_name="B", game_id=new.game_id)
    assert [p.user_id for p in info.players] == ["h", "b"]
