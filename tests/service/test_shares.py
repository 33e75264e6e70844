"""Several bot processes on one database, each over its share of the channels (the guilds of its Discord shards):
``run_due(channels=...)`` and ``resume_computer_turns(channels=...)`` touch only the games of the caller's channels,
so each game's deadlines, reminders and computer moves are played and announced by the process that posts for it,
and a reminder of another share is left queued for its holder (never leased away from it)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from computer_players.simple import first_legal
from game_service import GameService, Reminder, TimedOut
from game_service.errors import BadArgument
from tests.service.helpers import Crash, Database, FakeClock, crashed_start, recorder

SETTINGS = {"decision_time": "24h", "reminders": ["50%"]}


async def two_player_game(service: GameService, channel: str) -> None:
    await service.create_game(
        ruleset="toy", channel_id=channel, host_id=f"{channel}-a", host_name="A", settings=SETTINGS
    )
    await service.join(channel_id=channel, user_id=f"{channel}-b", user_name="B")
    await service.start(channel_id=channel, actor_id=f"{channel}-a", seed=7)


async def handled(service: GameService, work: tuple[object, ...]) -> list[tuple[str, str]]:
    """What ``run_due`` handed out, by kind and channel; every reminder confirmed as a bot would."""
    found = []
    for item in work:
        if isinstance(item, Reminder):
            await service.delivered(outbox_id=item.outbox_id)
            found.append(("reminder", item.channel_id))
        elif isinstance(item, TimedOut):
            found.append(("timeout", item.result.channel_id))
    return sorted(found)


async def test_each_process_runs_only_its_own_channels_deadlines(database: Database, clock: FakeClock) -> None:
    async with (
        await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as one,
        await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as two,
    ):
        for channel in ("1", "2", "3"):
            await two_player_game(one, channel)
        clock.now += timedelta(hours=12, minutes=1)
        assert await one.run_due(channels=[]) == (), "a process holding no guild yet does nothing"
        assert await handled(one, await one.run_due(channels=["1", "9"])) == [("reminder", "1")] * 2
        # Process one's polls neither took nor leased the other shares' reminders.
        assert await handled(two, await two.run_due(channels=("2",))) == [("reminder", "2")] * 2
        assert await handled(two, await two.run_due(channels=("2",))) == []
        clock.now += timedelta(hours=12)
        assert await handled(two, await two.run_due(channels={"2"})) == [("timeout", "2")] * 2
        assert await handled(one, await one.run_due(channels=frozenset({"1"}))) == [("timeout", "1")] * 2
        assert {(await one.game_info(channel_id=c)).version for c in ("1", "2", "3")} == {0, 2}
        assert (await one.game_info(channel_id="3")).version == 0, "nobody holds channel 3: untouched"
        # A process without shares (the default) runs everything that is left: channel 3's timeouts.
        assert await handled(one, await one.run_due()) == [("timeout", "3")] * 2


async def test_each_process_resumes_only_its_own_channels_computer_turns(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    crashing = True

    def policy(ruleset: Any, view: Any, legal: Any) -> Any:
        if crashing:
            raise Crash
        return first_legal(ruleset, view, legal)

    async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as service:
        for channel in ("1", "2"):
            await crashed_start(service, channel, caplog)
    crashing = False
    async with await GameService.open(database=database.url, clock=clock, computer_policy=policy) as service:
        heard = recorder(service)
        assert await service.resume_computer_turns(channels=["3"]) == []
        assert await service.resume_computer_turns(channel_pattern="[0-9]+", channels=["2"]) == []
        await service.idle()
        assert [r.channel_id for results in heard.results.values() for r in results] == ["2"]
        owing = [c for c in ("1", "2") if any(d.is_computer for d in (await service.game_info(channel_id=c)).to_decide)]
        assert owing == ["1"]


@pytest.mark.parametrize("channels", ["1", [1], [""], ["a\nb"], {"1": 1}, 7, b"1"])
async def test_channels_must_be_a_collection_of_channel_ids(service: GameService, channels: object) -> None:
    with pytest.raises(BadArgument):
        await service.run_due(channels=channels)  # type: ignore[arg-type]
    with pytest.raises(BadArgument):
        await service.resume_computer_turns(channels=channels)  # type: ignore[arg-type]
