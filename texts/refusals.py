"""A refusal in words: the rules', the service's or a front end's own, by its stable ``code`` (and, where one code
has several causes, its ``reason``), in the reader's language. Shared by the Discord bot and the console.

A rule system's own refusals are worded by its catalogue (``<ruleset>.refusal.<code>``) before the shared one
(``refusal.<code>``), and their parameters by its words (a trait named by its key becomes its name). A computer
player's difficulty level (a ``level`` or ``levels`` parameter) is worded as the level's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.errors import Refusal
from texts.languages import DEFAULT_LANGUAGE
from texts.messages import has_message, message
from texts.presentation import RulesetWords
from texts.registry import WORDS


def refusal_text(refusal: Refusal, language: str, words: RulesetWords | None = None) -> str:
    """The refusal in words; a rule system's refusal (``refusal.ruleset``, or ``words``) in its own words."""
    if words is None and refusal.ruleset is not None:
        words = WORDS.get(refusal.ruleset)
    keys = [f"refusal.{refusal.code}"]
    if words is not None:
        keys.insert(0, f"{words.ruleset}.refusal.{refusal.code}")
    # A refusal with several causes under one code (bad settings) may have a wording for each.
    reason = refusal.params.get("reason")
    if isinstance(reason, str):
        keys = [f"{key}.{reason}" for key in keys] + keys
    key = next((k for k in keys if has_message(k)), None)
    if key is None:
        return message("refusal.generic", language)
    params = {name: _worded(name, value, language, words) for name, value in refusal.params.items()}
    try:
        return message(key, language, **params)
    except (KeyError, IndexError, ValueError):
        plain = key + ".plain"
        return message(plain if has_message(plain) else "refusal.generic", language)


#: The parameters that name computer players' difficulty levels (``computer_level.<name>``).
_LEVELS = frozenset({"level", "levels"})


def _worded(name: str, value: Any, language: str, words: RulesetWords | None) -> Any:
    if name in _LEVELS:
        names = (value,) if isinstance(value, str) else value
        return ", ".join(message(f"computer_level.{level}", language) for level in names)
    return words.worded(value, language) if words else value


def database_refusal(reason: str, path: str, params: Mapping[str, Any], language: str = DEFAULT_LANGUAGE) -> str:
    """Why the program will not use (or back up) a database file, and what to do, for its operator."""
    return message(f"cli.database_refused.{reason}", language, path=path, **params)
