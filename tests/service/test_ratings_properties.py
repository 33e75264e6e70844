"""Invariants of the ratings (game_service/ratings.py) over random finished games, without a database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from game_service.ratings import rate
from game_service.storage import FinishedGame, SeatRow
from rules_core.codec import encode
from rules_core.engine import rank_standings

START = datetime(2026, 11, 1, tzinfo=UTC)
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
    return FinishedGame(number + 1, "north_star", at, outcome, rows)


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
