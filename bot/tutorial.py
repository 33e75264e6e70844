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


def explanation(ruleset: str, kind: str, language: str) -> str:
    """The note that explains a decision of ``kind`` to a newcomer (the rule system's own words)."""
    return message("tutorial.note", language, explanation=words_for(ruleset).tutorial(kind, language))


def finished_line(language: str) -> str:
    """The last line of a tutorial: where games with people are opened, and where the rules are read."""
    evolution = message("command_name.evolution", language)
    new = f"/{evolution} {message('command_name.new', language)}"
    return message("tutorial.finished", language, new=new, rules=f"/{message('command_name.rules', language)}")
