"""A game loaded under its lock, and what the front ends are told of it: the game's info, a request's result (the
events, views and prompts to show) and a seat's prompt, from the stored rows and the state. Pure: no storage, no
lock (``game_service.store`` loads and writes)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from game_service.results import (
    ActionResult,
    GameInfo,
    GameStatus,
    PendingDecision,
    Prompt,
    SeatInfo,
    Step,
    autopilots,
)
from game_service.storage import GameRow, SeatRow
from rules_core.engine import AnyRuleset, Event, Outcome


@dataclass(slots=True)
class LoadedGame:
    """A game loaded under its lock: the stored row and, once started, the state at ``row.log_version``."""

    row: GameRow
    ruleset: AnyRuleset
    state: Any

    @property
    def version(self) -> int:
        return 0 if self.state is None else self.ruleset.version(self.state)

    def seat_of(self, user_id: str) -> SeatRow | None:
        for seat in self.row.seats:
            if seat.user_id == user_id:
                return seat
        return None


class Run:
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


def player_range(game: LoadedGame) -> tuple[int, int]:
    """How many players the game's options allow."""
    return game.ruleset.player_range(game.ruleset.read_options(game.row.options))


def game_info(game: LoadedGame) -> GameInfo:
    """The game as the front ends show it: seats, settings, the duties owed and the opportunities open."""
    row, rules = game.row, game.ruleset
    outcome: Outcome | None = None if game.state is None else rules.outcome(game.state)
    low, high = player_range(game)
    duties, offered = decided(game)
    return GameInfo(
        game_id=row.id,
        channel_id=row.channel_id,
        ruleset=row.ruleset,
        status=cast(GameStatus, row.status),
        host_id=row.host_id,
        players=tuple(SeatInfo(s.seat, s.user_id, s.name, s.is_computer, s.level) for s in row.seats),
        version=game.version,
        options=dict(row.options),
        settings=dict(row.settings),
        min_players=low,
        max_players=high,
        seed=row.seed,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        to_decide=duties,
        outcome=outcome,
        offered=offered,
        autopilots=autopilots(row.settings),
    )


def action_result(game: LoadedGame, run: Run) -> ActionResult:
    """What a request did, with what the front ends need to show it: the public view that goes with its
    events, and the view and prompt of every human player with news or a decision."""
    row, rules = game.row, game.ruleset
    duties, offered = decided(game)
    prompts = {
        d.user_id: Prompt(d, rules.distinct_moves(rules.legal_actions(game.state, d.seat)))
        for d in (*offered, *duties)  # a duty's prompt wins over an opportunity of the same seat
        if d.user_id is not None
    }
    told = set(run.private) | set(prompts)
    views = {
        seat.user_id: rules.seat_view(game.state, seat.seat)
        for seat in row.seats
        if seat.user_id is not None and seat.user_id in told
    }
    return ActionResult(
        game_id=row.id,
        channel_id=row.channel_id,
        status=cast(GameStatus, row.status),
        version=game.version,
        steps=tuple(run.steps),
        public_events=tuple(run.public),
        private_events={user: tuple(events) for user, events in run.private.items()},
        to_decide=duties,
        outcome=rules.outcome(game.state),
        public_view=rules.public_view(game.state),
        views=views,
        prompts=prompts,
        info=game_info(game),
    )


def seat_prompt(game: LoadedGame, seat: int) -> Prompt | None:
    """The seat's prompt now: its duty if it owes one, else an opportunity it has, else None."""
    duties, offered = decided(game)
    for decision in (*duties, *offered):
        if decision.seat == seat:
            return Prompt(decision, game.ruleset.distinct_moves(game.ruleset.legal_actions(game.state, seat)))
    return None


def decided(game: LoadedGame) -> tuple[tuple[PendingDecision, ...], tuple[PendingDecision, ...]]:
    """The decisions the game waits for (from the stored rows, with their deadlines) and the opportunities the
    seats have now (never stored: nothing waits for them)."""
    row = game.row
    if row.status != "running" or game.state is None:
        return (), ()
    now = game.ruleset.decisions(game.state)
    secret = {d.seat for d in now if d.uses_secrets and not d.opportunity}

    def pending(seat: int, kind: str, since_version: int, since: datetime, **more: Any) -> PendingDecision:
        holder = row.seats[seat] if 0 <= seat < len(row.seats) else None
        return PendingDecision(
            seat=seat,
            kind=kind,
            user_id=None if holder is None else holder.user_id,
            is_computer=holder is not None and holder.is_computer,
            since_version=since_version,
            since=since,
            **more,
        )

    duties = tuple(
        pending(d.seat, d.kind, d.version, d.since, due_at=d.due_at, uses_secrets=d.seat in secret)
        for d in row.decisions
    )
    offered = tuple(
        pending(d.seat, d.kind, game.version, row.started_at or row.created_at, uses_secrets=d.uses_secrets,
                opportunity=True)
        for d in now
        if d.opportunity
    )  # fmt: skip
    return duties, offered
