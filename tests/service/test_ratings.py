"""Statistics and ratings of a server's finished games (game_service/ratings.py; docs/rulings.md, "Ratings"), over
both backends. Most games are written straight into the repository with the outcome a test needs (ties, computer
levels, seats handed over); one is played through the service."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from openskill.models import PlackettLuce

from computer_players.simple import first_legal
from game_service import GameService, RulesetRatings
from game_service.ratings import rate
from game_service.storage import Repository, StorageConflict, open_repository
from game_service.storage.migrations import migrations
from game_service.storage.repository import json_text
from rules_core.codec import encode
from rules_core.engine import rank_standings
from rules_core.origin.actions import Pass
from tests.origin import scenario as origin
from tests.service.helpers import SERVER_ID, Database, FakeClock, Seat, killed_when_written, write_game
from tests.toy.rules import Resign

#: The server's channels, where games from before servers were recorded were played.
CHANNELS = ("c1", "c2")


@pytest.fixture
async def repo(database: Database) -> AsyncIterator[Repository]:
    repository = await open_repository(database.url)
    yield repository
    await repository.close()


@pytest.fixture
def service(repo: Repository, clock: FakeClock) -> GameService:
    # Not closed here: the repository fixture closes the database.
    return GameService(repository=repo, clock=clock, computer_policy=first_legal)


def player(ratings: RulesetRatings, *, user: str | None = None, level: str | None = None) -> tuple[int, int, float]:
    """(played, won, mu) of a person or a computer level (mu to 9 places: float sums may differ in the last bit)."""
    for p in ratings.players:
        if (p.user_id, p.level) == (user, level):
            return p.played, p.won, round(p.mu, 9)
    raise AssertionError(f"{user or level} is not rated")


async def test_ranks_with_ties_are_rated_like_openskill_in_finishing_order(
    repo: Repository, service: GameService
) -> None:
    # The second game written finishes first: the ratings follow the finishing order, not the ids.
    await write_game(repo, [Seat(5, "ann"), Seat(5, "bob"), Seat(2, "cy")], finished=20, ruleset="north_star")
    await write_game(repo, [Seat(1, "ann"), Seat(9, "cy")], finished=10, ruleset="north_star")
    (ratings,) = await service.ratings(server_id=SERVER_ID)

    model = PlackettLuce()
    ann, bob, cy = model.rating(), model.rating(), model.rating()
    [[cy], [ann]] = model.rate([[cy], [ann]], ranks=[1.0, 2.0])
    [[ann], [bob], [cy]] = model.rate([[ann], [bob], [cy]], ranks=[1.0, 1.0, 3.0])
    assert ratings.games == 2
    assert player(ratings, user="ann") == (2, 1, round(ann.mu, 9))
    assert player(ratings, user="bob") == (1, 1, round(bob.mu, 9))
    assert player(ratings, user="cy") == (2, 1, round(cy.mu, 9))
    assert [p.ordinal for p in ratings.players] == sorted((p.ordinal for p in ratings.players), reverse=True)
    # Recomputed from the same games, the same numbers.
    assert await service.ratings(server_id=SERVER_ID) == (ratings,)


async def test_abandoned_games_and_other_servers_games_do_not_count(repo: Repository, service: GameService) -> None:
    await write_game(repo, [Seat(3, "ann"), Seat(1, "bob")], finished=1, channel="c2", ruleset="north_star")
    await write_game(repo, [Seat(0, "ann"), Seat(0, "dan")], finished=2, status="abandoned", ruleset="north_star")
    await write_game(
        repo, [Seat(1, "ann"), Seat(3, "eve")], finished=3, channel="elsewhere", server="s2", ruleset="north_star"
    )
    (ratings,) = await service.ratings(server_id=SERVER_ID, channels=CHANNELS)
    assert ratings.games == 1
    assert {p.user_id for p in ratings.players} == {"ann", "bob"}
    assert player(ratings, user="ann")[:2] == (1, 1)
    (elsewhere,) = await service.ratings(server_id="s2")
    assert {p.user_id for p in elsewhere.players} == {"ann", "eve"}
    assert await service.ratings(server_id="nowhere") == ()


async def test_a_game_counts_for_its_server_whatever_becomes_of_its_channel(
    repo: Repository, service: GameService
) -> None:
    """A game played in a thread counts while the thread is archived (the bot's cache lists no archived thread, so
    its channel is not among those passed), and after the channel is deleted (docs/rulings.md, "Ratings")."""
    await write_game(repo, [Seat(3, "ann"), Seat(1, "bob")], finished=1, channel="a-thread", ruleset="north_star")
    (ratings,) = await service.ratings(server_id=SERVER_ID, channels=CHANNELS)
    assert ratings.games == 1


async def test_games_from_before_servers_were_recorded_are_claimed_by_their_servers_channels(
    repo: Repository, service: GameService
) -> None:
    await write_game(
        repo, [Seat(3, "ann"), Seat(1, "bob")], finished=1, channel="c1", server=None, ruleset="north_star"
    )
    await write_game(
        repo, [Seat(3, "ann"), Seat(1, "cy")], finished=2, channel="a-thread", server=None, ruleset="north_star"
    )
    # A tutorial in a direct message: no server's channels hold it.
    await write_game(
        repo, [Seat(5, "ann"), Seat(1, level="easy")], finished=3, channel="dm", server=None, ruleset="north_star"
    )
    await write_game(repo, [Seat(1, "ann"), Seat(3, "dan")], finished=4, channel="c2", ruleset="north_star")
    (ratings,) = await service.ratings(server_id=SERVER_ID, channels=CHANNELS)
    assert ratings.games == 2
    assert {p.user_id for p in ratings.players} == {"ann", "bob", "dan"}
    # The thread is active again (the cache holds it): its older game is claimed, and the ratings are those of the
    # three games in the order they finished, as if counted from the start.
    (ratings,) = await service.ratings(server_id=SERVER_ID, channels=(*CHANNELS, "a-thread"))
    assert ratings.games == 3
    assert (ratings,) == rate(await repo.finished_games(SERVER_ID))
    # Claimed for good: still counted when the thread is archived again.
    assert await service.ratings(server_id=SERVER_ID, channels=CHANNELS) == (ratings,)
    assert "easy" not in {p.level for p in ratings.players}, "the direct message's game is no server's"


async def test_a_game_that_finished_before_one_already_counted_has_its_rule_system_rated_again(
    repo: Repository, service: GameService
) -> None:
    """Two games finishing at nearly the same moment can be written in the other order (and a read can fall
    between): the later-written game is still rated before the other, as finishing order says."""
    await write_game(repo, [Seat(1, "ann"), Seat(3, "bob")], finished=10, ruleset="north_star")
    await write_game(repo, [Seat(1, "cy"), Seat(3, "dan")], finished=10, ruleset="origin")
    await service.ratings(server_id=SERVER_ID)
    await write_game(repo, [Seat(3, "ann"), Seat(1, "bob"), Seat(2, "cy")], finished=5, ruleset="north_star")
    await write_game(repo, [Seat(3, "cy"), Seat(1, "dan")], finished=11, ruleset="origin")
    ratings = await service.ratings(server_id=SERVER_ID)
    assert [r.games for r in ratings] == [2, 2]
    assert ratings == rate(await repo.finished_games(SERVER_ID))


async def test_a_late_game_among_more_games_than_one_slice_rates_its_rule_system_again_without_the_next_slice(
    repo: Repository, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games a slice: the first slice holds a game that finished before the one counted, so its rule system is
    rated again from its first game, page by page; a game of the next slice is not counted then, only once."""
    monkeypatch.setattr("game_service.ratings.SLICE", 2)
    await write_game(repo, [Seat(1, "ann"), Seat(3, "bob")], finished=10, ruleset="north_star")
    await service.ratings(server_id=SERVER_ID)
    for minute in (5, 20, 30):
        await write_game(
            repo, [Seat(minute % 4, "ann"), Seat(2, "bob"), Seat(1, "cy")], finished=minute, ruleset="north_star"
        )
    (ratings,) = await service.ratings(server_id=SERVER_ID)
    assert ratings.games == 4
    assert (ratings,) == rate(await repo.finished_games(SERVER_ID))


async def test_every_finished_game_is_folded_in_once_and_the_stored_ratings_are_read_back_exactly(
    repo: Repository, service: GameService
) -> None:
    await write_game(
        repo, [Seat(9, level="hard"), Seat(4, level="hard"), Seat(6, "ann")], finished=1, ruleset="north_star"
    )
    first = await service.ratings(server_id=SERVER_ID)
    await write_game(repo, [Seat(2, "ann"), Seat(7, left="bob"), Seat(7, "cy")], finished=2, ruleset="north_star")
    await write_game(repo, [Seat(2, "ann"), Seat(7, "bob")], finished=3, ruleset="origin")
    second = await service.ratings(server_id=SERVER_ID)
    assert first != second == rate(await repo.finished_games(SERVER_ID))
    assert await service.ratings(server_id=SERVER_ID) == second, "read back from storage, to the last bit"
    assert await repo.games_to_rate(SERVER_ID) == []
    stored = await repo.stored_ratings(SERVER_ID)
    assert sorted((t.ruleset, t.version, t.games) for t in stored.tables) == [("north_star", 2, 2), ("origin", 1, 1)]
    assert len(stored.players) == sum(len(r.players) for r in second)


async def test_each_rule_system_has_its_own_ratings(repo: Repository, service: GameService) -> None:
    await write_game(repo, [Seat(3, "ann"), Seat(1, "bob")], finished=1, ruleset="origin")
    await write_game(repo, [Seat(1, "ann"), Seat(3, "bob")], finished=2, ruleset="north_star")
    await write_game(repo, [Seat(1, "ann"), Seat(3, "bob")], finished=3, ruleset="north_star")
    north, origin = await service.ratings(server_id=SERVER_ID)
    assert (north.ruleset, north.games, origin.ruleset, origin.games) == ("north_star", 2, "origin", 1)
    assert [p.user_id for p in north.players] == ["bob", "ann"]
    assert [p.user_id for p in origin.players] == ["ann", "bob"]
    assert (north.rank_of("ann"), origin.rank_of("ann"), origin.rank_of("zed")) == (2, 1, None)


async def test_computers_are_rated_per_level_and_a_handed_over_seat_is_its_persons(
    repo: Repository, service: GameService
) -> None:
    # Two hard seats in one game: each plays from the level's rating, and the level gets their average.
    await write_game(repo, [Seat(9, level="hard"), Seat(4, level="hard"), Seat(6, "ann"), Seat(1, level="easy")],
                     finished=1, ruleset="north_star")  # fmt: skip
    # Bob left and a computer finished (and won) his game: the win is Bob's, no computer level is rated by it.
    await write_game(repo, [Seat(2, "ann"), Seat(7, left="bob")], finished=2, ruleset="north_star")
    (ratings,) = await service.ratings(server_id=SERVER_ID)

    model = PlackettLuce()
    hard, ann, easy = model.rating(), model.rating(), model.rating()
    [[first], [third], [ann], [easy]] = model.rate([[hard], [hard], [ann], [easy]], ranks=[1.0, 3.0, 2.0, 4.0])
    assert player(ratings, level="hard") == (1, 1, round((first.mu + third.mu) / 2, 9))
    assert player(ratings, level="easy") == (1, 0, round(easy.mu, 9))
    assert player(ratings, user="bob")[:2] == (1, 1)
    assert player(ratings, user="ann")[:2] == (2, 0)
    assert {p.level for p in ratings.players} == {None, "hard", "easy"}
    bob = next(p for p in ratings.players if p.user_id == "bob")
    assert bob.name == "bob"


async def test_a_game_played_through_the_service_is_rated(service: GameService) -> None:
    await service.create_game(channel_id="c1", host_id="ann", host_name="Ann", ruleset="toy", server_id=SERVER_ID)
    await service.join(channel_id="c1", user_id="bob", user_name="Bob")
    started = await service.start(channel_id="c1", actor_id="ann", seed=1)
    result = await service.submit(channel_id="c1", user_id="bob", action=Resign(1), expected_version=started.version)
    assert result.status == "finished"
    (ratings,) = await service.ratings(server_id=SERVER_ID)
    assert (ratings.ruleset, ratings.games) == ("toy", 1)
    assert [(p.user_id, p.name, p.played, p.won) for p in ratings.players] == [("ann", "Ann", 1, 1),
                                                                                ("bob", "Bob", 1, 0)]  # fmt: skip


async def test_a_tie_decided_by_the_original_games_dice_is_two_places_not_a_share(
    repo: Repository, service: GameService
) -> None:
    """The original game's tie-break ``discards`` (docs/rulings.md, "Tie-break: discards"): players equal on points
    and on cards discarded roll a die; the ratings read the places the dice gave."""
    tied = origin.scenario(
        food_base=0,
        last_turn=True,
        options={"tie_break": "discards"},
        rng={"seed": 0, "script": [1, 4]},
        players=[origin.player("Ann", origin.animal(0, food=1)), origin.player("Bob", origin.animal(1, food=1))],
    )
    ended, _ = origin.RULES.apply(tied, Pass(0))
    outcome = origin.RULES.outcome(ended)
    assert outcome is not None and [s.score for s in outcome.standings] == [2, 2]
    await write_game(repo, [Seat(2, "ann"), Seat(2, "bob")], finished=1, ruleset="origin", outcome=outcome)
    (ratings,) = await service.ratings(server_id=SERVER_ID)
    model = PlackettLuce()
    [[bob], [ann]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    assert player(ratings, user="bob") == (1, 1, round(bob.mu, 9))
    assert player(ratings, user="ann") == (1, 0, round(ann.mu, 9))


@pytest.mark.parametrize("stop", ["resign", "before", "after"])
async def test_a_process_killed_between_a_games_end_and_its_rating_loses_and_doubles_nothing(
    database: Database, clock: FakeClock, stop: str
) -> None:
    """SIGKILL right after the final action's write (nothing has rated the game), once the fold that rates it is
    computed but before its write, or right after that write: the next read counts the game once."""
    repo = await open_repository(database.url)
    service = GameService(repository=repo, clock=clock, computer_policy=first_legal)
    try:
        await write_game(
            repo, [Seat(5, "ann"), Seat(5, "bob"), Seat(2, level="hard")], finished=1, ruleset="north_star"
        )
        await write_game(repo, [Seat(1, "ann"), Seat(9, "cy")], finished=2, ruleset="toy")
        before = await service.ratings(server_id=SERVER_ID)
        await service.create_game(channel_id="c", host_id="ann", host_name="Ann", ruleset="toy", server_id=SERVER_ID)
        await service.join(channel_id="c", user_id="bob", user_name="Bob")
        started = await service.start(channel_id="c", actor_id="ann", seed=1)
        if stop != "resign":
            await service.submit(channel_id="c", user_id="bob", action=Resign(1), expected_version=started.version)
    finally:
        await repo.close()
    if stop == "resign":
        killed_when_written(database, clock.now, "resign", "bob", "1", str(started.version))
    else:
        killed_when_written(database, clock.now, "rate", stop)

    repo = await open_repository(database.url)
    service = GameService(repository=repo, clock=clock, computer_policy=first_legal)
    try:
        left = [game.ruleset for game in await repo.games_to_rate(SERVER_ID)]
        assert left == ([] if stop == "after" else ["toy"]), "killed where the test meant"
        ratings = await service.ratings(server_id=SERVER_ID)
        assert ratings == rate(await repo.finished_games(SERVER_ID)) != before
        assert [(r.ruleset, r.games) for r in ratings] == [("toy", 2), ("north_star", 1)]
        assert player(ratings[0], user="bob")[:2] == (1, 0)
        assert await service.ratings(server_id=SERVER_ID) == ratings
    finally:
        await repo.close()


def as_stored(database: Database, value: datetime | bool) -> Any:
    """A moment or a flag as the backend stores it (text and 0/1 in SQLite)."""
    if database.kind == "postgresql":
        return value
    return value.isoformat() if isinstance(value, datetime) else int(value)


async def an_old_game(database: Database, channel: str, status: str, seats: list[tuple[str | None, int]]) -> None:
    """A game written as a program before migration 0008 wrote it: no server; a lobby with its host, or a game
    that ended (seats: user id or None for an easy computer, score)."""
    at = datetime(2026, 6, 1, tzinfo=UTC) + timedelta(hours=len(await database.fetch("SELECT id FROM games")))
    outcome = json_text(encode(rank_standings((i, score, (), ()) for i, (_, score) in enumerate(seats))))
    ended = status != "lobby"
    await database.execute(
        "INSERT INTO games (channel_id, ruleset, host_id, status, created_at, finished_at, outcome) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        channel, "toy" if status == "lobby" else "north_star", seats[0][0], status, as_stored(database, at),
        as_stored(database, at) if ended else None, outcome if status == "finished" else None,
    )  # fmt: skip
    ((game_id,),) = await database.fetch("SELECT max(id) FROM games")
    for seat, (user, _) in enumerate(seats):
        await database.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, is_computer, joined_at, level) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            game_id, seat, user, user or "Computer", as_stored(database, user is None), as_stored(database, at),
            None if user else "easy",
        )  # fmt: skip


async def test_a_database_from_before_migration_0008_has_its_finished_games_rated_at_the_first_read(
    database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seven = migrations()[:7]
    monkeypatch.setattr("game_service.storage.migrations.migrations", lambda: seven)
    old = await open_repository(database.url)
    assert await old.schema_version() == 7
    await old.close()
    monkeypatch.undo()
    await an_old_game(database, "c1", "finished", [("ann", 5), ("bob", 3), (None, 4)])
    await an_old_game(database, "c2", "finished", [("bob", 5), ("ann", 5)])
    await an_old_game(database, "c2", "abandoned", [("ann", 1), ("cy", 9)])
    await an_old_game(database, "dm", "finished", [("ann", 1), (None, 9)])
    await an_old_game(database, "c1", "lobby", [("ann", 0)])

    repo = await open_repository(database.url)
    service = GameService(repository=repo, clock=clock, computer_policy=first_legal)
    try:
        assert await repo.schema_version() == len(migrations())
        # The lobby opened before the upgrade is played to its end after it.
        await service.join(channel_id="c1", user_id="cy", user_name="Cy")
        started = await service.start(channel_id="c1", actor_id="ann", seed=1)
        await service.submit(channel_id="c1", user_id="cy", action=Resign(1), expected_version=started.version)
        north, toy = await service.ratings(server_id=SERVER_ID, channels=CHANNELS)
        assert [(north.ruleset, north.games), (toy.ruleset, toy.games)] == [("north_star", 2), ("toy", 1)]
        assert player(north, level="easy")[:2] == (1, 0), "the direct message's game is nobody's server's"
        assert (north, toy) == rate(await repo.finished_games(SERVER_ID))
        assert await repo.games_to_rate(SERVER_ID) == []
        assert await service.ratings(server_id=SERVER_ID) == (north, toy)
    finally:
        await repo.close()


async def test_two_processes_folding_at_once_count_each_game_once(
    database: Database, repo: Repository, service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two services on one database (as two bot processes: each its own connections and locks) read the ratings at
    the same moment, slice by slice: a fold written over another is refused by the storage and read again."""
    monkeypatch.setattr("game_service.ratings.SLICE", 2)
    other_repo = await open_repository(database.url)
    other = GameService(repository=other_repo, clock=clock, computer_policy=first_legal)
    refused: list[StorageConflict] = []
    for storage in (repo, other_repo):
        monkeypatch.setattr(storage, "store_ratings", noting_conflicts(storage.store_ratings, refused))
    try:
        for round_ in range(3):
            for minute in range(5):
                seats = [Seat(minute % 3, "ann"), Seat(1, "bob"), Seat(round_, level="easy")]
                await write_game(
                    repo, seats, finished=10 * round_ + minute, ruleset=("north_star", "origin")[minute % 2]
                )
            mine, theirs = await asyncio.gather(
                service.ratings(server_id=SERVER_ID), other.ratings(server_id=SERVER_ID)
            )
            assert mine == theirs == rate(await repo.finished_games(SERVER_ID))
        assert sum(r.games for r in mine) == 15
        assert refused, "the two folds met"
    finally:
        await other_repo.close()


def noting_conflicts(write: Callable[..., Awaitable[None]], refused: list[StorageConflict]) -> Callable[..., Any]:
    async def noted(*args: Any, **kwargs: Any) -> None:
        try:
            await write(*args, **kwargs)
        except StorageConflict as conflict:
            refused.append(conflict)
            raise

    return noted


async def test_a_read_counts_every_game_finished_before_it_though_another_process_folds_them_meanwhile(
    database: Database, repo: Repository, service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process folds every new game in just after this read's first look at the storage (whichever that
    look is): the answer still counts them all."""
    await write_game(repo, [Seat(1, "ann"), Seat(3, "bob")], finished=1, ruleset="north_star")
    await service.ratings(server_id=SERVER_ID)
    await write_game(repo, [Seat(3, "ann"), Seat(1, "bob")], finished=2, ruleset="north_star")
    other_repo = await open_repository(database.url)
    other = GameService(repository=other_repo, clock=clock, computer_policy=first_legal)
    meanwhile: list[tuple[RulesetRatings, ...]] = []

    def then_the_other_folds(read: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def looked(*args: Any, **kwargs: Any) -> Any:
            found = await read(*args, **kwargs)
            if not meanwhile:
                meanwhile.append(await other.ratings(server_id=SERVER_ID))
            return found

        return looked

    for name in ("games_to_rate", "stored_ratings"):
        monkeypatch.setattr(repo, name, then_the_other_folds(getattr(repo, name)))
    try:
        (ratings,) = await service.ratings(server_id=SERVER_ID)
        assert ratings.games == 2
        assert (ratings,) == meanwhile[0] == rate(await repo.finished_games(SERVER_ID))
    finally:
        await other_repo.close()
