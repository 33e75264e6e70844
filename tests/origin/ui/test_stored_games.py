"""The original game's games stored by an older program, on each storage backend: a state of an older format is
rebuilt from the log and plays on (``tests/service`` checks the storage itself on the toy game)."""

from __future__ import annotations

import json

from computer_players.simple import first_legal
from game_service import GameService
from game_service.store import checksum
from rules_core.registry import find_ruleset

# The service tests' fixtures: a database of each backend (on PostgreSQL's server), a clock, no error logged.
from tests.service.conftest import clock, database, no_unexpected_errors, postgres  # noqa: F401
from tests.service.helpers import Database, FakeClock, lobby, play_one, stored


async def test_an_origin_game_stored_before_the_tie_break_option_loads_and_plays_on(
    database: Database,  # noqa: F811
    clock: FakeClock,  # noqa: F811
) -> None:
    """A game of the original Evolution saved before its state counted each player's discards (format 1, options
    without ``tie_break``) is rebuilt from its log: the counts come back as the log tells them, and it plays on."""
    origin = find_ruleset("origin")
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        users = await lobby(service, "o", humans=2, ruleset="origin")
        result = await service.start(channel_id="o", actor_id=users[0], seed=5)
        # Until some card has been discarded, so that the rebuilt counts are worth comparing.
        while not any(p.discarded for p in (await service.public_view(channel_id="o")).players):  # type: ignore[attr-defined]
            result = await play_one(service, "o", result)
        good_view = await service.public_view(channel_id="o")
    game_id = result.game_id
    _, state, _ = await stored(database, game_id)
    old = json.loads(json.dumps(state))
    del old["state"]["options"]["tie_break"]
    for player in old["state"]["players"]:
        del player["discarded"], player["tie_rolls"]
    old["format"] = "origin/state/1"
    text = json.dumps(old)
    before = {"two_decks": False, "time_to_fly": False, "darwins_day": False}
    await database.execute(
        f"UPDATE snapshots SET format = 1, state = '{text}', checksum = '{checksum(text)}' WHERE game_id = {game_id}"
    )
    await database.execute(f"UPDATE games SET options = '{json.dumps(before)}' WHERE id = {game_id}")
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        assert await service.public_view(channel_id="o") == good_view
        assert good_view.options.tie_break == "printed"  # type: ignore[attr-defined]
        await play_one(service, "o", result)
    _, rewritten, _ = await stored(database, game_id)
    assert rewritten["format"] == origin.state_format
