"""Spans of time in words ("1 day 12 hours", "1 nap 12 óra"), for deadlines, extensions and reminders.

People type durations the short way (``30m``, ``24h``, ``1d12h``: ``game_service.deadlines.parse_duration``, the
same in every language); the bot answers in the reader's language with the catalogue's plural forms.
"""

from __future__ import annotations

from datetime import timedelta

from texts.messages import message


def duration_text(span: timedelta, language: str) -> str:
    """``span`` in whole minutes, as days, hours and minutes in words (``"0 minutes"`` for less than one)."""
    minutes = max(0, int(span.total_seconds()) // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [
        message(key, language, n=count)
        for key, count in (("duration.days", days), ("duration.hours", hours), ("duration.minutes", minutes))
        if count
    ]
    return " ".join(parts) if parts else message("duration.minutes", language, n=0)


def reminder_text(percent: int | None, before: timedelta | None, language: str) -> str:
    """A reminder point in words: a share of the time left ("50%"), or a time before the deadline."""
    if percent is not None:
        return f"{percent}%"
    assert before is not None
    return duration_text(before, language)
