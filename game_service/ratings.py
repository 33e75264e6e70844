"""Statistics and ratings over the finished games of a set of channels (a Discord server's, as its front end names
them): games played and won per player and rule system, and a rating from openskill's Plackett-Luce model.

The ratings are recomputed from the stored games on every call, so they are always those the games give and need
no table of their own (``benchmarks/ratings.py`` measures the cost; docs/benchmarks.md, "Ratings"). What counts
and how is docs/rulings.md, "Ratings":

* every finished game counts, rated in the order the games finished, by their final ranks (equal ranks share the
  place); abandoned games never count;
* each rule system has its own ratings;
* a person is rated by their user id; every computer seat of one level is one player, "the computer at that level";
* a seat handed to a computer during the game is the result of the person who held it (leaving a game does not
  avoid its result), and the computer level is not rated by it;
* several seats of one computer level in one game each play from the level's rating before the game, and the
  level's new rating is their results' average.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, cast

from openskill.models import PlackettLuce, PlackettLuceRating

from game_service.checks import checked
from game_service.results import PlayerRating, RulesetRatings
from game_service.storage import FinishedGame
from game_service.store import GameStore

#: The model with openskill's published defaults (mu 25, sigma 25/3): a newcomer's ordinal is 0.
MODEL = PlackettLuce()

#: Who a rating belongs to: ``("user", user id)`` or ``("computer", level)``.
Rated = tuple[str, str]


class Placed(NamedTuple):
    seat: int
    rank: int


@dataclass(slots=True)
class _Record:
    name: str
    rating: PlackettLuceRating
    played: int = 0
    won: int = 0


@dataclass(slots=True)
class _Table:
    games: int = 0
    records: dict[Rated, _Record] = field(default_factory=dict)


def seat_players(game: FinishedGame) -> dict[int, tuple[Rated, str]]:
    """Who each seat's result belongs to, and the name shown for them."""
    found: dict[int, tuple[Rated, str]] = {}
    for seat in game.seats:
        person = seat.user_id if seat.user_id is not None else game.handed_over.get(seat.seat)
        if person is not None:
            found[seat.seat] = (("user", person), seat.name)
        else:
            # Every computer seat has a level: migration 0007 gave each older one the level it played at.
            level = cast(str, seat.level)
            found[seat.seat] = (("computer", level), level)
    return found


def _standings(outcome: Mapping[str, Any]) -> list[Placed]:
    """Each seat's final rank, read from the stored (encoded) :class:`rules_core.engine.Outcome` directly: the
    codec's full decoding would be most of the time a leaderboard takes."""
    return [Placed(int(s["seat"]), int(s["rank"])) for s in outcome["standings"]]


def _play(table: _Table, game: FinishedGame) -> None:
    players = seat_players(game)
    standings = [s for s in _standings(game.outcome) if s.seat in players]
    table.games += 1
    for standing in standings:
        rated, name = players[standing.seat]
        record = table.records.get(rated)
        if record is None:
            record = table.records[rated] = _Record(name, MODEL.rating())
        record.name = name
    # A player is counted once per game, however many seats they had (several computers of one level).
    for rated in {players[s.seat][0] for s in standings}:
        table.records[rated].played += 1
    for rated in {players[s.seat][0] for s in standings if s.rank == 1}:
        table.records[rated].won += 1
    if len(standings) < 2:
        return
    teams = [[table.records[players[s.seat][0]].rating] for s in standings]
    rated_teams = MODEL.rate(teams, ranks=[float(s.rank) for s in standings])
    after: dict[Rated, list[PlackettLuceRating]] = defaultdict(list)
    for standing, team in zip(standings, rated_teams, strict=True):
        after[players[standing.seat][0]].append(team[0])
    for rated, ratings in after.items():
        if len(ratings) == 1:
            table.records[rated].rating = ratings[0]
        else:
            table.records[rated].rating = MODEL.rating(
                mu=sum(r.mu for r in ratings) / len(ratings), sigma=sum(r.sigma for r in ratings) / len(ratings)
            )


def rate(games: Iterable[FinishedGame]) -> tuple[RulesetRatings, ...]:
    """The ratings of every rule system among ``games`` (given in the order they finished), the rule system with
    the most games first; in each, the players by conservative estimate, then by games played."""
    tables: dict[str, _Table] = defaultdict(_Table)
    for game in games:
        _play(tables[game.ruleset], game)
    ratings = []
    for ruleset, table in tables.items():
        players = [
            PlayerRating(
                user_id=who if kind == "user" else None,
                level=who if kind == "computer" else None,
                name=record.name,
                played=record.played,
                won=record.won,
                mu=record.rating.mu,
                sigma=record.rating.sigma,
            )
            for (kind, who), record in table.records.items()
        ]
        players.sort(key=lambda p: (-p.ordinal, -p.played, p.user_id is None, p.user_id or p.level or ""))
        ratings.append(RulesetRatings(ruleset, table.games, tuple(players)))
    ratings.sort(key=lambda r: (-r.games, r.ruleset))
    return tuple(ratings)


class RatingCalls:
    """The service's statistics calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore

    @checked
    async def ratings(self, *, channels: Collection[str]) -> tuple[RulesetRatings, ...]:
        """Games played and won and the rating of every player (computer levels included), per rule system, over
        the games finished in ``channels`` (a front end passes its server's); rule systems with the most games
        first."""
        games = await self._store.repo.finished_games(tuple(channels))
        # Thousands of games take a good part of a second to rate: off the event loop.
        return await asyncio.to_thread(rate, games)
