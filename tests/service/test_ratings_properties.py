"""Invariants of the ratings (game_service/ratings.py) over random finished games: rated from scratch (the
reference), and kept in storage of each backend and folded in at each read, which always equals the reference."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from computer_players.simple import first_legal
from game_service import GameService
from game_service.ratings import rate
from game_service.storage import FinishedGame, SeatRow, open_repository
from rules_core.codec import encode
from rules_core.engine import rank_standings
from tests.service.helpers import Database, FakeClock, Seat, write_game

START = datetime(2026, 11, 1, tzinfo=UTC)
#: Ratings are kept per rule system, by its name: these need no rules behind them (no game is replayed here).
RULE_SYSTEMS = ("toy", "another")
PEOPLE = ("ann", "bob", "cy", "dan", "eve")


def people_once(seats: list[tuple[str, int]]) -> bool:
    people = [who for who, _ in seats if not who.startswith("computer")]
    return len(people) == len(set(people))


#: One game: (person or computer level, score) per seat; a person has one seat, a computer level any number.
game_seats = st.lists(
    st.tuples(st.sampled_from((*PEOPLE, "computer:easy", "computer:hard")), st.integers(0, 3)), min_size=2, max_size=5
).filter(people_once)


def finished(number: int, seats: list[tuple[str, int]]) -> FinishedGame:
    at = START + timedelta(minutes=number)
    rows = tuple(
        SeatRow(i, None, who, True, at, who.partition(":")[2])
        if who.startswith("computer")
        else SeatRow(i, who, who, False, at)
        for i, (who, _) in enumerate(seats)
    )
    outcome = encode(rank_standings((i, score, (), ()) for i, (_, score) in enumerate(seats)))
    return FinishedGame(number + 1, RULE_SYSTEMS[0], at, outcome, rows)


@settings(deadline=None, max_examples=60)
@given(st.lists(game_seats, min_size=1, max_size=8))
def test_counts_add_up_and_the_ratings_depend_only_on_the_games(games: list[list[tuple[str, int]]]) -> None:
    written = [finished(n, seats) for n, seats in enumerate(games)]
    (ratings,) = rate(written)
    assert ratings.games == len(games)
    for player in ratings.players:
        who = player.user_id or f"computer:{player.level}"
        appearances = [seats for seats in games if who in {w for w, _ in seats}]
        assert player.played == len(appearances)
        best = [max(score for _, score in seats) for seats in appearances]
        wins = sum(1 for seats, top in zip(appearances, best, strict=True) if (who, top) in seats)
        assert player.won == wins
        assert player.sigma > 0
    ordinals = [p.ordinal for p in ratings.players]
    assert ordinals == sorted(ordinals, reverse=True)
    assert rate(written) == (ratings,), "recomputed, the same"


@settings(deadline=None, max_examples=40)
@given(st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=2, unique=True))
def test_the_winner_of_a_two_player_game_gains_and_the_loser_loses(pair: list[str]) -> None:
    (ratings,) = rate([finished(0, [(pair[0], 2), (pair[1], 1)])])
    winner, loser = ratings.players
    assert (winner.user_id, loser.user_id) == (pair[0], pair[1])
    assert winner.mu > 25 > loser.mu


#: The computer levels a seat may play at (a seat handed to a computer plays at the service's, "normal").
LEVELS = ("easy", "hard")


def a_person_plays_and_holds_one_seat(seats: list[Seat]) -> bool:
    """A game is finished by a person at least (with nobody left, it is abandoned), and a person holds one seat."""
    people = [s.user or s.left for s in seats if s.user or s.left]
    return any(s.user for s in seats) and len(people) == len(set(people))


#: A seat: a person, a computer level, or a person's seat handed to a computer; scores from few values, so ties.
seat = st.one_of(
    st.builds(Seat, st.integers(0, 3), user=st.sampled_from(PEOPLE)),
    st.builds(Seat, st.integers(0, 3), level=st.sampled_from(LEVELS)),
    st.builds(Seat, st.integers(0, 3), left=st.sampled_from(PEOPLE)),
)


@dataclass(frozen=True)
class Written:
    """A game written to storage: finished or abandoned, at a moment that may come before earlier ones, of the
    server, of another server, or from before servers were recorded (in a channel of the server)."""

    seats: list[Seat]
    minute: int
    ruleset: str
    status: str
    where: str


@dataclass(frozen=True)
class Read:
    """The server's ratings read, passing its channel (which claims its older games) or not."""

    claim: bool


step = st.one_of(
    st.builds(
        Written,
        st.lists(seat, min_size=2, max_size=5).filter(a_person_plays_and_holds_one_seat),
        st.integers(0, 20),
        st.sampled_from(RULE_SYSTEMS),
        st.sampled_from(("finished", "finished", "finished", "abandoned")),
        st.sampled_from(("server", "server", "older", "other")),
    ),
    st.builds(Read, st.booleans()),
)

#: Examples per backend: PostgreSQL writes are slower.
EXAMPLES = {"sqlite": 60, "postgresql": 25}


def test_the_stored_ratings_are_always_those_rated_from_scratch(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever games finish in whatever order between reads (abandoned ones, handovers, computer levels, ties,
    two rule systems, other servers' games, games claimed late), every read gives exactly what rating the server's
    finished games from scratch gives, to the last bit. Games are folded in (and rated again) two at a time, so
    that reads take several slices and pages."""
    monkeypatch.setattr("game_service.ratings.SLICE", 2)
    servers = itertools.count()

    async def run(steps: list[Written | Read]) -> None:
        number = next(servers)
        server, channel = f"s{number}", f"c{number}"
        repo = await open_repository(database.url)
        try:
            service = GameService(repository=repo, clock=FakeClock(), computer_policy=first_legal)
            for taken in [*steps, Read(claim=True)]:
                if isinstance(taken, Written):
                    owner = {"server": server, "older": None, "other": f"other-{number}"}[taken.where]
                    await write_game(repo, taken.seats, finished=taken.minute, channel=channel, server=owner,
                                     ruleset=taken.ruleset, status=taken.status)  # fmt: skip
                    continue
                ratings = await service.ratings(server_id=server, channels=[channel] if taken.claim else [])
                assert ratings == rate(await repo.finished_games(server))
                assert await repo.games_to_rate(server) == []
        finally:
            await repo.close()

    @settings(max_examples=EXAMPLES[database.kind], deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
    @given(st.lists(step, max_size=12))
    def check(steps: list[Written | Read]) -> None:
        asyncio.run(run(steps))

    check()
