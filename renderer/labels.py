"""A board's words: each ruleset's drawer has its English labels, and ``render_board(view, labels=...)`` takes a
translation (``texts.board_labels``); keys a translation leaves out fall back to English.

Values are ``str.format`` templates with named fields (``{n}``, ``{rank}``, ...). No template depends on a count's
plural form: numbers stand next to an icon or after a colon, so languages with several plural forms (Ukrainian,
Polish) need one string per key. Text is fitted by measuring, so longer translations shrink or wrap, they do not
overflow.
"""

from __future__ import annotations

from collections.abc import Mapping

from texts.languages import DEFAULT_LANGUAGE, LANGUAGE_LABEL


class Labels:
    """Looks up and formats a message, falling back to English for a missing key or a broken template."""

    __slots__ = ("_english", "_overrides")

    def __init__(self, english: Mapping[str, str], overrides: Mapping[str, str] | None = None) -> None:
        self._english = english
        self._overrides: Mapping[str, str] = overrides or {}

    @property
    def language(self) -> str:
        """The translation's language (the drawer's own words are English), by which the board hyphenates."""
        return self._overrides.get(LANGUAGE_LABEL, DEFAULT_LANGUAGE)

    def __call__(self, key: str, **fields: object) -> str:
        template = self._overrides.get(key)
        if template is not None:
            try:
                return template.format(**fields)
            except (KeyError, IndexError, ValueError, AttributeError):
                pass
        default = self._english.get(key)
        if default is None:
            return key.rsplit(".", 1)[-1].replace("_", " ")
        return default.format(**fields)
