"""Tutorial games (issue 20; docs/rulings.md, "Tutorial"): a newcomer's first game, played in their direct
messages with the bot against computer players, which explains each kind of decision the first time it is theirs.

A tutorial is an ordinary game marked in its settings; what this module knows is only that mark and the lines a
tutorial adds. The announcer keeps which decision kinds were explained (``GamePosts.explained``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from texts.messages import message
from texts.registry import words_for

#: The game setting that marks a tutorial.
TUTORIAL = "tutorial"


def is_tutorial(settings: Mapping[str, Any]) -> bool:
    return settings.get(TUTORIAL) is True


def placed(settings: Mapping[str, Any], channel_id: str, key: str, language: str, **fields: Any) -> str:
    """A line that names where the game is played: in its channel (``key`` with ``channel``), or, for a tutorial,
    worded for the DM it is played in (``<key>.tutorial``: a channel mention of a DM reads as nothing useful)."""
    if is_tutorial(settings):
        return message(f"{key}.tutorial", language, **fields)
    return message(key, language, channel=f"<#{channel_id}>", **fields)


def place_name(settings: Mapping[str, Any], channel_id: str, language: str) -> str:
    """Where a game is played, as a list of games names it: its channel, or a tutorial's DM."""
    return message("mygames.tutorial", language) if is_tutorial(settings) else f"<#{channel_id}>"


def explanation(ruleset: str, kind: str, language: str) -> str:
    """The note that explains a decision of ``kind`` to a newcomer (the rule system's own words)."""
    return message("tutorial.note", language, explanation=words_for(ruleset).tutorial(kind, language))


def finished_line(language: str) -> str:
    """The last line of a tutorial: where games with people are opened, and where the rules are read."""
    evolution = message("command_name.evolution", language)
    new = f"/{evolution} {message('command_name.new', language)}"
    return message("tutorial.finished", language, new=new, rules=f"/{message('command_name.rules', language)}")
