"""The user-facing message catalogues of the front ends: every message, button label, select option, refusal
wording, event summary, slash-command name and description, and board-image label, keyed by a stable message key.

The catalogues are data: ``texts/messages/<language>.json``, a flat object of key -> value, where a value is

* a ``str.format`` template with named placeholders (``"{player} left the game."``), or
* for a message that counts something, an object of CLDR plural forms chosen by the whole-number placeholder
  ``n`` (``{"one": "{n} card", "other": "{n} cards"}``; :mod:`texts.plurals` has the rules and which forms each
  language supplies).

``message(key, language, **params)`` formats one. English (``en.json``) is the reference: every other catalogue
has exactly its keys with the same placeholders, which ``tests/texts/test_catalogues.py`` enforces. The labels of
the board image are the exception: their English lives with the renderer (``renderer.labels.ENGLISH``, so the
renderer stands alone), and the other catalogues carry them as ``board.<label key>``; :func:`board_labels` gives
the mapping ``render_board(view, labels=...)`` takes. A key missing in a language, or a broken translation, falls
back to English, so a message is never lost; the tests are what keep that from happening.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from texts.languages import DEFAULT_LANGUAGE, LANGUAGES
from texts.plurals import CATEGORIES, plural_form

#: A catalogue value: a template, or plural forms by CLDR category.
Template = str | Mapping[str, str]
#: The prefix of the board-image labels in the catalogues other than English.
BOARD_PREFIX = "board."
#: The placeholder whose value chooses a plural form.
COUNT = "n"


class MessageError(KeyError):
    """A message key that the English catalogue does not have (a bug in the caller, never a user's mistake)."""


@cache
def catalogue(language: str = DEFAULT_LANGUAGE) -> Mapping[str, Template]:
    """The catalogue of one language (empty when there is none)."""
    if language not in LANGUAGES:
        return MappingProxyType({})
    # ``texts/messages/`` is a data folder beside this module (not a package: it would shadow this module).
    path = resources.files("texts").joinpath("messages", f"{language}.json")
    if not path.is_file():
        return MappingProxyType({})
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"texts/messages/{language}.json must be a JSON object")
    for key, value in data.items():
        if not _is_template(value):
            raise ValueError(
                f"texts/messages/{language}.json: {key!r} must be a string or an object of plural forms with 'other'"
            )
        if isinstance(value, dict):
            data[key] = MappingProxyType(value)
    return MappingProxyType(data)


def _is_template(value: Any) -> bool:
    if isinstance(value, str):
        return True
    return (
        isinstance(value, dict)
        and "other" in value
        and all(category in CATEGORIES and isinstance(form, str) for category, form in value.items())
    )


def has_message(key: str) -> bool:
    return key in catalogue(DEFAULT_LANGUAGE)


def placeholders(template: str) -> frozenset[str]:
    """The named fields a template uses (``"{player} took {n}"`` -> ``{"player", "n"}``)."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(template) if field)


def template_placeholders(value: Template) -> frozenset[str]:
    """The named fields of a catalogue value (of every plural form together)."""
    if isinstance(value, str):
        return placeholders(value)
    return frozenset().union(*(placeholders(form) for form in value.values()))


def _format(value: Template, language: str, params: Mapping[str, Any]) -> str:
    if isinstance(value, str):
        return value.format(**params)
    count = params[COUNT]
    if not isinstance(count, int):
        raise ValueError(f"a plural message needs a whole number {COUNT}, not {count!r}")
    return plural_form(value, language, count).format(**params)


def message(key: str, language: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The message ``key`` in ``language`` with ``params`` filled in; English when the language lacks it."""
    for code in (language, DEFAULT_LANGUAGE) if language != DEFAULT_LANGUAGE else (DEFAULT_LANGUAGE,):
        value = catalogue(code).get(key)
        if value is None:
            continue
        try:
            return _format(value, code, params)
        except (KeyError, IndexError, ValueError):
            # A broken translation falls back to English; a broken English template is a bug and raises below.
            if code == DEFAULT_LANGUAGE:
                raise
    raise MessageError(key)


@cache
def board_labels(language: str) -> Mapping[str, str]:
    """The board image's labels in ``language``, for ``render_board(view, labels=...)``: empty for English (the
    renderer's own), else every ``board.*`` string of the catalogue under its label key."""
    if language == DEFAULT_LANGUAGE:
        return MappingProxyType({})
    return MappingProxyType(
        {
            key.removeprefix(BOARD_PREFIX): value
            for key, value in catalogue(language).items()
            if key.startswith(BOARD_PREFIX) and isinstance(value, str)
        }
    )
