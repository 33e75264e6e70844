"""Statistics and ratings of a server's finished games: games played and won per player and rule system, and a
rating from openskill's Plackett-Luce model.

What counts and how is docs/rulings.md, "Ratings":

* every finished game of the server counts, rated in the order the games finished (then by id), by their final
  ranks (equal ranks share the place); abandoned games never count;
* each rule system has its own ratings;
* a person is rated by their user id; every computer seat of one level is one player, "the computer at that level";
* a seat handed to a computer during the game is the result of the person who held it (leaving a game does not
  avoid its result), and the computer level is not rated by it;
* several seats of one computer level in one game each play from the level's rating before the game, and the
  level's new rating is their results' average.

:func:`rate` rates games from scratch: the reference. The service keeps each server's ratings stored instead
(docs/benchmarks.md, "Ratings", says why) and folds the new games in at every read: a game finishing touches no
rating (no hook in the turn loop), and the read that follows rates, in finishing order, every finished game its
server's ratings do not count yet, a slice at a time, each slice's new ratings written and its games marked
counted in one transaction (:meth:`~game_service.storage.Repository.store_ratings`). A crash between a game's end
and that read only delays its rating; a crash during the read writes nothing of the slice it was folding (the
next read folds it); a game is never counted twice. A game that finished before one its rule system already
counts (two games finishing at nearly the same moment, written in the other order; a game from before servers were
recorded, claimed late) has that rule system rated again from its first game, so the stored ratings are always
those :func:`rate` gives.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple, cast

from openskill.models import PlackettLuce, PlackettLuceRating

from game_service.checks import checked
from game_service.results import PlayerRating, RulesetRatings
from game_service.storage import FinishedGame, RatingRow, RatingTable, StorageConflict, StoredRatings
from game_service.store import GameStore

#: The model with openskill's published defaults (mu 25, sigma 25/3): a newcomer's ordinal is 0.
MODEL = PlackettLuce()

#: How many times a read tries to write a fold before giving up: each failed try means a fold by another process
#: was written first, so the next try mostly finds nothing left to fold.
ATTEMPTS = 5

#: Games folded in per write, and games read per page when a rule system is rated again. The work is done in a
#: thread, but tens of thousands of games in memory at once make the garbage collector's full passes (which hold
#: every thread, the event loop's included) last a good part of a second; slices of this size keep them short.
SLICE = 200

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
    """One rule system's ratings while games are folded in: ``version`` is the stored table's (0: none stored yet),
    ``last`` the last game counted in finishing order, ``changed`` the players the fold has touched."""

    version: int = 0
    games: int = 0
    last: tuple[datetime, int] | None = None
    records: dict[Rated, _Record] = field(default_factory=dict)
    changed: set[Rated] = field(default_factory=set)


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
    """Fold one game into its rule system's table (games are folded in finishing order)."""
    players = seat_players(game)
    standings = [s for s in _standings(game.outcome) if s.seat in players]
    table.games += 1
    table.last = (game.finished_at, game.id)
    for standing in standings:
        rated, name = players[standing.seat]
        record = table.records.get(rated)
        if record is None:
            record = table.records[rated] = _Record(name, MODEL.rating())
        record.name = name
        table.changed.add(rated)
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


def _player(kind: str, who: str, name: str, played: int, won: int, mu: float, sigma: float) -> PlayerRating:
    return PlayerRating(user_id=who if kind == "user" else None, level=who if kind == "computer" else None,
                        name=name, played=played, won=won, mu=mu, sigma=sigma)  # fmt: skip


def _ordered(ruleset: str, games: int, players: Iterable[PlayerRating]) -> RulesetRatings:
    """A rule system's ratings: the players by conservative estimate, then by games played, people first."""
    ranked = sorted(players, key=lambda p: (-p.ordinal, -p.played, p.user_id is None, p.user_id or p.level or ""))
    return RulesetRatings(ruleset, games, tuple(ranked))


def _by_games(tables: Iterable[RulesetRatings]) -> tuple[RulesetRatings, ...]:
    """The rule systems with the most games first (ties by name)."""
    return tuple(sorted(tables, key=lambda r: (-r.games, r.ruleset)))


def _presented(tables: Mapping[str, _Table]) -> tuple[RulesetRatings, ...]:
    return _by_games(
        _ordered(ruleset, table.games, (
            _player(kind, who, r.name, r.played, r.won, r.rating.mu, r.rating.sigma)
            for (kind, who), r in table.records.items()
        ))
        for ruleset, table in tables.items()
    )  # fmt: skip


def _stored(stored: StoredRatings) -> tuple[RulesetRatings, ...]:
    """The stored ratings as they are (nothing to fold in)."""
    players: dict[str, list[PlayerRating]] = defaultdict(list)
    for p in stored.players:
        players[p.ruleset].append(_player(p.kind, p.who, p.name, p.played, p.won, p.mu, p.sigma))
    return _by_games(_ordered(t.ruleset, t.games, players[t.ruleset]) for t in stored.tables)


def _play_all(table: _Table, games: Iterable[FinishedGame]) -> None:
    for game in games:
        _play(table, game)


def rate(games: Iterable[FinishedGame]) -> tuple[RulesetRatings, ...]:
    """The ratings of every rule system among ``games`` (given in the order they finished), rated from scratch;
    the rule system with the most games first."""
    tables: dict[str, _Table] = defaultdict(_Table)
    for game in games:
        _play(tables[game.ruleset], game)
    return _presented(tables)


def _late_rulesets(stored: StoredRatings, new: Sequence[FinishedGame]) -> list[str]:
    """The rule systems of which a game to fold in finished before the last game their stored ratings count."""
    last = {t.ruleset: (t.last_finished_at, t.last_game_id) for t in stored.tables}
    return sorted({g.ruleset for g in new if g.ruleset in last and (g.finished_at, g.id) < last[g.ruleset]})


@dataclass(frozen=True, slots=True)
class _Fold:
    """The ratings after a fold, and what it writes: the tables it changed and their changed players."""

    ratings: tuple[RulesetRatings, ...]
    tables: tuple[RatingTable, ...]
    players: tuple[RatingRow, ...]


def _fold(stored: StoredRatings, new: Sequence[FinishedGame], again: Mapping[str, _Table]) -> _Fold:
    """Fold the games ``new`` (not counted yet, in finishing order) into the ``stored`` ratings; the rule systems of
    ``again`` (:func:`_late_rulesets`) were rated again from their first game, ``new`` ones included."""
    tables = {t.ruleset: _Table(t.version, t.games, (t.last_finished_at, t.last_game_id)) for t in stored.tables}
    for p in stored.players:
        if p.ruleset not in again:
            tables[p.ruleset].records[p.kind, p.who] = _Record(p.name, MODEL.rating(mu=p.mu, sigma=p.sigma), p.played,
                                                               p.won)  # fmt: skip
    tables.update(again)
    for game in new:
        if game.ruleset not in again:
            _play(tables.setdefault(game.ruleset, _Table()), game)
    # By rule system: two processes' folds then lock the stored tables in one order, never crosswise.
    changed = {ruleset: table for ruleset, table in sorted(tables.items()) if table.changed}
    return _Fold(
        ratings=_presented(tables),
        tables=tuple(
            RatingTable(ruleset, table.version, table.games, *cast(tuple[datetime, int], table.last))
            for ruleset, table in changed.items()
        ),
        players=tuple(
            RatingRow(ruleset, kind, who, r.name, r.played, r.won, r.rating.mu, r.rating.sigma)
            for ruleset, table in changed.items()
            for kind, who in table.changed
            for r in (table.records[kind, who],)
        ),
    )


class RatingCalls:
    """The service's statistics calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore

    @checked
    async def ratings(self, *, server_id: str, channels: Collection[str] = ()) -> tuple[RulesetRatings, ...]:
        """Games played and won and the rating of every player (computer levels included), per rule system, over
        the games finished on the server ``server_id`` (the id a front end gave ``create_game``); rule systems with
        the most games first. Games stored without a server (made before games recorded theirs) in ``channels``
        (a front end passes the server's) become the server's first."""
        if channels:
            await self._store.repo.claim_games(server_id, tuple(channels))
        # One fold at a time per server in this process; a fold by another process is refused by the storage.
        async with self._store.lock_for(("ratings", server_id)):
            conflicts = 0
            while True:
                try:
                    ratings, done = await self._slice_folded_in(server_id)
                except StorageConflict:
                    conflicts += 1
                    if conflicts == ATTEMPTS:
                        raise
                    continue  # another process's fold was written first: read again
                if done:
                    return ratings

    async def _slice_folded_in(self, server_id: str) -> tuple[tuple[RulesetRatings, ...], bool]:
        """Fold in (and write) the next slice of the games the server's stored ratings do not count yet: the
        ratings then, and whether no game was left."""
        repo = self._store.repo
        # The games first: the ratings read after them count every game another fold counted before, so that
        # with nothing left to fold they are complete (read the other way round, a fold written in between would
        # leave them a fold behind), and a game of ``new`` they count already makes the write below refused.
        new = await repo.games_to_rate(server_id, limit=SLICE)
        stored = await repo.stored_ratings(server_id)
        if not new:
            return _stored(stored), True
        late = _late_rulesets(stored, new)
        again = {ruleset: await self._rated_again(server_id, stored, ruleset, new) for ruleset in late}
        folded = await asyncio.to_thread(_fold, stored, new, again)
        await repo.store_ratings(server_id, tables=folded.tables, players=folded.players,
                                 rated=sorted(game.id for game in new))  # fmt: skip
        return folded.ratings, len(new) < SLICE

    async def _rated_again(
        self, server_id: str, stored: StoredRatings, ruleset: str, new: Sequence[FinishedGame]
    ) -> _Table:
        """One rule system rated from its first game: the games its stored ratings count, and those of ``new``."""
        (version,) = (t.version for t in stored.tables if t.ruleset == ruleset)
        table, after, folding = _Table(version), None, {game.id for game in new}
        while True:
            page = await self._store.repo.finished_games(server_id, ruleset, after=after, limit=SLICE)
            counted = [game for game in page if game.rated or game.id in folding]
            await asyncio.to_thread(_play_all, table, counted)
            if len(page) < SLICE:
                return table
            after = (page[-1].finished_at, page[-1].id)
