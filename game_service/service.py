"""The application service: every front end (the Discord bot, the console, tests) plays through it.

The master loop of boardgame.io, without a transport: load the game, check that the actor holds the seat and that
the request was made against the current version, let the rules check and apply the action, persist the action
and the new snapshot in one transaction, then let computer seats move the same way, and hand back the events split
by who may see them. Plain ids in (user and channel ids are strings), plain data out.

One game's requests are serialised by a per-game ``asyncio.Lock``; different games run concurrently (their writes
share group commits in the storage). A refused request changes nothing: the state is immutable, the in-memory
cache is updated only after a commit, and storage writes are all-or-nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from os import PathLike
from types import TracebackType
from typing import Any, cast

from game_service.computers import ComputerPolicy, DefaultPolicy, timeout_policy
from game_service.deadlines import GRACE_AFTER_CHANGE, MAX_EXTENSION, Deadlines, checked_deadline_settings, deadlines_of
from game_service.errors import (
    AlreadyComputer,
    AlreadyJoined,
    AlreadyPaused,
    AlreadyStarted,
    AlreadyVoted,
    BadExtension,
    BadSettings,
    CannotKickSelf,
    CannotVoteOnSelf,
    GameClosed,
    GameExists,
    GameFull,
    NoDeadlines,
    NoGameHere,
    NoSuchSeat,
    NotAPlayer,
    NotHost,
    NotPaused,
    NotSilent,
    NotStarted,
    NotYourSeat,
    StaleVersion,
    TooFewPlayers,
    UnknownGame,
)
from game_service.results import (
    ActionResult,
    DueWork,
    GameHistory,
    GameInfo,
    GameStatus,
    HistoryEntry,
    HistoryKind,
    LegalActions,
    MembershipResult,
    MyTurn,
    PendingDecision,
    PlayedBy,
    Reminder,
    SeatInfo,
    Step,
    TimedOut,
    VoteKind,
    VoteResult,
)
from game_service.storage import (
    ActionRow,
    ChannelBusy,
    DecisionRow,
    Ending,
    GameRow,
    NewGame,
    NoteRow,
    Repository,
    SeatRow,
    Snapshot,
    SqliteRepository,
    StorageConflict,
    VersionConflict,
    VoteRow,
)
from rules_core.codec import encode
from rules_core.engine import Event, Outcome, Ruleset
from rules_core.errors import MalformedInput, Refusal
from rules_core.registry import find_ruleset

logger = logging.getLogger(__name__)

Clock = Callable[[], datetime]
ACTIVE = ("lobby", "running")
#: The setting that keeps each seated player's language (user id -> language code; see remember_player_language).
PLAYER_LANGUAGES = "player_languages"
#: A seed fits a signed 64-bit integer column in SQLite and PostgreSQL alike.
SEED_BITS = 63
#: A computer seat that never lets the game reach a human or an end is a bug; stop rather than spin forever.
MAX_COMPUTER_STEPS = 100_000
#: How many due decisions the scheduler takes from storage at a time.
DUE_BATCH = 200


class CorruptGame(RuntimeError):
    """The stored action log does not replay (a bug or a damaged file, never a user's mistake)."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def checksum(text: str) -> str:
    """A cheap checksum of a snapshot's JSON text, to notice a damaged or hand-edited snapshot."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def make_snapshot(ruleset: Ruleset[Any, Any, Any], state: Any) -> Snapshot:
    text = json.dumps(ruleset.dump_state(state), separators=(",", ":"), ensure_ascii=False)
    return Snapshot(ruleset.version(state), ruleset.format_version, text, checksum(text))


@dataclass(slots=True)
class _Game:
    """A game loaded under its lock: the stored row and, once started, the state at ``row.log_version``."""

    row: GameRow
    ruleset: Ruleset[Any, Any, Any]
    state: Any

    @property
    def version(self) -> int:
        return 0 if self.state is None else self.ruleset.version(self.state)

    def seat_of(self, user_id: str) -> SeatRow | None:
        for seat in self.row.seats:
            if seat.user_id == user_id:
                return seat
        return None


@dataclass(frozen=True, slots=True)
class _Computed:
    """An action applied in memory, ready to be written."""

    action: Any
    played_by: PlayedBy
    state: Any
    events: tuple[Event, ...]


class _Run:
    """Collects the steps of one request (a human move and the computer moves after it)."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.public: list[Event] = []
        self.private: dict[str, list[Event]] = {}

    def add_events(self, events: Iterable[Event], seats: Sequence[SeatRow]) -> tuple[Event, ...]:
        public: list[Event] = []
        for event in events:
            audience = event.audience
            if audience is None:
                public.append(event)
                continue
            for seat in sorted(audience):
                if 0 <= seat < len(seats) and seats[seat].user_id is not None:
                    self.private.setdefault(cast(str, seats[seat].user_id), []).append(event)
        self.public.extend(public)
        return tuple(public)


class GameService:
    """Lobbies, moves, views and history of every game, over one :class:`Repository`.

    Every method that names a channel also takes an optional ``game_id``: a button carries the id of the game it
    was made for, and with it a request can never reach a newer game in the same channel (``game_closed`` if that
    game is over, ``no_game_here`` if it is another channel's).
    """

    def __init__(
        self,
        *,
        repository: Repository,
        clock: Clock = utc_now,
        computer_policy: ComputerPolicy | None = None,
        cache_size: int = 2048,
    ) -> None:
        self._repo = repository
        self._clock = clock
        self._policy: ComputerPolicy = computer_policy if computer_policy is not None else DefaultPolicy()
        self._locks: weakref.WeakValueDictionary[Any, asyncio.Lock] = weakref.WeakValueDictionary()
        # Parsed states by game id, each with the snapshot version and checksum it was read or written at. Only
        # a speed-up: every load first reads the stored versions and checksum and uses an entry only if they match.
        self._cache: OrderedDict[int, tuple[int, str, Any]] = OrderedDict()
        self._cache_size = cache_size
        # Channel id -> its active game's id, as last seen (checked on every use).
        self._channels: dict[str, int] = {}

    @classmethod
    async def open(
        cls,
        *,
        database: str | PathLike[str],
        clock: Clock = utc_now,
        computer_policy: ComputerPolicy | None = None,
        cache_size: int = 2048,
    ) -> GameService:
        """Open (creating and migrating if needed) the SQLite file ``database``."""
        repository = await SqliteRepository.open(database)
        return cls(repository=repository, clock=clock, computer_policy=computer_policy, cache_size=cache_size)

    async def close(self) -> None:
        await self._repo.close()

    async def __aenter__(self) -> GameService:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    # Lobby.

    async def create_game(
        self,
        *,
        channel_id: str,
        host_id: str,
        host_name: str,
        ruleset: str = "north_star",
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> GameInfo:
        """Open a lobby in the channel with the host in seat 0. Options are the ruleset's, checked now."""
        rules = find_ruleset(ruleset)
        options = dict(options or {})
        # Building a throwaway game checks the options the way the start will (an unknown option is refused now).
        rules.new_game(players=[f"seat {i}" for i in range(rules.min_players)], options=options, seed=0)
        settings = {k: v for k, v in _checked_settings(settings or {}).items() if v is not None}
        async with self._lock_for(("channel", channel_id)):
            existing = await self._repo.active_game_id(channel_id)
            if existing is not None:
                raise GameExists("this channel already has a game", channel_id=channel_id, game_id=existing)
            now = self._now()
            try:
                game_id = await self._repo.create_game(
                    NewGame(channel_id, rules.name, options, settings, host_id, now),
                    SeatRow(0, host_id, host_name, False, now),
                    NoteRow("created", 0, now, seat=0, user_id=host_id, actor_id=host_id),
                )
            except ChannelBusy:
                # Another process took the channel between our look and our write.
                raise GameExists("this channel already has a game", channel_id=channel_id) from None
        return await self.game_info(game_id=game_id)

    async def join(self, *, channel_id: str, user_id: str, user_name: str, game_id: int | None = None) -> GameInfo:
        async with self._channel_game(channel_id, game_id) as game:
            seat = game.seat_of(user_id)
            if seat is not None:
                raise AlreadyJoined("you are already in this game", user_id=user_id, seat=seat.seat)
            self._require_lobby(game)
            if len(game.row.seats) >= game.ruleset.max_players:
                raise GameFull("every seat is taken", max_players=game.ruleset.max_players)
            now = self._now()
            new = SeatRow(len(game.row.seats), user_id, user_name, False, now)
            await self._repo.update_game(
                game.row.id,
                host_id=game.row.host_id,
                seats=(*game.row.seats, new),
                notes=[NoteRow("joined", 0, now, seat=new.seat, user_id=user_id, actor_id=user_id)],
            )
            return await self._reloaded_info(game.row.id)

    async def add_computer(
        self,
        *,
        channel_id: str,
        actor_id: str,
        actor_is_admin: bool = False,
        name: str | None = None,
        game_id: int | None = None,
    ) -> GameInfo:
        """Seat a computer player in the lobby (host or admin). ``name`` defaults to "Computer N"."""
        async with self._channel_game(channel_id, game_id) as game:
            self._require_lobby(game)
            self._require_host(game, actor_id, actor_is_admin)
            if len(game.row.seats) >= game.ruleset.max_players:
                raise GameFull("every seat is taken", max_players=game.ruleset.max_players)
            now = self._now()
            if name is None:
                name = f"Computer {sum(s.is_computer for s in game.row.seats) + 1}"
            new = SeatRow(len(game.row.seats), None, name, True, now)
            await self._repo.update_game(
                game.row.id,
                host_id=game.row.host_id,
                seats=(*game.row.seats, new),
                notes=[NoteRow("computer_added", 0, now, seat=new.seat, actor_id=actor_id, detail={"name": name})],
            )
            return await self._reloaded_info(game.row.id)

    async def leave(self, *, channel_id: str, user_id: str, game_id: int | None = None) -> MembershipResult:
        """Leave the lobby (the seat goes), or the running game (a computer takes the seat over).

        When the host leaves, the next human in seat order becomes host; when no human is left, the game is
        abandoned.
        """
        async with self._channel_game(channel_id, game_id) as game:
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            return await self._remove(game, seat, kind="left", actor_id=user_id)

    async def kick(
        self,
        *,
        channel_id: str,
        actor_id: str,
        target_id: str | None = None,
        seat: int | None = None,
        actor_is_admin: bool = False,
        game_id: int | None = None,
    ) -> MembershipResult:
        """Remove a player (by user id) or, in the lobby, a computer seat (by seat number). Host or admin only.

        In a running game the kicked player's seat goes to a computer, as when they leave.
        """
        if (target_id is None) == (seat is None):
            raise TypeError("kick needs exactly one of target_id and seat")
        async with self._channel_game(channel_id, game_id) as game:
            self._require_host(game, actor_id, actor_is_admin)
            if target_id is not None:
                target = game.seat_of(target_id)
                if target is None:
                    raise NotAPlayer("that user is not in this game", user_id=target_id)
            else:
                assert seat is not None
                if not 0 <= seat < len(game.row.seats):
                    raise NoSuchSeat("there is no such seat", seat=seat)
                target = game.row.seats[seat]
            if target.user_id is not None and target.user_id == actor_id:
                raise CannotKickSelf("leave the game instead", user_id=actor_id)
            if target.is_computer and game.row.status == "running":
                raise AlreadyStarted("a computer seat stays once the game runs", game_id=game.row.id)
            return await self._remove(game, target, kind="kicked", actor_id=actor_id)

    async def change_settings(
        self,
        *,
        channel_id: str,
        actor_id: str,
        settings: Mapping[str, Any],
        actor_is_admin: bool = False,
        game_id: int | None = None,
    ) -> GameInfo:
        """Merge ``settings`` into the game's settings (a key set to None is removed). Host or admin only.

        Settings are the front ends' and the scheduler's (deadlines, language...); the rules never read them. In a
        running game a new time per decision applies to the decisions owed now too, counted from when they fell
        due, but never leaves less than :data:`GRACE_AFTER_CHANGE` from now.
        """
        async with self._channel_game(channel_id, game_id) as game:
            self._require_host(game, actor_id, actor_is_admin)
            change = _checked_settings(settings)
            merged = {**game.row.settings, **change}
            merged = {key: value for key, value in merged.items() if value is not None}
            now = self._now()
            decisions = None
            if game.row.status == "running":
                deadlines = deadlines_of(merged)
                decisions = tuple(_with_grace(deadlines, d, now) for d in game.row.decisions)
            await self._repo.update_game(
                game.row.id,
                host_id=game.row.host_id,
                settings=merged,
                decisions=decisions,
                at_version=None if decisions is None else game.version,
                notes=[NoteRow("settings_changed", game.version, now, actor_id=actor_id, detail=change)],
            )
            return await self._reloaded_info(game.row.id)

    async def remember_player_language(self, *, game_id: int, user_id: str, language: str) -> GameInfo:
        """Keep the language a seated player was last seen using (``settings["player_languages"][user_id]``), so
        a front end's messages to that player outlive a restart. Anyone may set their own: no host check, and no
        note, since nothing about the game changes. Nothing is written when the language is already the kept one.
        """
        async with self._game_by_id(game_id) as game:
            if game.seat_of(user_id) is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            known = game.row.settings.get(PLAYER_LANGUAGES)
            languages = dict(known) if isinstance(known, Mapping) else {}
            if languages.get(user_id) != language:
                languages[user_id] = language
                await self._repo.update_game(
                    game.row.id,
                    host_id=game.row.host_id,
                    settings={**game.row.settings, PLAYER_LANGUAGES: languages},
                )
            return await self._reloaded_info(game.row.id)

    # Slow games: pausing, extending, voting.

    async def pause(
        self, *, channel_id: str, actor_id: str, actor_is_admin: bool = False, game_id: int | None = None
    ) -> GameInfo:
        """Stop every deadline and reminder of the running game (host or admin). Moves may still be made."""
        async with self._channel_game(channel_id, game_id) as game:
            self._require_running(game)
            self._require_host(game, actor_id, actor_is_admin)
            if game.row.settings.get("paused_at") is not None:
                raise AlreadyPaused("the game is paused already", game_id=game.row.id)
            now = self._now()
            settings = {**game.row.settings, "paused_at": now.isoformat()}
            await self._set_deadlines(game, settings, [NoteRow("paused", game.version, now, actor_id=actor_id)])
            return await self._reloaded_info(game.row.id)

    async def resume(
        self, *, channel_id: str, actor_id: str, actor_is_admin: bool = False, game_id: int | None = None
    ) -> GameInfo:
        """Restart the clocks of a paused game: each decision gets back the time it had left when the pause began
        (a decision that fell due during the pause gets its whole time from now)."""
        async with self._channel_game(channel_id, game_id) as game:
            self._require_running(game)
            self._require_host(game, actor_id, actor_is_admin)
            paused = game.row.settings.get("paused_at")
            if paused is None:
                raise NotPaused("the game is not paused", game_id=game.row.id)
            now = self._now()
            paused_at = datetime.fromisoformat(paused)
            settings = {k: v for k, v in game.row.settings.items() if k != "paused_at"}
            decisions = tuple(
                replace(d, extra_seconds=d.extra_seconds + _seconds(now - max(d.since, paused_at)))
                for d in game.row.decisions
            )
            seconds = _seconds(now - paused_at)
            note = NoteRow("resumed", game.version, now, actor_id=actor_id, detail={"paused_seconds": seconds})
            await self._set_deadlines(game, settings, [note], decisions)
            return await self._reloaded_info(game.row.id)

    async def extend(
        self,
        *,
        channel_id: str,
        actor_id: str,
        by: timedelta,
        seat: int | None = None,
        actor_is_admin: bool = False,
        game_id: int | None = None,
    ) -> GameInfo:
        """Give one seat's decision, or every decision owed now, more time (host or admin)."""
        async with self._channel_game(channel_id, game_id) as game:
            self._require_running(game)
            self._require_host(game, actor_id, actor_is_admin)
            if game.row.settings.get("decision_time") is None:
                raise NoDeadlines("this game has no time limit per decision", game_id=game.row.id)
            if not timedelta(minutes=1) <= by <= MAX_EXTENSION:
                raise BadExtension("an extension adds from 1 minute to 7 days", minutes=_seconds(by) // 60)
            if seat is not None and all(d.seat != seat for d in game.row.decisions):
                if not 0 <= seat < len(game.row.seats):
                    raise NoSuchSeat("there is no such seat", seat=seat)
                raise NotSilent("that seat owes no decision now", seat=seat)
            decisions = tuple(
                replace(d, extra_seconds=d.extra_seconds + _seconds(by)) if seat in (None, d.seat) else d
                for d in game.row.decisions
            )
            now = self._now()
            note = NoteRow("extended", game.version, now, seat=seat, actor_id=actor_id,
                           detail={"seconds": _seconds(by)})  # fmt: skip
            await self._set_deadlines(game, dict(game.row.settings), [note], decisions)
            return await self._reloaded_info(game.row.id)

    async def vote(
        self,
        *,
        channel_id: str,
        user_id: str,
        kind: VoteKind,
        seat: int | None = None,
        game_id: int | None = None,
    ) -> VoteResult:
        """A player's vote: ``replace`` hands the silent ``seat`` to a computer once more than half of the other
        human players agree (the vote lapses when the seat moves); ``end`` ends the game without a result once
        every human player agrees."""
        async with self._channel_game(channel_id, game_id) as game:
            self._require_running(game)
            voter = game.seat_of(user_id)
            if voter is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            humans = [s for s in game.row.seats if s.user_id is not None]
            now = self._now()
            if kind == "replace":
                if seat is None or not 0 <= seat < len(game.row.seats):
                    raise NoSuchSeat("there is no such seat", seat=seat)
                target = game.row.seats[seat]
                if seat == voter.seat:
                    raise CannotVoteOnSelf("leave the game to hand your own seat over", seat=seat)
                if target.is_computer:
                    raise AlreadyComputer("a computer plays that seat already", seat=seat)
                owed = next((d for d in game.row.decisions if d.seat == seat), None)
                if owed is None:
                    raise NotSilent("that seat owes no decision now", seat=seat)
                cast_vote = VoteRow("replace", user_id, now, seat, owed.version)
                electorate = {cast(str, s.user_id) for s in humans if s.seat != seat}
                needed = len(electorate) // 2 + 1
            else:
                cast_vote = VoteRow("end", user_id, now)
                electorate = {cast(str, s.user_id) for s in humans}
                needed = len(electorate)
            same = [
                v for v in await self._repo.load_votes(game.row.id)
                if (v.kind, v.target_seat, v.target_version) == (kind, cast_vote.target_seat, cast_vote.target_version)
                and v.voter_id in electorate
            ]  # fmt: skip
            if any(v.voter_id == user_id for v in same):
                raise AlreadyVoted("you have voted for this already", kind=kind, seat=cast_vote.target_seat)
            votes = len(same) + 1
            detail = {"kind": kind, "seat": cast_vote.target_seat, "votes": votes, "needed": needed}
            note = NoteRow("voted", game.version, now, seat=voter.seat, user_id=user_id, actor_id=user_id,
                           detail=detail)  # fmt: skip
            carried = votes >= needed
            played = None
            if not carried:
                await self._repo.update_game(game.row.id, host_id=game.row.host_id, notes=[note], votes=[cast_vote])
                info = await self._reloaded_info(game.row.id)
            elif kind == "replace":
                await self._repo.update_game(game.row.id, host_id=game.row.host_id, notes=[note])
                membership = await self._remove(game, game.row.seats[cast(int, seat)], kind="voted_out", actor_id=None)
                info, played = membership.info, membership.played
            else:
                ended = NoteRow("abandoned", game.version, now, actor_id=user_id, detail={"reason": "vote"})
                await self._repo.update_game(
                    game.row.id, host_id=game.row.host_id, notes=[note, ended], ending=Ending("abandoned", now)
                )
                self._forget(game.row.id)
                info = await self._reloaded_info(game.row.id)
            return VoteResult(info, kind, cast_vote.target_seat, votes, needed, carried, played)

    # The deadline scheduler.

    async def next_due(self) -> datetime | None:
        """When the next deadline or reminder of any running game comes (None: nothing is scheduled)."""
        return await self._repo.next_due()

    async def run_due(self) -> tuple[DueWork, ...]:
        """Everything due by now, in the order it fell due: reminders to send, and timeouts, each played with
        the ruleset's timeout move (after ``strikes`` missed deadlines in a row the seat goes to a computer).

        Safe to call from several processes and at any moment: each item is re-checked under the game's lock
        against the stored game, so a decision made meanwhile never times out and nothing fires twice. After a
        downtime, every deadline that passed is applied, oldest first; decisions that fall due by those moves
        get their full time from now.
        """
        done: list[DueWork] = []
        seen: set[tuple[int, int, int, datetime | None, datetime | None]] = set()
        while True:
            # Items seen in this call and still due (skipped, or failed) stay in the query: ask for that many more.
            batch = [
                d for d in await self._repo.due(self._now(), DUE_BATCH + len(seen))
                if (d.game_id, d.seat, d.version, d.due_at, d.remind_at) not in seen
            ]  # fmt: skip
            if not batch:
                return tuple(done)
            for due in batch:
                seen.add((due.game_id, due.seat, due.version, due.due_at, due.remind_at))
                try:
                    work = await self._run_one_due(due.game_id, due.seat, due.version)
                except (StaleVersion, StorageConflict, GameClosed):
                    # Another process or request got there first; the next poll sees the game as it now is.
                    continue
                except Exception:
                    # One game that cannot be loaded or moved (a log that no longer replays) must not hold up
                    # every other game's deadlines: it is logged, and tried again at the next poll.
                    logger.exception("game %s: its deadline could not be applied", due.game_id)
                    continue
                if work is not None:
                    done.append(work)

    async def _run_one_due(self, game_id: int, seat: int, version: int) -> DueWork | None:
        async with self._game_by_id(game_id) as game:
            if game.row.status != "running":
                return None
            owed = next((d for d in game.row.decisions if d.seat == seat and d.version == version), None)
            holder = game.row.seats[seat] if 0 <= seat < len(game.row.seats) else None
            if owed is None or holder is None or holder.is_computer:
                return None
            now = self._now()
            deadlines = deadlines_of(game.row.settings)
            if owed.due_at is not None and owed.due_at <= now:
                return await self._time_out(game, owed, deadlines)
            if owed.remind_at is None or owed.remind_at > now:
                return None
            decisions = tuple(deadlines.reminded(d, now) if d is owed else d for d in game.row.decisions)
            await self._repo.update_game(
                game_id, host_id=game.row.host_id, decisions=decisions, at_version=game.version
            )
            game.row = replace(game.row, decisions=decisions)
            assert owed.due_at is not None and holder.user_id is not None
            return Reminder(game_id, game.row.channel_id, seat, holder.user_id, owed.kind, owed.due_at)

    async def _time_out(self, game: _Game, owed: DecisionRow, deadlines: Deadlines) -> TimedOut:
        holder = game.row.seats[owed.seat]
        run = _Run()
        action = game.ruleset.timeout_action(game.state, owed.seat)
        await self._commit(game, self._compute(game, action, "timeout"), run)
        missed = await self._repo.missed_in_a_row(game.row.id, owed.seat, deadlines.strikes)
        handed_over = missed >= deadlines.strikes
        if handed_over:
            membership = await self._remove(game, holder, kind="timed_out", actor_id=None, run=run)
            result = membership.played if membership.played is not None else self._result(game, run)
        else:
            await self._run_computers(game, run)
            result = self._result(game, run)
        return TimedOut(
            game.row.id, game.row.channel_id, owed.seat, holder.user_id, owed.kind, missed, deadlines.strikes,
            handed_over, result,
        )  # fmt: skip

    async def _set_deadlines(
        self,
        game: _Game,
        settings: Mapping[str, Any],
        notes: Sequence[NoteRow],
        decisions: Sequence[DecisionRow] | None = None,
    ) -> None:
        """Write new settings and the owed decisions rescheduled by them, in one transaction."""
        deadlines = deadlines_of(settings)
        rows = tuple(deadlines.schedule(d) for d in (game.row.decisions if decisions is None else decisions))
        await self._repo.update_game(
            game.row.id, host_id=game.row.host_id, settings=settings, decisions=rows, at_version=game.version,
            notes=notes,
        )  # fmt: skip

    async def start(
        self,
        *,
        channel_id: str,
        actor_id: str,
        actor_is_admin: bool = False,
        seed: int | None = None,
        game_id: int | None = None,
    ) -> ActionResult:
        """Deal the game (host or admin). The seed is random unless given, and stored; computers then move."""
        async with self._channel_game(channel_id, game_id) as game:
            if game.row.status != "lobby":
                raise AlreadyStarted("the game has already started", game_id=game.row.id)
            self._require_host(game, actor_id, actor_is_admin)
            rules = game.ruleset
            if len(game.row.seats) < rules.min_players:
                raise TooFewPlayers(
                    "not enough players to start", players=len(game.row.seats), min_players=rules.min_players
                )
            if seed is None:
                seed = secrets.randbits(SEED_BITS)
            elif not 0 <= seed < 2**SEED_BITS:
                raise MalformedInput("the seed must be a non-negative 63-bit integer", code="bad_seed", seed=seed)
            names = [s.name for s in game.row.seats]
            state = rules.new_game(players=names, options=game.row.options, seed=seed)
            now = self._now()
            snapshot = make_snapshot(rules, state)
            decisions = _decision_rows(
                rules, state, before=(), acted=None, version=snapshot.version, now=now,
                deadlines=deadlines_of(game.row.settings),
            )  # fmt: skip
            outcome = rules.outcome(state)
            ending = None if outcome is None else Ending("finished", now, encode(outcome))
            await self._repo.start_game(
                game.row.id,
                seed=seed,
                started_at=now,
                snapshot=snapshot,
                decisions=decisions,
                note=NoteRow("started", snapshot.version, now, actor_id=actor_id, detail={"seed": seed}),
                ending=ending,
            )
            game.row = replace(
                game.row,
                status="running" if ending is None else "finished",
                seed=seed,
                started_at=now,
                finished_at=None if ending is None else now,
                decisions=decisions,
                snapshot_version=snapshot.version,
                snapshot_checksum=snapshot.checksum,
                log_version=snapshot.version,
            )
            game.state = state
            self._remember(game.row.id, snapshot, state)
            run = _Run()
            run.add_events(_start_events(rules, players=names, options=game.row.options, seed=seed), game.row.seats)
            await self._run_computers(game, run)
            return self._result(game, run)

    async def abandon(
        self, *, channel_id: str, actor_id: str, actor_is_admin: bool = False, game_id: int | None = None
    ) -> GameInfo:
        """Close the lobby or running game without a result (host or admin). It stays readable in history."""
        async with self._channel_game(channel_id, game_id) as game:
            self._require_host(game, actor_id, actor_is_admin)
            now = self._now()
            await self._repo.update_game(
                game.row.id,
                host_id=game.row.host_id,
                notes=[NoteRow("abandoned", game.version, now, actor_id=actor_id)],
                ending=Ending("abandoned", now),
            )
            self._forget(game.row.id)
            return await self._reloaded_info(game.row.id)

    # Play.

    async def submit(
        self,
        *,
        channel_id: str,
        user_id: str,
        action: Any,
        expected_version: int,
        game_id: int | None = None,
    ) -> ActionResult:
        """Play ``action`` (an action object, or its JSON dict) for the user's seat, then let computers move.

        ``expected_version`` is the version the user saw (a button carries it); anything else is refused as
        ``stale_version`` rather than replayed onto a changed table. ``game_id``, when given (a button carries
        it too), must be the channel's running game, so an old game's button cannot act on a newer one. A JSON
        dict without ``"seat"`` is given the user's seat.
        """
        async with self._channel_game(channel_id, game_id) as game:
            self._require_running(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            self._require_version(game, expected_version)
            parsed = self._read_action(game, action, seat.seat)
            computed = self._compute(game, parsed, "player")
            run = _Run()
            await self._commit(game, computed, run)
            await self._run_computers(game, run)
            return self._result(game, run)

    async def apply_timeout(self, *, game_id: int, seat: int, expected_version: int) -> ActionResult:
        """Play the ruleset's timeout move for a seat whose deadline passed (the deadline scheduler calls this).

        Refused as ``stale_version`` if the game moved on since the deadline was set, and by the rules when the
        seat owes no decision.
        """
        async with self._game_by_id(game_id) as game:
            self._require_running(game)
            if not 0 <= seat < len(game.row.seats):
                raise NoSuchSeat("there is no such seat", seat=seat)
            self._require_version(game, expected_version)
            action = game.ruleset.timeout_action(game.state, seat)
            computed = self._compute(game, action, "timeout")
            run = _Run()
            await self._commit(game, computed, run)
            await self._run_computers(game, run)
            return self._result(game, run)

    async def resume_computer_turns(self) -> list[ActionResult]:
        """Let computer seats make the moves they owe in every running game.

        A process that stopped between a human's move and the computers' answer leaves such games; call this
        once after opening (the bot announces the results like any other move).
        """
        results = []
        for game_id in await self._repo.computer_turns():
            async with self._game_by_id(game_id) as game:
                if game.row.status != "running":
                    continue
                run = _Run()
                await self._run_computers(game, run)
                if run.steps:
                    results.append(self._result(game, run))
        return results

    # Reading.

    async def legal_actions(self, *, channel_id: str, user_id: str, game_id: int | None = None) -> LegalActions:
        """What the user's seat may do now (empty when it owes no decision)."""
        async with self._channel_game(channel_id, game_id) as game:
            self._require_running(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            actions = tuple(game.ruleset.legal_actions(game.state, seat.seat))
            return LegalActions(game.row.id, game.version, seat.seat, actions)

    async def public_view(self, *, channel_id: str, game_id: int | None = None) -> Any:
        """The channel's view of the game (North Star: a ``TableView``). ``game_id`` reads a closed game too."""
        async with self._channel_game(channel_id, game_id, active_only=False) as game:
            self._require_started(game)
            return game.ruleset.view(game.state, None)

    async def private_view(self, *, channel_id: str, user_id: str, game_id: int | None = None) -> Any:
        """One player's view (North Star: a ``SeatView``, the table plus their own hand and secrets)."""
        async with self._channel_game(channel_id, game_id, active_only=False) as game:
            self._require_started(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            return game.ruleset.view(game.state, seat.seat)

    async def game_info(self, *, channel_id: str | None = None, game_id: int | None = None) -> GameInfo:
        """The channel's active game, or any game by id (closed ones too)."""
        if (channel_id is None) == (game_id is None):
            raise TypeError("game_info needs exactly one of channel_id and game_id")
        if game_id is not None:
            async with self._game_by_id(game_id) as game:
                return self._info(game)
        assert channel_id is not None
        async with self._channel_game(channel_id) as game:
            return self._info(game)

    async def recent_games(self, *, channel_id: str, limit: int = 10) -> tuple[GameInfo, ...]:
        """The channel's latest games, newest first, active or closed (to pick one for ``history``)."""
        infos = []
        for game_id in await self._repo.recent_games(channel_id, limit):
            infos.append(await self.game_info(game_id=game_id))
        return tuple(infos)

    async def my_games(self, *, user_id: str) -> tuple[MyTurn, ...]:
        """Every running game, in any channel, where the user owes a decision (oldest first)."""
        rows = await self._repo.waiting_for(user_id)
        return tuple(
            MyTurn(w.game_id, w.channel_id, w.ruleset, w.seat, w.kind, w.version, w.since, w.due_at) for w in rows
        )

    async def history(self, *, game_id: int) -> GameHistory:
        """The game's log: every action with who, what, when and whether a computer or a timeout chose it, and
        every change of seats, host or status, in the order they happened."""
        async with self._game_by_id(game_id) as game:
            actions = await self._repo.load_actions(game_id)
            notes = await self._repo.load_notes(game_id)
            info = self._info(game)
        rules, game_row = game.ruleset, game.row
        keyed: list[tuple[tuple[int, int, int], HistoryEntry]] = []
        # The log keeps actions, not events: replaying it gives each action's public events and the table as it
        # stood right after it, which is all a front end may show of it (the start: the first deal's).
        start_told: tuple[Event, ...] = ()
        start_view: Any = None
        if game_row.seed is not None:
            names = [s.name for s in game_row.seats]
            start = rules.new_game(players=names, options=game_row.options, seed=game_row.seed)
            setup = _start_events(rules, players=names, options=game_row.options, seed=game_row.seed)
            start_told, start_view = tuple(e for e in setup if e.audience is None), rules.view(start, None)
            steps = _replayed(game_row, rules, start, actions)
            for index, (row, (state, events)) in enumerate(zip(actions, steps, strict=True)):
                data = json.loads(row.action)
                entry = HistoryEntry(
                    at=row.at,
                    kind="action",
                    version=row.version,
                    seat=row.seat,
                    user_id=row.user_id,
                    played_by=cast(PlayedBy, row.kind),
                    action=rules.load_action(data),
                    action_data=data,
                    public_events=tuple(e for e in events if e.audience is None),
                    public_view=rules.view(state, None),
                )
                keyed.append(((row.version, 0, index), entry))
        for index, note in enumerate(notes):
            entry = HistoryEntry(
                at=note.at,
                kind=cast(HistoryKind, note.kind),
                version=note.version,
                seat=note.seat,
                user_id=note.user_id,
                actor_id=note.actor_id,
                detail=dict(note.detail),
            )
            if note.kind == "started":
                entry = replace(entry, public_events=start_told, public_view=start_view)
            # A note made at version v comes after the action that produced v and before the next one.
            keyed.append(((note.version, 1, index), entry))
        if info.status == "finished" and info.finished_at is not None:
            keyed.append(((info.version, 2, 0), HistoryEntry(info.finished_at, "finished", info.version, None, None)))
        keyed.sort(key=lambda pair: pair[0])
        return GameHistory(info, tuple(entry for _, entry in keyed))

    # Loading, locking and the state cache.

    def _lock_for(self, key: Any) -> asyncio.Lock:
        # Weak values: a lock lives while someone holds or awaits it, so idle games cost no memory.
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[key] = lock
        return lock

    @asynccontextmanager
    async def _game_by_id(self, game_id: int) -> AsyncIterator[_Game]:
        async with self._lock_for(game_id):
            yield await self._load(game_id)

    @asynccontextmanager
    async def _channel_game(
        self, channel_id: str, game_id: int | None = None, *, active_only: bool = True
    ) -> AsyncIterator[_Game]:
        """The channel's active game (or the game ``game_id`` of this channel), loaded under its lock."""
        if game_id is not None:
            async with self._lock_for(game_id):
                game = await self._load(game_id)
                if game.row.channel_id != channel_id:
                    raise NoGameHere("that game is not in this channel", channel_id=channel_id, game_id=game_id)
                if active_only and game.row.status not in ACTIVE:
                    raise GameClosed("that game is over", game_id=game_id, status=game.row.status)
                yield game
                return
        # The channel's game id is remembered, but only trusted after loading under the lock: an active game of
        # this channel is the channel's only one (the database enforces it). The game may also close between
        # the look-up and the lock; then look again.
        active = self._channels.get(channel_id)
        for _ in range(3):
            if active is None:
                active = await self._repo.active_game_id(channel_id)
                if active is None:
                    break
            async with self._lock_for(active):
                game = await self._load(active)
                if game.row.status in ACTIVE and game.row.channel_id == channel_id:
                    self._channels[channel_id] = active
                    yield game
                    return
            self._channels.pop(channel_id, None)
            active = None
        raise NoGameHere("there is no game in this channel", channel_id=channel_id)

    async def _load(self, game_id: int) -> _Game:
        row = await self._repo.load_game(game_id)
        if row is None:
            raise UnknownGame("there is no such game", game_id=game_id)
        ruleset = find_ruleset(row.ruleset)
        if row.seed is None:
            return _Game(row, ruleset, None)
        state = self._cached(row)
        if state is None:
            row, state = await self._read_state(row, ruleset)
        return _Game(row, ruleset, state)

    def _cached(self, row: GameRow) -> Any:
        entry = self._cache.get(row.id)
        if entry is None:
            return None
        version, digest, state = entry
        if version == row.snapshot_version == row.log_version and digest == row.snapshot_checksum:
            self._cache.move_to_end(row.id)
            return state
        return None

    async def _read_state(self, row: GameRow, ruleset: Ruleset[Any, Any, Any]) -> tuple[GameRow, Any]:
        """The state from the snapshot if it matches the log, else rebuilt from the log (and rewritten)."""
        snapshot = await self._repo.load_snapshot(row.id)
        state = None
        if (
            snapshot is not None
            and snapshot.version == row.log_version
            and snapshot.format == ruleset.format_version
            and checksum(snapshot.state) == snapshot.checksum
        ):
            try:
                state = ruleset.load_state(json.loads(snapshot.state))
            except ValueError:
                logger.warning("game %s: the snapshot does not load; rebuilding from the log", row.id)
                state = None
            if state is not None and ruleset.version(state) != snapshot.version:
                state = None
        if state is None or snapshot is None:
            return await self._rebuild(row, ruleset, snapshot)
        self._remember(row.id, snapshot, state)
        return row, state

    async def _rebuild(
        self, row: GameRow, ruleset: Ruleset[Any, Any, Any], old: Snapshot | None
    ) -> tuple[GameRow, Any]:
        logger.warning(
            "game %s: snapshot %s does not match the log (head %s); replaying the log",
            row.id,
            None if old is None else old.version,
            row.log_version,
        )
        assert row.seed is not None
        state = ruleset.new_game(players=[s.name for s in row.seats], options=row.options, seed=row.seed)
        for replayed, _ in _replayed(row, ruleset, state, await self._repo.load_actions(row.id)):
            state = replayed
        snapshot = make_snapshot(ruleset, state)
        decisions = _decision_rows(
            ruleset, state, before=row.decisions, acted=None, version=snapshot.version, now=self._now(),
            deadlines=deadlines_of(row.settings),
        )  # fmt: skip
        if row.status in ACTIVE:
            await self._repo.replace_snapshot(row.id, snapshot=snapshot, decisions=decisions)
        else:
            # A closed game keeps no pending decisions.
            await self._repo.replace_snapshot(row.id, snapshot=snapshot, decisions=())
            decisions = ()
        self._remember(row.id, snapshot, state)
        row = replace(row, snapshot_version=snapshot.version, snapshot_checksum=snapshot.checksum, decisions=decisions)
        return row, state

    def _remember(self, game_id: int, snapshot: Snapshot, state: Any) -> None:
        self._cache[game_id] = (snapshot.version, snapshot.checksum, state)
        self._cache.move_to_end(game_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    # Applying and writing actions.

    def _read_action(self, game: _Game, action: Any, seat: int) -> Any:
        if isinstance(action, Mapping):
            data = dict(action)
            data.setdefault("seat", seat)
            action = game.ruleset.load_action(data)
        acting = getattr(action, "seat", None)
        if not isinstance(acting, int):
            raise MalformedInput("not an action", code="not_an_action")
        if acting != seat:
            raise NotYourSeat("that is not your seat", seat=acting, your_seat=seat)
        return action

    def _compute(self, game: _Game, action: Any, played_by: PlayedBy) -> _Computed:
        """Apply in memory only; a refusal here leaves everything as it was."""
        state, events = game.ruleset.apply(game.state, action)
        if game.ruleset.version(state) != game.version + 1:
            raise RuntimeError(f"{game.ruleset.name}: an action must raise the version by one")
        return _Computed(action, played_by, state, tuple(events))

    async def _commit(self, game: _Game, computed: _Computed, run: _Run) -> None:
        """Write one computed action with its snapshot, then adopt it in memory and in the result."""
        rules, row = game.ruleset, game.row
        now = self._now()
        seat = computed.action.seat
        snapshot = make_snapshot(rules, computed.state)
        decisions = _decision_rows(
            rules, computed.state, before=row.decisions, acted=seat, version=snapshot.version, now=now,
            deadlines=deadlines_of(row.settings),
        )  # fmt: skip
        outcome = rules.outcome(computed.state)
        ending = None if outcome is None else Ending("finished", now, encode(outcome))
        action_json = json.dumps(rules.dump_action(computed.action), separators=(",", ":"), ensure_ascii=False)
        holder = row.seats[seat].user_id
        try:
            await self._repo.append_action(
                row.id,
                action=ActionRow(snapshot.version, seat, holder, computed.played_by, action_json, now),
                snapshot=snapshot,
                decisions=decisions,
                ending=ending,
            )
        except VersionConflict:
            # Someone else (another process on the same file) moved the game: our view of it was stale.
            self._forget(row.id)
            raise StaleVersion("the game has moved on", expected=game.version, current=None, game_id=row.id) from None
        except BaseException:
            # The write may or may not have happened; the database will say on the next load.
            self._forget(row.id)
            raise
        game.state = computed.state
        game.row = replace(
            row,
            status="running" if ending is None else "finished",
            finished_at=None if ending is None else now,
            outcome=None if ending is None else ending.outcome,
            decisions=decisions,
            snapshot_version=snapshot.version,
            snapshot_checksum=snapshot.checksum,
            log_version=snapshot.version,
        )
        self._remember(row.id, snapshot, computed.state)
        public = run.add_events(computed.events, row.seats)
        run.steps.append(Step(snapshot.version, seat, holder, computed.played_by, computed.action, public))

    async def _run_computers(self, game: _Game, run: _Run) -> None:
        """While a computer seat owes a decision, let the policy choose, and write each move like a human's."""
        for _ in range(MAX_COMPUTER_STEPS):
            if game.row.status != "running":
                return
            seat = self._computer_to_move(game)
            if seat is None:
                return
            await self._commit(game, self._computer_move(game, seat), run)
        raise RuntimeError(f"game {game.row.id}: computers moved {MAX_COMPUTER_STEPS} times without a human turn")

    def _computer_to_move(self, game: _Game) -> int | None:
        seats = game.row.seats
        for decision in game.ruleset.decisions(game.state):
            if 0 <= decision.seat < len(seats) and seats[decision.seat].is_computer:
                return decision.seat
        return None

    def _computer_move(self, game: _Game, seat: int) -> _Computed:
        """The policy's move; a policy that fails or chooses an illegal move is replaced by the timeout move."""
        try:
            action = self._policy(game.ruleset, game.state, seat)
            if getattr(action, "seat", None) != seat:
                raise NotYourSeat("the policy acted for another seat", seat=getattr(action, "seat", None))
            return self._compute(game, action, "computer")
        except Refusal as refusal:
            logger.warning("game %s: computer policy chose a refused move for seat %s: %s", game.row.id, seat, refusal)
        except Exception:
            logger.exception("game %s: computer policy failed for seat %s", game.row.id, seat)
        return self._compute(game, timeout_policy(game.ruleset, game.state, seat), "computer")

    # Seats leaving.

    async def _remove(
        self, game: _Game, target: SeatRow, *, kind: str, actor_id: str | None, run: _Run | None = None
    ) -> MembershipResult:
        """Take a seat from its player: in the lobby the seat goes; in a running game a computer takes it over
        and makes the moves it owes (added to ``run`` when given: a timeout that caused the handover)."""
        row = game.row
        now = self._now()
        version = game.version
        notes = []
        if row.status == "lobby":
            # Seats close up so the seat order stays the join order.
            seats = tuple(
                replace(s, seat=index) for index, s in enumerate(s for s in row.seats if s.seat != target.seat)
            )
            notes.append(NoteRow(kind, version, now, seat=target.seat, user_id=target.user_id, actor_id=actor_id,
                                 detail={"name": target.name}))  # fmt: skip
        else:
            seats = tuple(replace(s, user_id=None, is_computer=True) if s.seat == target.seat else s for s in row.seats)
            notes.append(NoteRow(kind, version, now, seat=target.seat, user_id=target.user_id, actor_id=actor_id))
            notes.append(NoteRow("seat_to_computer", version, now, seat=target.seat, user_id=target.user_id,
                                 actor_id=actor_id, detail={"reason": kind}))  # fmt: skip
        host_id = row.host_id
        humans = [s for s in seats if s.user_id is not None]
        ending = None
        if not humans:
            notes.append(NoteRow("abandoned", version, now, actor_id=actor_id, detail={"reason": "no_players_left"}))
            ending = Ending("abandoned", now)
        elif target.user_id == host_id:
            host_id = cast(str, humans[0].user_id)
            notes.append(NoteRow("host_changed", version, now, user_id=host_id, actor_id=actor_id))
        await self._repo.update_game(row.id, host_id=host_id, seats=seats, notes=notes, ending=ending)
        game.row = replace(row, host_id=host_id, seats=seats)
        if ending is not None:
            self._forget(row.id)
            game.row = replace(game.row, status="abandoned", finished_at=now, decisions=())
            played = self._result(game, run) if run is not None and run.steps else None
            return MembershipResult(await self._reloaded_info(row.id), played)
        played = None
        if row.status == "running":
            run = run if run is not None else _Run()
            await self._run_computers(game, run)
            played = self._result(game, run) if run.steps else None
        return MembershipResult(await self._reloaded_info(row.id), played)

    # Checks and results.

    def _now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None or moment.utcoffset() is None:
            raise ValueError("the clock must return timezone-aware datetimes")
        return moment.astimezone(UTC)

    @staticmethod
    def _require_host(game: _Game, actor_id: str, actor_is_admin: bool) -> None:
        if actor_id != game.row.host_id and not actor_is_admin:
            raise NotHost("only the host or a channel admin may do this", host_id=game.row.host_id)

    @staticmethod
    def _require_lobby(game: _Game) -> None:
        if game.row.status != "lobby":
            raise AlreadyStarted("the game has already started", game_id=game.row.id)

    @staticmethod
    def _require_started(game: _Game) -> None:
        if game.state is None:
            raise NotStarted("the game has not started yet", game_id=game.row.id)

    @staticmethod
    def _require_running(game: _Game) -> None:
        if game.row.status == "lobby":
            raise NotStarted("the game has not started yet", game_id=game.row.id)
        if game.row.status != "running":
            raise GameClosed("that game is over", game_id=game.row.id, status=game.row.status)

    @staticmethod
    def _require_version(game: _Game, expected: int) -> None:
        if expected != game.version:
            raise StaleVersion(
                "the game has moved on since", expected=expected, current=game.version, game_id=game.row.id
            )

    async def _reloaded_info(self, game_id: int) -> GameInfo:
        return self._info(await self._load(game_id))

    def _info(self, game: _Game) -> GameInfo:
        row, rules = game.row, game.ruleset
        outcome: Outcome | None = None if game.state is None else rules.outcome(game.state)
        return GameInfo(
            game_id=row.id,
            channel_id=row.channel_id,
            ruleset=row.ruleset,
            status=cast(GameStatus, row.status),
            host_id=row.host_id,
            players=tuple(SeatInfo(s.seat, s.user_id, s.name, s.is_computer) for s in row.seats),
            version=game.version,
            options=dict(row.options),
            settings=dict(row.settings),
            min_players=rules.min_players,
            max_players=rules.max_players,
            seed=row.seed,
            created_at=row.created_at,
            started_at=row.started_at,
            finished_at=row.finished_at,
            to_decide=_pending(row),
            outcome=outcome,
        )

    def _result(self, game: _Game, run: _Run) -> ActionResult:
        row = game.row
        return ActionResult(
            game_id=row.id,
            channel_id=row.channel_id,
            status=cast(GameStatus, row.status),
            version=game.version,
            steps=tuple(run.steps),
            public_events=tuple(run.public),
            private_events={user: tuple(events) for user, events in run.private.items()},
            to_decide=_pending(row),
            outcome=game.ruleset.outcome(game.state),
        )


def _pending(row: GameRow) -> tuple[PendingDecision, ...]:
    if row.status != "running":
        return ()
    out = []
    for d in row.decisions:
        seat = row.seats[d.seat] if 0 <= d.seat < len(row.seats) else None
        out.append(
            PendingDecision(
                seat=d.seat,
                kind=d.kind,
                user_id=None if seat is None else seat.user_id,
                is_computer=seat is not None and seat.is_computer,
                since_version=d.version,
                since=d.since,
                due_at=d.due_at,
            )
        )
    return tuple(out)


def _start_events(
    rules: Ruleset[Any, Any, Any], *, players: Sequence[str], options: Mapping[str, Any], seed: int
) -> tuple[Event, ...]:
    """The events of setting a game up (the first deal), for the rulesets that tell them."""
    told = getattr(rules, "start_events", None)
    return tuple(told(players=players, options=options, seed=seed)) if callable(told) else ()


def _replayed(
    row: GameRow, ruleset: Ruleset[Any, Any, Any], state: Any, actions: Iterable[ActionRow]
) -> Iterator[tuple[Any, tuple[Event, ...]]]:
    """Apply the logged actions one by one from ``state``: each state and its events (a log that does not replay
    is a corrupt game)."""
    for entry in actions:
        try:
            state, events = ruleset.apply(state, ruleset.load_action(json.loads(entry.action)))
        except (Refusal, ValueError) as exc:
            raise CorruptGame(f"game {row.id}: action {entry.version} does not replay: {exc}") from exc
        if ruleset.version(state) != entry.version:
            raise CorruptGame(f"game {row.id}: action {entry.version} replays to {ruleset.version(state)}")
        yield state, tuple(events)


def _decision_rows(
    ruleset: Ruleset[Any, Any, Any],
    state: Any,
    *,
    before: Sequence[DecisionRow],
    acted: int | None,
    version: int,
    now: datetime,
    deadlines: Deadlines,
) -> tuple[DecisionRow, ...]:
    """Who owes a decision after this state, each with its deadline. A decision still owed by a seat that did not
    act keeps the moment it fell due, its extensions and its reminders (a simultaneous pick's deadline does not
    restart when another seat picks)."""
    old = {d.seat: d for d in before}
    rows: dict[int, DecisionRow] = {}
    for decision in ruleset.decisions(state):
        if decision.seat in rows:
            continue
        previous = old.get(decision.seat)
        if previous is not None and previous.kind == decision.kind and decision.seat != acted:
            rows[decision.seat] = deadlines.schedule(previous)
        else:
            rows[decision.seat] = deadlines.schedule(DecisionRow(decision.seat, decision.kind, version, now))
    return tuple(rows.values())


def _seconds(span: timedelta) -> int:
    return int(span.total_seconds())


def _with_grace(deadlines: Deadlines, row: DecisionRow, now: datetime) -> DecisionRow:
    """The row rescheduled under changed settings, moved to at least ``GRACE_AFTER_CHANGE`` from now."""
    scheduled = deadlines.schedule(row)
    if scheduled.due_at is None or scheduled.due_at >= now + GRACE_AFTER_CHANGE:
        return scheduled
    extra = row.extra_seconds + _seconds(now + GRACE_AFTER_CHANGE - scheduled.due_at)
    return deadlines.schedule(replace(row, extra_seconds=extra))


def _checked_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(settings, Mapping) or not all(isinstance(k, str) for k in settings):
        raise BadSettings("settings must be an object with text keys", reason="not_an_object")
    try:
        # A round trip through JSON is what storage will do; refuse now what it could not keep.
        copied: dict[str, Any] = json.loads(json.dumps(dict(settings)))
    except (TypeError, ValueError):
        raise BadSettings("settings must be plain JSON values", reason="not_json") from None
    return checked_deadline_settings(copied)
