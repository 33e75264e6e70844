"""A running game's history is extended from the log replayed last time rather than replayed from the start (a web
page asks for it after every move): it must always be exactly the history replayed from nothing, for every rule
system, through a seat changing hands and to the game's end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from computer_players.simple import first_legal
from game_service import GameHistory, GameService
from game_service.loaded import game_info
from rules_core.registry import RULESETS

CHANNEL = "c"


async def fresh_history(database: Path, game_id: int) -> GameHistory:
    """The history as a service that never replayed the game tells it."""
    async with await GameService.open(database=database, computer_policy=first_legal) as other:
        return await other.history(game_id=game_id)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
async def test_an_extended_history_is_the_history_replayed_from_nothing(tmp_path: Path, ruleset: str) -> None:
    database = tmp_path / "games.db"
    chooser = random.Random(5)
    async with await GameService.open(database=database, computer_policy=first_legal) as service:
        await service.create_game(channel_id=CHANNEL, host_id="u0", host_name="Ann", ruleset=ruleset)
        for n in (1, 2):
            await service.join(channel_id=CHANNEL, user_id=f"u{n}", user_name=f"Player {n}")
        game_id = (await service.start(channel_id=CHANNEL, actor_id="u0", seed=11)).game_id
        moves, left = 0, False
        while True:
            await service.idle()
            info = await service.game_info(game_id=game_id)
            history = await service.history(game_id=game_id)
            if moves % 7 == 0 or info.status != "running":
                assert history == await fresh_history(database, game_id)
            if info.status != "running":
                break
            if moves == 20 and not left:
                # A seat changes hands (a computer takes it over, under another name): the start is told anew.
                await service.leave(channel_id=CHANNEL, user_id="u2", game_id=game_id)
                left = True
                continue
            user = chooser.choice([d.user_id for d in info.to_decide if d.user_id is not None])
            side = await service.prompt(user_id=user, game_id=game_id)
            assert side.prompt is not None
            await service.submit(channel_id=CHANNEL, user_id=user, action=chooser.choice(side.prompt.actions),
                                 expected_version=side.prompt.decision.since_version, game_id=game_id)  # fmt: skip
            moves += 1
    assert left


async def test_a_replay_of_another_start_is_never_extended(tmp_path: Path) -> None:
    """Two games of the same seats, versions and moves' count but another seed: the one's kept replay is no start
    for the other's history."""
    from game_service.history import told_history

    async with await GameService.open(database=tmp_path / "games.db", computer_policy=first_legal) as service:
        rows = []
        for channel, seed in (("a", 1), ("b", 2)):
            await service.create_game(channel_id=channel, host_id="u0", host_name="Ann", ruleset="toy")
            await service.join(channel_id=channel, user_id="u1", user_name="Bob")
            game_id = (await service.start(channel_id=channel, actor_id="u0", seed=seed)).game_id
            for _ in range(3):
                info = await service.game_info(game_id=game_id)
                user = next(d.user_id for d in info.to_decide if d.user_id is not None)
                side = await service.prompt(user_id=user, game_id=game_id)
                assert side.prompt is not None
                await service.submit(channel_id=channel, user_id=user, action=side.prompt.actions[0],
                                     expected_version=side.prompt.decision.since_version, game_id=game_id)  # fmt: skip
            async with service._store.game_by_id(game_id) as game:
                actions = await service._store.repo.load_actions(game_id)
                notes = await service._store.repo.load_notes(game_id)
                rows.append((game.ruleset, game.row, actions, notes, game_info(game)))
    (_, kept_a), (fresh_b, _) = told_history(*rows[0]), told_history(*rows[1])
    assert [a.version for a in rows[0][2]] == [a.version for a in rows[1][2]]
    assert told_history(*rows[1], kept_a)[0] == fresh_b
