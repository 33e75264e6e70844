"""A refusal in words: the rules', the service's or a front end's own, by its stable ``code`` (and, where one code
has several causes, its ``reason``), in the reader's language. Shared by the Discord bot and the console."""

from __future__ import annotations

from typing import Any

from rules_core.errors import Refusal
from rules_core.north_star.cards import Trait
from texts.messages import has_message, message


def refusal_text(refusal: Refusal, language: str) -> str:
    key = f"refusal.{refusal.code}"
    # A refusal with several causes under one code (bad settings) may have a wording for each.
    reason = refusal.params.get("reason")
    if isinstance(reason, str) and has_message(f"{key}.{reason}"):
        key = f"{key}.{reason}"
    if has_message(key):
        params = {name: _worded(value, language) for name, value in refusal.params.items()}
        try:
            return message(key, language, **params)
        except (KeyError, IndexError, ValueError):
            return (
                message(key + ".plain", language)
                if has_message(key + ".plain")
                else message("refusal.generic", language)
            )
    return message("refusal.generic", language)


_TRAIT_VALUES = frozenset(trait.value for trait in Trait)


def _worded(value: Any, language: str) -> Any:
    """A trait named by its value ("climbing") becomes its name ("Climbing")."""
    if isinstance(value, str) and value in _TRAIT_VALUES:
        return message(f"trait.{value}", language)
    return value
