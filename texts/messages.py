"""The user-facing message catalogues of the front ends: every message, button label, select option, refusal
wording, event summary, slash-command name and description, and board-image label, keyed by a stable message key.

The catalogues are data: ``texts/messages/<language>.json`` holds the words every rule system shares (commands,
the lobby, deadlines, refusals of the service...), and each rule system's own words (its traits, phases, menus and
event lines) are in ``texts/<ruleset>/messages/<language>.json``, whose keys are read with the ruleset's name in front
(``north_star.trait.long_neck``): where two rule systems both have a Carnivore, each says it in its own words. A
catalogue file is a flat object of key -> value, where a value is

* a ``str.format`` template with named placeholders (``"{player} left the game."``), or
* for a message that counts something, an object of CLDR plural forms chosen by the whole-number placeholder
  ``n`` (``{"one": "{n} card", "other": "{n} cards"}``; :mod:`texts.plurals` has the rules and which forms each
  language supplies).

``message(key, language, **params)`` formats one. English (``en.json``) is the reference: every other catalogue
has exactly its keys with the same placeholders, which ``tests/texts/test_catalogues.py`` enforces. The labels of
the board images are the exception: their English lives with each ruleset's drawer (so the renderer stands alone),
and the other catalogues carry them as ``<ruleset>.board.<label key>``, except the traits' (or cards') names, which
come from the rule system's ``/rules`` book; ``texts.board_labels`` gives the mapping ``render_board(view,
labels=...)`` takes. A key missing in a language, or a broken translation, falls back to
English, so a message is never lost; the tests are what keep that from happening. A rule system that lives outside
this package (a test's toy game) adds its catalogue folder with :func:`add_catalogue`.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Any

from texts.languages import DEFAULT_LANGUAGE, LANGUAGES
from texts.plurals import CATEGORIES, plural_form

#: A catalogue value: a template, or plural forms by CLDR category.
Template = str | Mapping[str, str]
#: The placeholder whose value chooses a plural form.
COUNT = "n"


class MessageError(KeyError):
    """A message key that the English catalogue does not have (a bug in the caller, never a user's mistake)."""


#: Catalogue folders beyond the shipped ones: namespace -> folder of ``<language>.json`` files.
_EXTRA: dict[str, Traversable] = {}
#: How many times catalogues were added or removed: what is cached from the catalogues is keyed on it.
_edition = 0


def edition() -> int:
    """Changes whenever a catalogue is added or removed (a cache of something read from them keys on it)."""
    return _edition


def add_catalogue(namespace: str, folder: Traversable) -> None:
    """Read the keys of ``folder/<language>.json`` as ``<namespace>.<key>`` from now on."""
    global _edition
    _EXTRA[namespace] = folder
    _edition += 1
    catalogue.cache_clear()


def remove_catalogue(namespace: str) -> None:
    global _edition
    _EXTRA.pop(namespace, None)
    _edition += 1
    catalogue.cache_clear()


def _folders() -> dict[str, Traversable]:
    """Every catalogue folder by namespace: the shared one (no namespace) and each ruleset's."""
    root = resources.files("texts")
    found: dict[str, Traversable] = {"": root.joinpath("messages")}
    for child in root.iterdir():
        if child.is_dir() and child.joinpath("messages").is_dir() and child.name != "messages":
            found[child.name] = child.joinpath("messages")
    found.update(_EXTRA)
    return found


@cache
def catalogue(language: str = DEFAULT_LANGUAGE) -> Mapping[str, Template]:
    """The catalogue of one language, every namespace merged (empty when the language is unknown)."""
    if language not in LANGUAGES:
        return MappingProxyType({})
    merged: dict[str, Template] = {}
    for namespace, folder in _folders().items():
        path = folder.joinpath(f"{language}.json")
        if not path.is_file():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"{path} must be a JSON object")
        prefix = f"{namespace}." if namespace else ""
        for key, value in data.items():
            if not _is_template(value):
                raise ValueError(f"{path}: {key!r} must be a string or an object of plural forms with 'other'")
            merged[prefix + key] = MappingProxyType(value) if isinstance(value, dict) else value
    return MappingProxyType(merged)


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
