"""Deadlines of slow games: the settings that govern them and the times they give each owed decision.

A game's settings (JSON, chosen at creation, changed by the host) may hold:

* ``decision_time``: seconds each decision may take, from 5 minutes to 7 days. Absent: the game has no deadlines
  (the console's hot-seat games; a live game at one table).
* ``reminders``: when to remind a player who has not decided, as a list of points before the deadline: ``"50%"``
  (when half of the time is left) or a duration (``"1h"``: one hour before). Points that would come before the
  decision even fell due are ignored.
* ``strikes``: after this many missed deadlines in a row, the seat is handed to a computer player.
* ``max_away``: seconds a player may hand their seat to a computer for ("away until...", game_service.autopilot),
  from 1 day to 60 days; 14 days when not set.
* ``paused_at``: set by the service while the host has paused the game (no deadline runs then).

The times are computed here, purely, and stored with each decision by the service, so the scheduler only has to
ask the database what is due.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from game_service.errors import BadSettings
from game_service.storage import DecisionRow

MIN_DECISION_TIME = timedelta(minutes=5)
MAX_DECISION_TIME = timedelta(days=7)
#: The longest a single extension may add.
MAX_EXTENSION = timedelta(days=7)
DEFAULT_STRIKES = 3
MAX_STRIKES = 10
MAX_REMINDERS = 5
#: A decision time shortened mid-decision never leaves less than this before the new deadline.
GRACE_AFTER_CHANGE = timedelta(minutes=5)
DEFAULT_MAX_AWAY = timedelta(days=14)
MIN_MAX_AWAY = timedelta(days=1)
MAX_MAX_AWAY = timedelta(days=60)
#: Settings the service keeps itself; a host cannot set them directly (each player sets their own autopilot; the web
#: link's salt is renewed by ``renew_link``, game_service.links).
RESERVED = frozenset({"paused_at", "autopilot", "link"})

_DURATION = re.compile(r"^\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*$")
_PERCENT = re.compile(r"^\s*(\d{1,2})\s*%\s*$")


def parse_duration(text: str) -> timedelta:
    """``"90m"``, ``"24h"``, ``"3d"``, ``"1d12h"`` -> a timedelta; ValueError for anything else."""
    match = _DURATION.match(text)
    if not text.strip() or not match or not any(match.groups()):
        raise ValueError(f"{text!r} is not a duration like 30m, 24h, 3d or 1d12h")
    days, hours, minutes = (int(part or 0) for part in match.groups())
    try:
        return timedelta(days=days, hours=hours, minutes=minutes)
    except OverflowError:
        raise ValueError(f"{text!r} is longer than any duration") from None


def format_duration(span: timedelta) -> str:
    """The inverse of :func:`parse_duration` for whole minutes: ``timedelta(hours=36)`` -> ``"1d12h"``."""
    minutes = int(span.total_seconds()) // 60
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    text = "".join(f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n)
    return text or "0m"


@dataclass(frozen=True, slots=True)
class ReminderPoint:
    """A reminder before the deadline: a share of the decision time that is left, or a fixed time before it."""

    text: str
    percent: int | None = None
    before: timedelta | None = None

    def offset(self, decision_time: timedelta) -> timedelta:
        """How long before the deadline this reminder comes."""
        if self.percent is not None:
            return decision_time * self.percent / 100
        assert self.before is not None
        return self.before


def parse_reminder(text: str) -> ReminderPoint:
    percent = _PERCENT.match(text)
    if percent:
        value = int(percent.group(1))
        if not 1 <= value <= 99:
            raise ValueError(f"{text!r}: a share of the time must be from 1% to 99%")
        return ReminderPoint(f"{value}%", percent=value)
    before = parse_duration(text)
    if before <= timedelta(0):
        raise ValueError(f"{text!r}: a reminder must come some time before the deadline")
    return ReminderPoint(format_duration(before), before=before)


@dataclass(frozen=True, slots=True)
class Deadlines:
    """A game's deadline settings, parsed."""

    decision_time: timedelta | None
    reminders: tuple[ReminderPoint, ...] = ()
    strikes: int = DEFAULT_STRIKES
    paused_at: datetime | None = None

    def reminder_offsets(self) -> tuple[timedelta, ...]:
        """The reminders' distances before the deadline, earliest reminder first, without repeats."""
        if self.decision_time is None:
            return ()
        offsets = {point.offset(self.decision_time) for point in self.reminders}
        return tuple(sorted((o for o in offsets if timedelta(0) < o < self.decision_time), reverse=True))

    def schedule(self, row: DecisionRow) -> DecisionRow:
        """The row with its deadline and its next reminder from these settings; none while paused or without
        deadlines. ``row.reminded`` reminders are behind it already (sent, or passed over by :meth:`reminded`)."""
        if self.decision_time is None or self.paused_at is not None:
            return replace(row, due_at=None, remind_at=None)
        due = row.since + self.decision_time + timedelta(seconds=row.extra_seconds)
        offsets = self.reminder_offsets()
        remind_at = due - offsets[row.reminded] if row.reminded < len(offsets) else None
        return replace(row, due_at=due, remind_at=remind_at)

    def reminded(self, row: DecisionRow, now: datetime) -> DecisionRow:
        """After a reminder went out at ``now``: every point whose time has come is behind (after a downtime,
        one reminder stands for all the points that passed, not a burst of them)."""
        due = row.since + (self.decision_time or timedelta(0)) + timedelta(seconds=row.extra_seconds)
        passed = sum(1 for offset in self.reminder_offsets() if due - offset <= now)
        return self.schedule(replace(row, reminded=max(row.reminded + 1, passed)))


def deadlines_of(settings: Mapping[str, Any]) -> Deadlines:
    """The deadline settings of a game (settings already checked by :func:`checked_deadline_settings`)."""
    seconds = settings.get("decision_time")
    paused = settings.get("paused_at")
    return Deadlines(
        decision_time=None if seconds is None else timedelta(seconds=int(seconds)),
        reminders=tuple(parse_reminder(text) for text in settings.get("reminders", ())),
        strikes=int(settings.get("strikes", DEFAULT_STRIKES)),
        paused_at=None if paused is None else datetime.fromisoformat(paused),
    )


def max_away_of(settings: Mapping[str, Any]) -> timedelta:
    """The longest a player of the game may hand their seat to a computer for."""
    seconds = settings.get("max_away")
    return DEFAULT_MAX_AWAY if seconds is None else timedelta(seconds=int(seconds))


def _duration_setting(value: Any) -> timedelta | None:
    """A duration setting's value (seconds, or text like ``"3d"``), or None when it is not one."""
    try:
        if isinstance(value, int) and not isinstance(value, bool):
            return timedelta(seconds=value)
        if isinstance(value, str):
            return parse_duration(value)
    except (ValueError, OverflowError):
        pass
    return None


def checked_deadline_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """Normalise the deadline keys of a settings change (durations to seconds, reminder points to their canonical
    text); refuse values out of range with a specific ``BadSettings`` reason. Other keys pass unchanged."""
    out = dict(settings)
    for key in RESERVED & out.keys():
        raise BadSettings(f"{key} is kept by the game itself", reason="reserved", key=key)
    if out.get("decision_time") is not None:
        value = out["decision_time"]
        span = _duration_setting(value)
        if span is None:
            raise BadSettings("the time per decision must be a duration like 30m, 24h or 3d",
                              reason="bad_decision_time", value=value)  # fmt: skip
        if not MIN_DECISION_TIME <= span <= MAX_DECISION_TIME:
            raise BadSettings("the time per decision must be from 5 minutes to 7 days",
                              reason="decision_time_range", value=format_duration(span))  # fmt: skip
        out["decision_time"] = int(span.total_seconds())
    if out.get("reminders") is not None:
        value = out["reminders"]
        if isinstance(value, str):
            value = [part for part in re.split(r"[,\s]+", value) if part]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(value) > MAX_REMINDERS:
            raise BadSettings("reminders must be up to five points like 50% or 1h",
                              reason="bad_reminders", value=str(out["reminders"]))  # fmt: skip
        try:
            points = [parse_reminder(v) for v in value]
        except ValueError:
            raise BadSettings("reminders must be up to five points like 50% or 1h",
                              reason="bad_reminders", value=str(out["reminders"])) from None  # fmt: skip
        out["reminders"] = [point.text for point in points]
    if out.get("max_away") is not None:
        value = out["max_away"]
        span = _duration_setting(value)
        if span is None or not MIN_MAX_AWAY <= span <= MAX_MAX_AWAY:
            raise BadSettings("the longest absence must be a duration from 1 day to 60 days",
                              reason="bad_max_away", value=str(value))  # fmt: skip
        out["max_away"] = int(span.total_seconds())
    if out.get("strikes") is not None:
        value = out["strikes"]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_STRIKES:
            raise BadSettings("the missed deadlines before a computer takes over must be from 1 to 10",
                              reason="bad_strikes", value=str(value))  # fmt: skip
        out["strikes"] = value
    return out
