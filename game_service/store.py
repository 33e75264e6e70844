"""The service's shared core: games loaded under their locks, the state cache, and writing actions with
their snapshots (the master loop of boardgame.io, without a transport: load, check, apply, persist)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from game_service.computers import DEFAULT_LEVEL, Computers, offered_level
from game_service.deadlines import GRACE_AFTER_CHANGE, Deadlines, deadlines_of
from game_service.errors import (
    AlreadyStarted,
    GameClosed,
    NoGameHere,
    NotHost,
    NotStarted,
    NotYourSeat,
    StaleVersion,
    UnknownGame,
)
from game_service.loaded import LoadedGame, Run, game_info
from game_service.results import GameInfo, PlayedBy, Step
from game_service.storage import (
    ActionRow,
    DecisionRow,
    Ending,
    GameRow,
    NoteRow,
    Repository,
    SeatRow,
    Snapshot,
    VersionConflict,
)
from rules_core.codec import encode
from rules_core.engine import AnyRuleset, Event
from rules_core.errors import Refusal
from rules_core.registry import find_ruleset

logger = logging.getLogger(__name__)

Clock = Callable[[], datetime]
ACTIVE = ("lobby", "running")


class CorruptGame(RuntimeError):
    """The stored action log does not replay (a bug or a damaged file, never a user's mistake)."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def checksum(text: str) -> str:
    """A cheap checksum of a snapshot's JSON text, to notice a damaged or hand-edited snapshot."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def make_snapshot(ruleset: AnyRuleset, state: Any) -> Snapshot:
    text = json.dumps(ruleset.dump_state(state), separators=(",", ":"), ensure_ascii=False)
    return Snapshot(ruleset.version(state), ruleset.format_version, text, checksum(text))


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A seat taken from its player, as it will be written: the host after it, every seat, the notes that tell it,
    and the game's end when no human is left."""

    host_id: str
    seats: tuple[SeatRow, ...]
    notes: tuple[NoteRow, ...]
    ending: Ending | None


@dataclass(frozen=True, slots=True)
class Computed:
    """An action applied in memory, ready to be written."""

    action: Any
    played_by: PlayedBy
    state: Any
    events: tuple[Event, ...]


class GameStore:
    """Loading, locking, caching and writing games: what every part of the service shares.

    One game's requests are serialised by a per-game ``asyncio.Lock`` in this process and, across the processes
    that share a PostgreSQL database, by the repository's hold on the game (:meth:`Repository.hold`), taken inside
    it; different games run concurrently. A refused request changes nothing: the state is immutable, the in-memory
    cache is updated only after a commit, and storage writes are all-or-nothing.
    """

    def __init__(
        self,
        *,
        repository: Repository,
        clock: Clock,
        computers: Computers,
        cache_size: int,
        computer_level: str = DEFAULT_LEVEL,
    ) -> None:
        self.repo = repository
        self.clock = clock
        self.computers = computers
        self.computer_level = computer_level
        self.locks: weakref.WeakValueDictionary[Any, asyncio.Lock] = weakref.WeakValueDictionary()
        # Parsed states by game id, each with the snapshot version and checksum it was read or written at. Only
        # a speed-up: every load first reads the stored versions and checksum and uses an entry only if they match.
        self.cache: OrderedDict[int, tuple[int, str, Any]] = OrderedDict()
        self.cache_size = cache_size
        # Channel id -> its active game's id, as last seen (checked on every use).
        self.channels: dict[str, int] = {}
        #: Told the game's id, at once, after each move this process commits (GameService.watch).
        self.watchers: list[Callable[[int], None]] = []

    # Loading, locking and the state cache.

    def lock_for(self, key: Any) -> asyncio.Lock:
        # Weak values: a lock lives while someone holds or awaits it, so idle games cost no memory.
        lock = self.locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self.locks[key] = lock
        return lock

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game: first in this process (so only one task waits on the storage), then in the storage."""
        async with self.lock_for(game_id), self.repo.hold(game_id):
            yield

    @asynccontextmanager
    async def game_by_id(self, game_id: int) -> AsyncIterator[LoadedGame]:
        async with self.locked(game_id):
            yield await self.load(game_id)

    @asynccontextmanager
    async def channel_game(
        self, channel_id: str, game_id: int | None = None, *, active_only: bool = True
    ) -> AsyncIterator[LoadedGame]:
        """The channel's active game (or the game ``game_id`` of this channel), loaded under its lock."""
        if game_id is not None:
            async with self.locked(game_id):
                game = await self.load(game_id)
                if game.row.channel_id != channel_id:
                    raise NoGameHere("that game is not in this channel", channel_id=channel_id, game_id=game_id)
                if active_only:
                    self.require_active(game)
                yield game
                return
        # The channel's game id is remembered, but only trusted after loading under the lock: an active game of
        # this channel is the channel's only one (the database enforces it). The game may also close between
        # the look-up and the lock; then look again.
        active = self.channels.get(channel_id)
        for _ in range(3):
            if active is None:
                active = await self.repo.active_game_id(channel_id)
                if active is None:
                    break
            async with self.locked(active):
                game = await self.load(active)
                if game.row.status in ACTIVE and game.row.channel_id == channel_id:
                    self.channels[channel_id] = active
                    yield game
                    return
            self.channels.pop(channel_id, None)
            active = None
        raise NoGameHere("there is no game in this channel", channel_id=channel_id)

    def player_game(self, channel_id: str | None, game_id: int | None) -> AbstractAsyncContextManager[LoadedGame]:
        """The game a player names: the channel's (or the game ``game_id`` of that channel, closed ones too), or, with
        ``channel_id`` None, the game ``game_id`` wherever it is (a prompt in a player's DMs)."""
        if channel_id is not None:
            return self.channel_game(channel_id, game_id, active_only=False)
        if game_id is None:
            raise NoGameHere("no channel and no game", channel_id=None)
        return self.game_by_id(game_id)

    async def load(self, game_id: int) -> LoadedGame:
        row = await self.repo.load_game(game_id)
        if row is None:
            raise UnknownGame("there is no such game", game_id=game_id)
        ruleset = find_ruleset(row.ruleset)
        if row.seed is None:
            return LoadedGame(row, ruleset, None)
        state = self.cached(row)
        if state is None:
            row, state = await self.read_state(row, ruleset)
        return LoadedGame(row, ruleset, state)

    def cached(self, row: GameRow) -> Any:
        entry = self.cache.get(row.id)
        if entry is None:
            return None
        version, digest, state = entry
        if version == row.snapshot_version == row.log_version and digest == row.snapshot_checksum:
            self.cache.move_to_end(row.id)
            return state
        return None

    async def read_state(self, row: GameRow, ruleset: AnyRuleset) -> tuple[GameRow, Any]:
        """The state from the snapshot if it matches the log, else rebuilt from the log (and rewritten)."""
        snapshot = await self.repo.load_snapshot(row.id)
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
            return await self.rebuild(row, ruleset, snapshot)
        self.remember(row.id, snapshot, state)
        return row, state

    async def rebuild(self, row: GameRow, ruleset: AnyRuleset, old: Snapshot | None) -> tuple[GameRow, Any]:
        logger.warning(
            "game %s: snapshot %s does not match the log (head %s); replaying the log",
            row.id,
            None if old is None else old.version,
            row.log_version,
        )
        assert row.seed is not None
        state, _ = ruleset.new_game(players=[s.name for s in row.seats], options=row.options, seed=row.seed)
        for after, _ in replayed(row, ruleset, state, await self.repo.load_actions(row.id)):
            state = after
        snapshot = make_snapshot(ruleset, state)
        decisions = decision_rows(
            ruleset, state, before=row.decisions, acted=None, version=snapshot.version, now=self.now(),
            deadlines=deadlines_of(row.settings),
        )  # fmt: skip
        if row.status in ACTIVE:
            await self.repo.replace_snapshot(row.id, snapshot=snapshot, decisions=decisions)
        else:
            # A closed game keeps no pending decisions.
            await self.repo.replace_snapshot(row.id, snapshot=snapshot, decisions=())
            decisions = ()
        self.remember(row.id, snapshot, state)
        row = replace(row, snapshot_version=snapshot.version, snapshot_checksum=snapshot.checksum, decisions=decisions)
        return row, state

    def remember(self, game_id: int, snapshot: Snapshot, state: Any) -> None:
        self.cache[game_id] = (snapshot.version, snapshot.checksum, state)
        self.cache.move_to_end(game_id)
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self.cache.pop(game_id, None)

    # Applying and writing actions.

    def compute(self, game: LoadedGame, action: Any, played_by: PlayedBy, *, acting: int | None = None) -> Computed:
        """Apply in memory only; a refusal here leaves everything as it was.

        Whoever chose the action (a player, the computer policy, the rules' timeout move), it is first read exactly
        as the log will replay it (``Ruleset.exact_action``: a card id ``16.0`` or a seat ``True`` is refused), and
        only that is applied and written, so nothing that would not replay is ever committed. ``acting`` is the
        seat of the player who sent it: a JSON dict without ``"seat"`` is given it, and another seat is refused.
        A refusal of the rules is marked as this rule system's, for its words.
        """
        if acting is not None and isinstance(action, Mapping):
            action = {"seat": acting, **action}
        with refused_by(game.ruleset):
            action = game.ruleset.exact_action(action)
            if acting is not None and action.seat != acting:
                raise NotYourSeat("that is not your seat", seat=action.seat, your_seat=acting)
            state, events = game.ruleset.apply(game.state, action)
        if game.ruleset.version(state) != game.version + 1:
            raise RuntimeError(f"{game.ruleset.name}: an action must raise the version by one")
        return Computed(action, played_by, state, tuple(events))

    async def commit(self, game: LoadedGame, computed: Computed, run: Run, change: SeatChange | None = None) -> None:
        """Write one computed action with its snapshot, then adopt it in memory and in the result. A seat
        ``change`` the action caused (a handover after a missed deadline) is written in the same transaction and
        adopted too (see :meth:`adopt`)."""
        rules, row = game.ruleset, game.row
        now = self.now()
        seat = computed.action.seat
        snapshot = make_snapshot(rules, computed.state)
        decisions = decision_rows(
            rules, computed.state, before=row.decisions, acted=seat, version=snapshot.version, now=now,
            deadlines=deadlines_of(row.settings),
        )  # fmt: skip
        outcome = rules.outcome(computed.state)
        ending = None if outcome is None else Ending("finished", now, encode(outcome))
        if change is not None and change.ending is not None:
            ending = change.ending
        action_json = json.dumps(rules.dump_action(computed.action), separators=(",", ":"), ensure_ascii=False)
        holder = row.seats[seat].user_id
        try:
            await self.repo.append_action(
                row.id,
                action=ActionRow(snapshot.version, seat, holder, computed.played_by, action_json, now),
                snapshot=snapshot,
                decisions=decisions,
                ending=ending,
                host_id=None if change is None else change.host_id,
                seats=None if change is None else change.seats,
                notes=() if change is None else change.notes,
            )
        except VersionConflict:
            # Someone else (another process on the same file) moved the game: our view of it was stale.
            self.forget(row.id)
            raise StaleVersion("the game has moved on", expected=game.version, current=None, game_id=row.id) from None
        except BaseException:
            # The write may or may not have happened; the database will say on the next load.
            self.forget(row.id)
            raise
        game.state = computed.state
        game.row = replace(
            row,
            status="running" if ending is None else ending.status,
            finished_at=None if ending is None else now,
            outcome=None if ending is None else ending.outcome,
            decisions=() if ending is not None else decisions,
            snapshot_version=snapshot.version,
            snapshot_checksum=snapshot.checksum,
            log_version=snapshot.version,
        )
        self.remember(row.id, snapshot, computed.state)
        public = run.add_events(computed.events, row.seats)
        run.steps.append(Step(snapshot.version, seat, holder, computed.played_by, computed.action, public))
        if change is not None:
            self.adopt(game, change)
        for watcher in self.watchers:
            watcher(row.id)

    # Seats leaving.

    def seat_change(
        self, game: LoadedGame, target: SeatRow, *, kind: str, actor_id: str | None, version: int,
        notes: Sequence[NoteRow] = (),
    ) -> SeatChange:  # fmt: skip
        """Taking a seat from its player, not yet written: in the lobby the seat goes (the seats close up, so the
        seat order stays the join order); in a running game a computer takes the seat over. When the host goes,
        the next human in seat order becomes host; when no human is left, the game is abandoned. ``notes`` come
        first (the vote that carried it)."""
        row = game.row
        now = self.now()
        notes = list(notes)
        if row.status == "lobby":
            seats = tuple(
                replace(s, seat=index) for index, s in enumerate(s for s in row.seats if s.seat != target.seat)
            )
            notes.append(NoteRow(kind, version, now, seat=target.seat, user_id=target.user_id, actor_id=actor_id,
                                 detail={"name": target.name}))  # fmt: skip
        else:
            seats = tuple(
                replace(s, user_id=None, is_computer=True, level=offered_level(game.ruleset.name, self.computer_level))
                if s.seat == target.seat
                else s
                for s in row.seats
            )
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
        return SeatChange(host_id, seats, tuple(notes), ending)

    async def remove(
        self, game: LoadedGame, target: SeatRow, *, kind: str, actor_id: str | None, notes: Sequence[NoteRow] = ()
    ) -> None:
        """Take a seat from its player (:meth:`seat_change`) in one write with ``notes`` (the computer that took it
        moves next: ``Turns.after_change``)."""
        change = self.seat_change(game, target, kind=kind, actor_id=actor_id, version=game.version, notes=notes)
        await self.repo.update_game(
            game.row.id, host_id=change.host_id, seats=change.seats, notes=change.notes, ending=change.ending
        )
        self.adopt(game, change)

    def adopt_settings(self, game: LoadedGame, settings: Mapping[str, Any]) -> None:
        """Written settings, in memory."""
        game.row = replace(game.row, settings=dict(settings))

    def adopt(self, game: LoadedGame, change: SeatChange) -> None:
        """A written seat change, in memory."""
        game.row = replace(game.row, host_id=change.host_id, seats=change.seats)
        if change.ending is not None:
            self.forget(game.row.id)
            game.row = replace(game.row, status="abandoned", finished_at=change.ending.at, decisions=())

    # Checks and results.

    def now(self) -> datetime:
        moment = self.clock()
        if moment.tzinfo is None or moment.utcoffset() is None:
            raise ValueError("the clock must return timezone-aware datetimes")
        return moment.astimezone(UTC)

    @staticmethod
    def require_host(game: LoadedGame, actor_id: str, actor_is_admin: bool) -> None:
        if actor_id != game.row.host_id and not actor_is_admin:
            raise NotHost("only the host or a channel admin may do this", host_id=game.row.host_id)

    @staticmethod
    def require_active(game: LoadedGame) -> None:
        if game.row.status not in ACTIVE:
            raise GameClosed("that game is over", game_id=game.row.id, status=game.row.status)

    @staticmethod
    def require_lobby(game: LoadedGame) -> None:
        if game.row.status != "lobby":
            raise AlreadyStarted("the game has already started", game_id=game.row.id)

    @staticmethod
    def require_started(game: LoadedGame) -> None:
        if game.state is None:
            raise NotStarted("the game has not started yet", game_id=game.row.id)

    @staticmethod
    def require_running(game: LoadedGame) -> None:
        if game.row.status == "lobby":
            raise NotStarted("the game has not started yet", game_id=game.row.id)
        if game.row.status != "running":
            raise GameClosed("that game is over", game_id=game.row.id, status=game.row.status)

    @staticmethod
    def require_version(game: LoadedGame, expected: int, seat: int | None = None) -> None:
        """The request was made against what is current: the game's version now, or (for ``seat``) the version at
        which that seat's decision fell due, which stays current while that decision is owed (another player's
        simultaneous pick does not make a prompt out of date)."""
        if expected == game.version:
            return
        if seat is not None and any(d.seat == seat and d.version == expected for d in game.row.decisions):
            return
        if expected != game.version:
            raise StaleVersion(
                "the game has moved on since", expected=expected, current=game.version, game_id=game.row.id
            )

    async def reloaded_info(self, game_id: int) -> GameInfo:
        return game_info(await self.load(game_id))


@contextmanager
def refused_by(ruleset: AnyRuleset) -> Iterator[None]:
    """A refusal raised inside is marked as this rule system's, for its words."""
    try:
        yield
    except Refusal as refusal:
        refusal.ruleset = ruleset.name
        raise


def replayed(
    row: GameRow, ruleset: AnyRuleset, state: Any, actions: Iterable[ActionRow]
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


def decision_rows(
    ruleset: AnyRuleset,
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
    for decision in ruleset.duties(state):
        if decision.seat in rows:
            continue
        previous = old.get(decision.seat)
        if previous is not None and previous.kind == decision.kind and decision.seat != acted:
            rows[decision.seat] = deadlines.schedule(previous)
        else:
            rows[decision.seat] = deadlines.schedule(DecisionRow(decision.seat, decision.kind, version, now))
    return tuple(rows.values())


def seconds(span: timedelta) -> int:
    return int(span.total_seconds())


def with_grace(deadlines: Deadlines, row: DecisionRow, now: datetime) -> DecisionRow:
    """The row rescheduled under changed settings, moved to at least ``GRACE_AFTER_CHANGE`` from now."""
    scheduled = deadlines.schedule(row)
    if scheduled.due_at is None or scheduled.due_at >= now + GRACE_AFTER_CHANGE:
        return scheduled
    extra = row.extra_seconds + seconds(now + GRACE_AFTER_CHANGE - scheduled.due_at)
    return deadlines.schedule(replace(row, extra_seconds=extra))
