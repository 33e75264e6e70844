"""CLDR cardinal plural categories of the six languages, for whole numbers.

A catalogue message that counts something is a JSON object of plural forms, e.g.
``{"one": "{n} card", "other": "{n} cards"}``, and :func:`plural_category` says which form a count takes. The
rules are those of Unicode CLDR's ``plurals.xml`` (current releases), written for integers: the operand ``i`` is
the absolute value of the count and ``v`` (visible fraction digits) is 0, so the categories that only fractions
reach never come up.

* en: one ``i = 1 and v = 0``
* hu: one ``n = 1``
* pt (Brazilian): one ``i = 0..1``; many ``e = 0 and i != 0 and i % 1000000 = 0 and v = 0``
* es: one ``n = 1``; many ``e = 0 and i != 0 and i % 1000000 = 0 and v = 0``
* uk: one ``v = 0 and i % 10 = 1 and i % 100 != 11``; few ``v = 0 and i % 10 = 2..4 and i % 100 != 12..14``;
  many ``v = 0 and (i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14)``; other: fractions only
* pl: one ``i = 1 and v = 0``; few ``v = 0 and i % 10 = 2..4 and i % 100 != 12..14``;
  many ``v = 0 and (i != 1 and i % 10 = 0..1 or i % 10 = 5..9 or i % 100 = 12..14)``; other: fractions only

:data:`REQUIRED` lists the forms each language's catalogue must supply. Portuguese and Spanish "many" (exact
millions: "un millón de cartas") is optional: no count in the game comes near a million, and a missing form falls
back to ``other``. Polish and Ukrainian supply ``other`` too, although whole numbers never reach it, because
``other`` is the form every fallback uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Literal

Category = Literal["zero", "one", "two", "few", "many", "other"]
CATEGORIES: tuple[Category, ...] = ("zero", "one", "two", "few", "many", "other")


def _english(i: int) -> Category:
    return "one" if i == 1 else "other"


def _portuguese(i: int) -> Category:
    if i in (0, 1):
        return "one"
    return "many" if i % 1_000_000 == 0 else "other"


def _spanish(i: int) -> Category:
    if i == 1:
        return "one"
    return "many" if i != 0 and i % 1_000_000 == 0 else "other"


def _ukrainian(i: int) -> Category:
    if i % 10 == 1 and i % 100 != 11:
        return "one"
    if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
        return "few"
    return "many"


def _polish(i: int) -> Category:
    if i == 1:
        return "one"
    if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
        return "few"
    return "many"


_RULES: Mapping[str, Callable[[int], Category]] = MappingProxyType(
    {"en": _english, "hu": _english, "pt": _portuguese, "es": _spanish, "uk": _ukrainian, "pl": _polish}
)

#: The forms a plural message must have in each language.
REQUIRED: Mapping[str, frozenset[Category]] = MappingProxyType(
    {
        "en": frozenset({"one", "other"}),
        "hu": frozenset({"one", "other"}),
        "pt": frozenset({"one", "other"}),
        "es": frozenset({"one", "other"}),
        "uk": frozenset({"one", "few", "many", "other"}),
        "pl": frozenset({"one", "few", "many", "other"}),
    }
)

#: The forms a plural message may have in each language (the required ones and those whole numbers can reach).
ALLOWED: Mapping[str, frozenset[Category]] = MappingProxyType(
    {**REQUIRED, "pt": frozenset({"one", "many", "other"}), "es": frozenset({"one", "many", "other"})}
)


def plural_category(language: str, count: int) -> Category:
    """The CLDR cardinal category of a whole number in one of the six languages (KeyError for another)."""
    return _RULES[language](abs(count))


def plural_form(forms: Mapping[str, str], language: str, count: int) -> str:
    """The form of ``forms`` that ``count`` takes, or its ``other`` form when that one is missing."""
    return forms.get(plural_category(language, count)) or forms["other"]
