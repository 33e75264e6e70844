"""Slow games: pausing, extending, voting, and the deadline scheduler (reminders and timeouts)."""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, cast

from game_service.checks import checked
from game_service.deadlines import Deadlines, deadlines_of
from game_service.errors import (
    AlreadyComputer,
    AlreadyPaused,
    AlreadyVoted,
    CannotVoteOnSelf,
    GameClosed,
    NoDeadlines,
    NoSuchSeat,
    NotAPlayer,
    NotPaused,
    NotSilent,
    StaleVersion,
)
from game_service.loaded import LoadedGame, Run
from game_service.results import (
    DueWork,
    GameInfo,
    Reminder,
    TimedOut,
    VoteKind,
    VoteResult,
)
from game_service.storage import (
    DecisionRow,
    Ending,
    NoteRow,
    StorageConflict,
    VoteRow,
)
from game_service.store import GameStore, seconds
from game_service.turns import Turns

logger = logging.getLogger(__name__)

#: How many due decisions the scheduler takes from storage at a time.
DUE_BATCH = 200
#: How long a reminder handed out stays with its scheduler before it is handed out again unconfirmed.
REMINDER_LEASE = timedelta(minutes=5)


class SlowGameCalls:
    """The service's slow calls (mixed into :class:`game_service.GameService`)."""

    _store: GameStore
    _turns: Turns

    @checked
    async def pause(
        self, *, channel_id: str, actor_id: str, actor_is_admin: bool = False, game_id: int | None = None
    ) -> GameInfo:
        """Stop every deadline and reminder of the running game (host or admin). Moves may still be made."""
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_running(game)
            self._store.require_host(game, actor_id, actor_is_admin)
            if game.row.settings.get("paused_at") is not None:
                raise AlreadyPaused("the game is paused already", game_id=game.row.id)
            now = self._store.now()
            settings = {**game.row.settings, "paused_at": now.isoformat()}
            await self._set_deadlines(game, settings, [NoteRow("paused", game.version, now, actor_id=actor_id)])
            return await self._store.reloaded_info(game.row.id)

    @checked
    async def resume(
        self, *, channel_id: str, actor_id: str, actor_is_admin: bool = False, game_id: int | None = None
    ) -> GameInfo:
        """Restart the clocks of a paused game: each decision gets back the time it had left when the pause began
        (a decision that fell due during the pause gets its whole time from now)."""
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_running(game)
            self._store.require_host(game, actor_id, actor_is_admin)
            paused = game.row.settings.get("paused_at")
            if paused is None:
                raise NotPaused("the game is not paused", game_id=game.row.id)
            now = self._store.now()
            paused_at = datetime.fromisoformat(paused)
            settings = {k: v for k, v in game.row.settings.items() if k != "paused_at"}
            decisions = tuple(
                replace(d, extra_seconds=d.extra_seconds + seconds(now - max(d.since, paused_at)))
                for d in game.row.decisions
            )
            paused_for = seconds(now - paused_at)
            note = NoteRow("resumed", game.version, now, actor_id=actor_id, detail={"paused_seconds": paused_for})
            await self._set_deadlines(game, settings, [note], decisions)
            return await self._store.reloaded_info(game.row.id)

    @checked
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
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_running(game)
            self._store.require_host(game, actor_id, actor_is_admin)
            if game.row.settings.get("decision_time") is None:
                raise NoDeadlines("this game has no time limit per decision", game_id=game.row.id)
            if seat is not None and all(d.seat != seat for d in game.row.decisions):
                if not 0 <= seat < len(game.row.seats):
                    raise NoSuchSeat("there is no such seat", seat=seat)
                raise NotSilent("that seat owes no decision now", seat=seat)
            decisions = tuple(
                replace(d, extra_seconds=d.extra_seconds + seconds(by)) if seat in (None, d.seat) else d
                for d in game.row.decisions
            )
            now = self._store.now()
            note = NoteRow("extended", game.version, now, seat=seat, actor_id=actor_id,
                           detail={"seconds": seconds(by)})  # fmt: skip
            await self._set_deadlines(game, dict(game.row.settings), [note], decisions)
            return await self._store.reloaded_info(game.row.id)

    @checked
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
        async with self._store.channel_game(channel_id, game_id) as game:
            self._store.require_running(game)
            voter = game.seat_of(user_id)
            if voter is None:
                raise NotAPlayer("you are not in this game", user_id=user_id)
            humans = [s for s in game.row.seats if s.user_id is not None]
            now = self._store.now()
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
                v for v in await self._store.repo.load_votes(game.row.id)
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
                await self._store.repo.update_game(
                    game.row.id, host_id=game.row.host_id, notes=[note], votes=[cast_vote]
                )
                info = await self._store.reloaded_info(game.row.id)
            elif kind == "replace":
                # The vote and the handover it carries are one write.
                await self._store.remove(
                    game, game.row.seats[cast(int, seat)], kind="voted_out", actor_id=None, notes=[note]
                )
                membership = await self._turns.after_change(game, Run())
                info, played = membership.info, membership.played
            else:
                ended = NoteRow("abandoned", game.version, now, actor_id=user_id, detail={"reason": "vote"})
                await self._store.repo.update_game(
                    game.row.id, host_id=game.row.host_id, notes=[note, ended], ending=Ending("abandoned", now)
                )
                self._store.forget(game.row.id)
                info = await self._store.reloaded_info(game.row.id)
            return VoteResult(info, kind, cast_vote.target_seat, votes, needed, carried, played)

    # The deadline scheduler.

    @checked
    async def next_due(self) -> datetime | None:
        """When the next deadline or reminder of any running game comes (None: nothing is scheduled)."""
        return await self._store.repo.next_due()

    @checked
    async def run_due(self, *, channels: Collection[str] | None = None) -> tuple[DueWork, ...]:
        """Everything due by now, in the order it fell due: reminders to send, and timeouts, each played with
        the ruleset's timeout move (after ``strikes`` missed deadlines in a row the seat goes to a computer).
        ``channels``: only the games in these channels (a bot process that holds some of Discord's shards passes
        its guilds' channels, so each game's deadlines are applied and announced by the process that posts for it).

        Safe to call from several processes and at any moment: each item is re-checked under the game's lock
        against the stored game, so a decision made meanwhile never times out and nothing fires twice. After a
        downtime, every deadline that passed is applied, oldest first; decisions that fall due by those moves
        get their full time from now.

        Reminders come first that were handed out before and never confirmed (their lease ran out): each
        :class:`Reminder` must be confirmed with :meth:`delivered` once the player got it.
        """
        now = self._store.now()
        held = None if channels is None else tuple(channels)
        done: list[DueWork] = [
            Reminder(q.game_id, q.channel_id, q.seat, q.user_id, q.kind, q.due_at, q.outbox_id)
            for q in await self._store.repo.claim_reminders(now, now + REMINDER_LEASE, DUE_BATCH, held)
        ]
        seen: set[tuple[int, int, int, datetime | None, datetime | None]] = set()
        while True:
            # Items seen in this call and still due (skipped, or failed) stay in the query: ask for that many more.
            batch = [
                d for d in await self._store.repo.due(self._store.now(), DUE_BATCH + len(seen), held)
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
        async with self._store.game_by_id(game_id) as game:
            if game.row.status != "running":
                return None
            owed = next((d for d in game.row.decisions if d.seat == seat and d.version == version), None)
            holder = game.row.seats[seat] if 0 <= seat < len(game.row.seats) else None
            if owed is None or holder is None or holder.is_computer:
                return None
            now = self._store.now()
            deadlines = deadlines_of(game.row.settings)
            if owed.due_at is not None and owed.due_at <= now:
                return await self._time_out(game, owed, deadlines)
            if owed.remind_at is None or owed.remind_at > now:
                return None
            decisions = tuple(deadlines.reminded(d, now) if d is owed else d for d in game.row.decisions)
            # The reminder's point is passed and the reminder queued in one write, so it is sent at least once.
            outbox_id = await self._store.repo.queue_reminder(
                game_id, decisions=decisions, at_version=game.version, seat=seat, version=owed.version,
                reminded=owed.reminded, at=now, leased_until=now + REMINDER_LEASE,
            )  # fmt: skip
            game.row = replace(game.row, decisions=decisions)
            assert owed.due_at is not None and holder.user_id is not None
            return Reminder(game_id, game.row.channel_id, seat, holder.user_id, owed.kind, owed.due_at, outbox_id)

    @checked
    async def delivered(self, *, outbox_id: int) -> None:
        """The player got the reminder ``outbox_id`` (Discord accepted the message): it is never handed out
        again. Confirming twice, or a reminder dropped because its decision was made, changes nothing."""
        await self._store.repo.confirm_delivery(outbox_id)

    async def _time_out(self, game: LoadedGame, owed: DecisionRow, deadlines: Deadlines) -> TimedOut:
        """Play the timeout move; at the seat's ``strikes``-th missed deadline in a row, hand the seat to a
        computer in the same write (a process killed in between must not leave the player a fourth deadline)."""
        holder = game.row.seats[owed.seat]
        run = Run()
        computed = self._store.compute(game, game.ruleset.timeout_action(game.state, owed.seat), "timeout")
        # Counted before the write, so the handover can go with it: this timeout and those in a row before it.
        missed = 1 + await self._store.repo.missed_in_a_row(game.row.id, owed.seat, deadlines.strikes - 1)
        # A timeout that ends the game leaves no seat to hand over.
        handed_over = missed >= deadlines.strikes and game.ruleset.outcome(computed.state) is None
        change = None
        if handed_over:
            change = self._store.seat_change(game, holder, kind="timed_out", actor_id=None, version=game.version + 1)
        await self._store.commit(game, computed, run, change)
        result = (await self._turns.after_change(game, run)).played
        assert result is not None  # the timeout itself is a step of the run
        return TimedOut(
            game.row.id, game.row.channel_id, owed.seat, holder.user_id, owed.kind, missed, deadlines.strikes,
            handed_over, result,
        )  # fmt: skip

    async def _set_deadlines(
        self,
        game: LoadedGame,
        settings: Mapping[str, Any],
        notes: Sequence[NoteRow],
        decisions: Sequence[DecisionRow] | None = None,
    ) -> None:
        """Write new settings and the owed decisions rescheduled by them, in one transaction."""
        deadlines = deadlines_of(settings)
        rows = tuple(deadlines.schedule(d) for d in (game.row.decisions if decisions is None else decisions))
        await self._store.repo.update_game(
            game.row.id, host_id=game.row.host_id, settings=settings, decisions=rows, at_version=game.version,
            notes=notes,
        )  # fmt: skip
