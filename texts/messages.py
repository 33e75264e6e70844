"""The user-facing message catalogue of the front ends: every message, button label, select option, refusal wording
and event summary the Discord bot shows, keyed by a stable message key.

The catalogues are data (``texts/messages/<language>.json``: a flat object of key -> ``str.format`` template with
named placeholders). ``message(key, language, **params)`` formats one; a key or a template missing in a language
falls back to English, so a partial translation never breaks a message. Only English exists for now; a later task
adds hu, pt, uk, pl and es (the same keys and the same placeholders).
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = ("en", "hu", "pt", "uk", "pl", "es")


class MessageError(KeyError):
    """A message key that the English catalogue does not have (a bug in the caller, never a user's mistake)."""


@cache
def catalogue(language: str = DEFAULT_LANGUAGE) -> Mapping[str, str]:
    """The catalogue of one language (empty when there is none yet)."""
    if language not in LANGUAGES:
        return {}
    # ``texts/messages/`` is a data folder beside this module (not a package: it would shadow this module).
    path = resources.files("texts").joinpath("messages", f"{language}.json")
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise ValueError(f"texts/messages/{language}.json must be an object of strings")
    return data


def has_message(key: str) -> bool:
    return key in catalogue(DEFAULT_LANGUAGE)


def placeholders(template: str) -> frozenset[str]:
    """The named fields a template uses (``"{player} took {n}"`` -> ``{"player", "n"}``)."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(template) if field)


def message(key: str, language: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The message ``key`` in ``language`` with ``params`` filled in; English when the language lacks it."""
    for code in (language, DEFAULT_LANGUAGE) if language != DEFAULT_LANGUAGE else (DEFAULT_LANGUAGE,):
        template = catalogue(code).get(key)
        if template is None:
            continue
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            # A broken translation falls back to English; a broken English template is a bug and raises below.
            if code == DEFAULT_LANGUAGE:
                raise
    raise MessageError(key)
