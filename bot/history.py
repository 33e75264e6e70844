"""A game's history in words for ``/evolution history``: what the channel saw, with Discord mentions for people."""

from __future__ import annotations

from datetime import datetime, timedelta

from game_service import GameHistory, GameInfo, HistoryEntry
from texts.durations import duration_text
from texts.messages import message
from texts.registry import words_for


def history_lines(history: GameHistory, language: str) -> list[tuple[datetime, str]]:
    """A game's history as the channel saw it, line by line with the time each thing happened.

    Actions are told by their public events only (what the rules made public, when they made it: the quick game's
    card plays when the phase ended), each thing named as it stood right after; moves that were not their
    player's own choice carry a mark (``texts.presentation.PLAYED_BY_MARKS``).
    """
    info = history.info
    words = words_for(info.ruleset)
    lines: list[tuple[datetime, str]] = []
    for entry in history.entries:
        line = None if entry.kind == "action" else note_line(entry, info, language)
        if line is not None:
            lines.append((entry.at, line))
        if entry.public_view is not None:
            table = words.table(entry.public_view, language=language)
            told = words.told_lines(entry.public_events, [entry] if entry.played_by else [], table)
            lines.extend((entry.at, said) for said in told)
    return lines


def note_line(entry: HistoryEntry, info: GameInfo, language: str) -> str | None:
    """A change of seats, host, settings or status, in words; None for what an action's own lines already tell."""
    detail = entry.detail

    def person(user_id: str | None, seat: int | None) -> str:
        if user_id is not None:
            return f"<@{user_id}>"
        if detail.get("name"):
            return message("player.computer", language, name=detail["name"])
        if seat is not None and 0 <= seat < len(info.players):
            return info.players[seat].name
        return message("player.unknown", language, n=(seat or 0) + 1)

    player = person(entry.user_id, entry.seat)
    actor = person(entry.actor_id, None)
    kind = entry.kind
    if kind in ("created", "joined", "left", "computer_added", "host_changed", "seat_to_computer", "timed_out",
                "voted_out"):  # fmt: skip
        return message(f"history.{kind}", language, player=player)
    if kind == "kicked":
        return message("history.kicked", language, player=player, host=actor)
    if kind == "started":
        return message("history.started", language)
    if kind == "settings_changed":
        return message("history.settings_changed", language, host=actor)
    if kind in ("paused", "resumed"):
        return message(f"deadline.{kind}", language, host=actor)
    if kind == "extended":
        seconds = detail.get("seconds")
        time = duration_text(timedelta(seconds=seconds if isinstance(seconds, int | float) else 0), language)
        if entry.seat is None:
            return message("deadline.extended_all", language, host=actor, time=time)
        return message("deadline.extended_one", language, host=actor, player=person(None, entry.seat), time=time)
    if kind == "voted":
        if detail.get("kind") == "end":
            return message("vote.cast_end", language, voter=player, votes=detail["votes"], needed=detail["needed"])
        target = detail.get("seat")
        return message(
            "vote.cast_replace",
            language,
            voter=player,
            player=person(None, target if isinstance(target, int) else None),
            votes=detail["votes"],
            needed=detail["needed"],
        )
    if kind == "abandoned":
        reason = detail.get("reason")
        if reason == "vote":
            return message("vote.carried_end", language)
        if reason == "no_players_left":
            return message("game.abandoned_empty", language)
        return message("game.abandoned", language, player=actor)
    # "finished": the last action's own lines say who won.
    return None
