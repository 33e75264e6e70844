"""A rule system's options as people type and read them: ``quick_game``, ``time_to_fly, darwins_day=no``.

Both front ends take options as text (the console's ``--option``, the bot's ``/evolution new options:`` with its
autocomplete list) and show them in words. The schema is the ruleset's (``Ruleset.option_specs``); the rules check
the values (``Ruleset.read_options``), this module only reads the text and words the result.

Text form: options separated by commas or spaces, each ``name`` (a switch turned on) or ``name=value`` (``on``/
``off``, ``yes``/``no``, ``true``/``false`` or ``1``/``0`` for a switch, a number, or one of a choice's values).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from rules_core.engine import OptionSpec
from rules_core.errors import MalformedInput
from texts.presentation import RulesetWords

_TRUE = frozenset({"on", "yes", "true", "1"})
_FALSE = frozenset({"off", "no", "false", "0"})
_BRACKETED = re.compile(r"\s*\([^)]*\)")
#: How many option sets the autocomplete list offers at most (Discord shows 25).
MAX_CHOICES = 25


def parse_options(specs: Sequence[OptionSpec], text: str) -> dict[str, Any]:
    """The options named in ``text`` with typed values (the others stay at their defaults when the rules read them);
    a :class:`MalformedInput` names the part that is not an option of this rule system."""
    by_name = {spec.name: spec for spec in specs}
    chosen: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        name, has_value, raw = part.partition("=")
        spec = by_name.get(name.strip().lower())
        if spec is None:
            raise unknown_option(specs, name)
        chosen[spec.name] = _value(spec, raw.strip().lower() if has_value else "on")
    return chosen


def unknown_option(specs: Sequence[OptionSpec], name: str) -> MalformedInput:
    """The refusal of an option the rule system does not have, naming it and the valid ones (or saying there are
    none)."""
    valid = ", ".join(option_form(spec) for spec in specs)
    extra = {"valid": valid} if valid else {"reason": "none"}
    return MalformedInput(f"unknown option {name!r}", code="unknown_option", option=name, **extra)


def option_form(spec: OptionSpec) -> str:
    """How an option is typed: ``quick_game``, ``tie_break=discards|...``, ``rounds=N``."""
    if spec.kind == "bool":
        return spec.name
    if spec.kind == "int":
        return f"{spec.name}=N"
    return f"{spec.name}={'|'.join(spec.choices)}"


def _value(spec: OptionSpec, raw: str) -> bool | int | str:
    if spec.kind == "bool":
        if raw in _TRUE:
            return True
        if raw in _FALSE:
            return False
    elif spec.kind == "int":
        if raw.lstrip("-").isdigit():
            return int(raw)
    elif raw in spec.choices:
        return raw
    raise MalformedInput(f"option {spec.name!r} cannot be {raw!r}", code="bad_option", option=spec.name)


def options_text(specs: Sequence[OptionSpec], options: Mapping[str, Any]) -> str:
    """The text form of ``options`` (only what differs from the defaults): what an autocomplete choice carries."""
    parts = []
    for spec in specs:
        value = options.get(spec.name, spec.default)
        if value == spec.default:
            continue
        if spec.kind == "bool":
            parts.append(spec.name if value else f"{spec.name}=off")
        else:
            parts.append(f"{spec.name}={value}")
    return ", ".join(parts)


def options_words(
    words: RulesetWords, specs: Sequence[OptionSpec], options: Mapping[str, Any], language: str, *, brief: bool = False
) -> str:
    """The options that differ from the defaults, in words ("Quick game: everybody plays cards at the same time");
    empty when there are none. ``brief`` leaves out the words in brackets (where a list has little room: clipping
    the end instead could make two sets read alike)."""
    parts = []
    for spec in specs:
        value = options.get(spec.name, spec.default)
        if value == spec.default:
            continue
        name = words.option_name(spec.name, language)
        parts.append(name if value is True else f"{name}: {words.option_value(spec.name, value, language)}")
    text = "; ".join(parts)
    return _BRACKETED.sub("", text) if brief else text


def option_sets(specs: Sequence[OptionSpec]) -> list[dict[str, Any]]:
    """Every combination of the options' values, defaults first, for a list to choose from (a number option offers
    its default and its bounds)."""
    values: list[list[Any]] = []
    for spec in specs:
        if spec.kind == "bool":
            values.append([spec.default, not spec.default])
        elif spec.kind == "choice":
            values.append([spec.default, *(c for c in spec.choices if c != spec.default)])
        else:
            ends = [v for v in (spec.minimum, spec.maximum) if v is not None and v != spec.default]
            values.append([spec.default, *ends])
    return [dict(zip((s.name for s in specs), combo, strict=True)) for combo in itertools.product(*values)]
