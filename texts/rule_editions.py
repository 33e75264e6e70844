"""A rule text's editions: a game whose cards come in editions (the dice game: ``rules_core/dice_combat/cards.py``)
keeps the cards it was dealt, so an entry a new edition changed keeps, under ``editions``, its text in each older
edition where it differs (``texts.rule_texts``). Here: checking that field, and the text shown outside any game
(``/rules``), which gives the newest edition's text and then each older one, each under a heading naming its games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from texts.messages import message


def problems(editions: Any, text: Any, *, limit: int) -> list[str]:
    """What is wrong with an entry's ``editions`` (each older edition's number and text), given its newest text and
    the most characters the texts shown together may have."""
    if not (isinstance(editions, dict) and editions):
        return ["editions must be an object of edition numbers and texts (leave it out when there is none)"]
    found: list[str] = []
    # Outside a game the newest text and the older ones are shown together: each older one gets half the room.
    room = limit // 2
    for number, old in editions.items():
        if not (number.isascii() and number.isdigit() and int(number) > 0):
            found.append(f"edition {number!r} is not an edition's number")
        if not (isinstance(old, str) and old.strip()):
            found.append(f"edition {number!r} has no text")
        elif len(old) > room:
            found.append(f"edition {number!r}'s text is longer than {room} characters")
        elif old.strip() == str(text).strip():
            found.append(f"edition {number!r}'s text is the newest text (leave it out)")
    return found


def every_edition(text: str, editions: Mapping[int, str], language: str) -> str:
    """The text outside any game: the newest edition's, then each older edition's where it differs, newest first,
    each under its heading; a text no edition changed, alone."""
    if not editions:
        return text
    older = (f"{message('rules.edition', language, n=n)}\n{editions[n]}" for n in sorted(editions, reverse=True))
    return "\n\n".join((f"{message('rules.edition_newest', language)}\n{text}", *older))
