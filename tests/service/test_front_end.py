"""What the service keeps for the front ends: each game's presentation data (replaced whole, kept with the game,
closed games too) and the users whose direct messages are closed (with when), across restarts."""

from __future__ import annotations

from typing import Any

import pytest

from computer_players.simple import first_legal
from game_service import GameService
from rules_core.errors import Refusal
from tests.service.helpers import Database, FakeClock, lobby

STATUS = {"lobby_message": "1200000000000000001", "status_message": "1200000000000000002",
          "phase_lines": ["Ann took 2 plant food", "Bob attacked Ann's species 1"]}  # fmt: skip


async def refused(code: str, call: Any) -> Refusal:
    with pytest.raises(Refusal) as caught:
        await call
    assert caught.value.code == code, caught.value
    return caught.value


async def test_a_games_presentation_data_outlives_the_process(database: Database, clock: FakeClock) -> None:
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        await lobby(service, "c", humans=2)
        game_id = (await service.game_info(channel_id="c")).game_id
        assert await service.front_end(game_id=game_id) == {}
        await service.keep_front_end(game_id=game_id, data=STATUS)
        await service.keep_front_end(game_id=game_id, data={**STATUS, "phase_lines": ("a tuple", "of lines")})
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        kept = await service.front_end(game_id=game_id)
        assert kept == {**STATUS, "phase_lines": ["a tuple", "of lines"]}
        # Replaced whole, not merged.
        await service.keep_front_end(game_id=game_id, data={"status_message": "9"})
        assert await service.front_end(game_id=game_id) == {"status_message": "9"}
        # A closed game keeps it too (its last status message is still shown).
        await service.abandon(channel_id="c", actor_id="c-u0")
        await service.keep_front_end(game_id=game_id, data={"status_message": "10"})
        assert await service.front_end(game_id=game_id) == {"status_message": "10"}


async def test_front_end_data_must_be_a_small_plain_object(service: GameService, database: Database) -> None:
    await lobby(service, "c")
    game_id = (await service.game_info(channel_id="c")).game_id
    await service.keep_front_end(game_id=game_id, data=STATUS)
    before = await database.all_rows()
    cases: list[tuple[Any, str]] = [
        (["not", "an", "object"], "not_an_object"),
        ({"x": object()}, "not_json"),
        ({"x": float("inf")}, "not_json"),
        ({1: "key"}, "not_json"),
        ({"x": "y" * 70_000}, "too_large"),
    ]
    for data, reason in cases:
        error = await refused("bad_front_end_data", service.keep_front_end(game_id=game_id, data=data))
        assert error.params["reason"] == reason
    await refused("unknown_game", service.keep_front_end(game_id=game_id + 1, data={}))
    await refused("unknown_game", service.front_end(game_id=game_id + 1))
    assert await database.all_rows() == before
    assert await service.front_end(game_id=game_id) == STATUS


async def test_closed_direct_messages_are_remembered_per_user_with_their_time(
    database: Database, clock: FakeClock
) -> None:
    async with await GameService.open(database=database.url, clock=clock) as service:
        assert await service.dms_closed(user_id="u") is None
        await service.mark_dms_closed(user_id="u")
        first = clock.now
        assert await service.dms_closed(user_id="u") == first
        assert await service.dms_closed(user_id="v") is None
    async with await GameService.open(database=database.url, clock=clock) as service:
        assert await service.dms_closed(user_id="u") == first
        await service.mark_dms_closed(user_id="u")  # refused again later: the latest time counts
        assert await service.dms_closed(user_id="u") == clock.now > first
        await service.mark_dms_open(user_id="u")
        assert await service.dms_closed(user_id="u") is None
        await service.mark_dms_open(user_id="u")  # open twice changes nothing
        await refused("no_actor", service.mark_dms_closed(user_id=None))  # type: ignore[arg-type]
    async with await GameService.open(database=database.url, clock=clock) as service:
        assert await service.dms_closed(user_id="u") is None
