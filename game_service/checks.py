"""The arguments of the public service calls, checked before anything is read or written.

The service is the trust boundary of every front end, so it checks the type and range of each argument itself
instead of letting a wrong one surface as a ``TypeError`` from a comparison, an ``OverflowError`` from SQLite or a
``RecursionError`` from the JSON encoder. Every public call is wrapped by :func:`checked`, which looks each keyword
argument up by name in :data:`CHECKS`: one checker per kind of argument (ids, names, numbers, durations, seeds,
settings...), each raising a specific :class:`~game_service.errors.BadArgument` (or the older
:class:`~game_service.errors.BadSettings` and :class:`~game_service.errors.BadExtension`) and handing back the value
to use, normalised where there is a canonical form (settings: durations in seconds). Whether None is allowed comes
from the call's own signature: a parameter whose default is None may be None.

Actions and rule options are only bounded here (their depth and the length of their JSON text, which bounds how many
items and how long a string they hold): only the game's rule system can read them, under the game's lock
(``Ruleset.exact_action``, ``Ruleset.read_options``), and both refuse what they cannot read exactly. Every bound
is checked in a time that does not grow with the input (a length, or a walk that stops at the bound), so any
input, however large or deep, is refused in microseconds to milliseconds (``benchmarks/hostile_input.py``).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import json
import math
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from game_service.computers import LEVELS
from game_service.deadlines import MAX_EXTENSION, checked_deadline_settings
from game_service.errors import (
    BadArgument,
    BadExtension,
    BadFlag,
    BadFrontEndData,
    BadId,
    BadLanguage,
    BadName,
    BadNumber,
    BadSeed,
    BadSettings,
    NoActor,
    UnknownLevel,
    UnknownVoteKind,
)
from rules_core.errors import MalformedInput

P = ParamSpec("P")
R = TypeVar("R")
Checker = Callable[[str, Any], Any]

#: Integers stored in SQLite (and PostgreSQL's bigint) are signed 64-bit.
MAX_INTEGER = 2**63 - 1
#: A Discord snowflake has at most 20 digits; a console channel names its table.
MAX_ID_LENGTH = 200
MAX_NAME_LENGTH = 100
#: How many games ``recent_games`` lists at most.
MAX_LIMIT = 100
MIN_EXTENSION = timedelta(minutes=1)
#: JSON objects the service keeps for the front ends and the host: small, shallow, plain.
MAX_SETTINGS_CHARS = 16_384
MAX_FRONT_END_CHARS = 65_536
MAX_JSON_DEPTH = 16
#: A move of any rule system: the largest legal one encodes in about 100 characters, nested 2 deep
#: (``tests/service/test_bounds.py`` checks every legal move of random games against these).
MAX_ACTION_CHARS = 4_096
MAX_ACTION_DEPTH = 8
#: A new game's rule options: a few names and values.
MAX_OPTIONS_CHARS = 16_384
#: The channels a process holds: more than the channels and threads of all its shards' guilds.
MAX_CHANNELS = 4_000_000
VOTE_KINDS = ("replace", "end")
_LANGUAGE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}")

_CHECKED: set[Callable[..., Any]] = set()


def checked(call: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Wrap a public service call: each keyword argument is checked by its name's checker before the call runs.

    Every parameter must be keyword-only and have a checker in :data:`CHECKS` (a call with an unchecked parameter
    fails at import, not at run time)."""
    plan: dict[str, tuple[Checker, bool]] = {}
    for name, parameter in inspect.signature(call).parameters.items():
        if name == "self":
            continue
        if parameter.kind is not inspect.Parameter.KEYWORD_ONLY:
            raise TypeError(f"{call.__qualname__}: {name} must be keyword-only")
        if name not in CHECKS:
            raise TypeError(f"{call.__qualname__}: no checker for {name}")
        plan[name] = (CHECKS[name], parameter.default is None)

    @functools.wraps(call)
    async def checked_call(*args: P.args, **kwargs: P.kwargs) -> R:
        for name, value in kwargs.items():
            if name not in plan:
                continue  # the call itself says it has no such parameter
            check, optional = plan[name]
            if value is None and optional:
                continue
            kwargs[name] = check(name, value)
        return await call(*args, **kwargs)

    _CHECKED.add(checked_call)
    return checked_call


def is_checked(call: Callable[..., Any]) -> bool:
    return call in _CHECKED


# Ids and numbers.


def whole_number(value: Any) -> bool:
    """An int that is not a bool (``True == 1`` must not pass for a seat or a version)."""
    return isinstance(value, int) and not isinstance(value, bool)


def row_id(name: str, value: Any) -> int:
    """A stored id (a game's, an outbox item's): from 1, and it must fit a 64-bit column."""
    if not whole_number(value) or not 1 <= value <= MAX_INTEGER:
        raise BadId(f"{name} must be a whole number from 1 to 2**63 - 1", argument=name, reason="not_a_number")
    return int(value)


def text_id(name: str, value: Any) -> str:
    """A channel, user or server id: printable text (a Discord snowflake, ``console:kitchen``)."""
    if value is None:
        raise BadId(f"{name} is missing", argument=name, reason="missing")
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_ID_LENGTH or not value.isprintable():
        raise BadId(f"{name} must be printable text of 1 to {MAX_ID_LENGTH} characters", argument=name,
                    reason="not_text")  # fmt: skip
    return str(value)


def channel_ids(name: str, value: Any) -> tuple[str, ...]:
    """Channel ids a caller holds (a bot process: the channels of its shards' guilds), each a :func:`text_id`."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple, set, frozenset)):
        raise BadArgument(f"{name} must be a collection of channel ids", argument=name, reason="not_a_collection")
    if len(value) > MAX_CHANNELS:
        raise BadArgument(f"{name} holds more than {MAX_CHANNELS} channel ids", argument=name, reason="too_many")
    return tuple(sorted({text_id(name, channel) for channel in value}))


def actor(name: str, value: Any) -> str:
    """The user a call acts or reads for: without one, nobody's seat or rights can be checked."""
    if value is None:
        raise NoActor("the call names nobody to act for", argument=name)
    return text_id(name, value)


def count(name: str, value: Any) -> int:
    """A version or a seat number (whether it exists is the call's question)."""
    if not whole_number(value) or not 0 <= value <= MAX_INTEGER:
        raise BadNumber(f"{name} must be a whole number from 0", argument=name, minimum=0, maximum=MAX_INTEGER)
    return int(value)


def limit(name: str, value: Any) -> int:
    if not whole_number(value) or not 1 <= value <= MAX_LIMIT:
        raise BadNumber(f"{name} must be from 1 to {MAX_LIMIT}", argument=name, minimum=1, maximum=MAX_LIMIT)
    return int(value)


def seed(name: str, value: Any) -> int:
    if not whole_number(value) or not 0 <= value <= MAX_INTEGER:
        raise BadSeed("the seed must be a whole number from 0 to 2**63 - 1", argument=name, maximum=MAX_INTEGER)
    return int(value)


def flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadFlag(f"{name} must be True or False", argument=name)
    return value


# Text.


def player_name(name: str, value: Any) -> str:
    """A name shown to everybody (a player's, a computer's): printable, not blank, not too long."""
    reason = None
    if not isinstance(value, str):
        reason = "not_text"
    elif len(value) > MAX_NAME_LENGTH:
        reason = "too_long"
    elif not value.strip():
        reason = "blank"
    elif not value.isprintable():
        reason = "not_printable"
    if reason is not None:
        raise BadName(f"{name} must be printable text of 1 to {MAX_NAME_LENGTH} characters", argument=name,
                      reason=reason, max_length=MAX_NAME_LENGTH)  # fmt: skip
    return str(value)


def ruleset_name(name: str, value: Any) -> str:
    """The rule system's name (which names exist is the registry's answer: ``unknown_ruleset``)."""
    return text_id(name, value)


def language(name: str, value: Any) -> str:
    if not isinstance(value, str) or len(value) > 35 or not _LANGUAGE.fullmatch(value):
        raise BadLanguage(f"{name} must be a language tag like en or pt-BR", argument=name)
    return value


def channel_pattern(name: str, value: Any) -> str:
    """A regular expression a channel id must match in full (a front end's own channels)."""
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_ID_LENGTH:
        raise BadArgument(f"{name} must be a regular expression", argument=name, reason="not_a_pattern")
    try:
        re.compile(value)
    except re.error:
        raise BadArgument(f"{name} must be a regular expression", argument=name, reason="not_a_pattern") from None
    return value


def level(name: str, value: Any) -> str:
    """A computer player's difficulty level, by its name."""
    if not isinstance(value, str) or len(value) > MAX_NAME_LENGTH or value not in LEVELS:
        raise UnknownLevel(f"{name} must be one of {', '.join(LEVELS)}", argument=name, levels=tuple(LEVELS))
    return value


def vote_kind(name: str, value: Any) -> str:
    if not isinstance(value, str) or value not in VOTE_KINDS:
        raise UnknownVoteKind("a vote is to replace a seat or to end the game", argument=name, kinds=VOTE_KINDS)
    return value


def decision_kind(name: str, value: Any) -> str:
    """A kind of decision (which kinds a game has is its rule system's answer: ``unknown_decision_kind``)."""
    return text_id(name, value)


# Moments and durations.


def moment(name: str, value: Any) -> datetime:
    """A moment in time: a timezone-aware datetime (whether it is in range is the call's question)."""
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise BadArgument(f"{name} must be a timezone-aware moment", argument=name, reason="not_a_moment")
    return value.astimezone(UTC)


def extension(name: str, value: Any) -> timedelta:
    """Time added to deadlines: from 1 minute to 7 days."""
    if not isinstance(value, timedelta):
        raise BadExtension("an extension is a duration", argument=name, reason="not_a_duration")
    if not MIN_EXTENSION <= value <= MAX_EXTENSION:
        raise BadExtension("an extension adds from 1 minute to 7 days", argument=name, reason="out_of_range",
                           minutes=int(value.total_seconds()) // 60)  # fmt: skip
    return value


# JSON objects.


def json_problem(value: Any, *, max_chars: int, max_depth: int = MAX_JSON_DEPTH, objects: bool = False) -> str | None:
    """Why ``value`` is not a small JSON value, or None: ``too_deep`` (lists and objects more than ``max_depth``
    deep), ``too_large`` (its compact JSON text, escapes aside, would be longer than ``max_chars``) or ``not_json``
    (a key that is not text, a float that is not finite, an integer beyond 64 bits, a value JSON has no form for).
    With ``objects``, a rule system's action objects count as the JSON objects they are written as (a dataclass,
    its tuples, sets and enum members).

    Walked without recursion, and left as soon as a bound is passed: a container longer than the characters left
    is refused before its items are looked at, so the walk takes at most about ``max_chars`` steps whatever the
    value's size or depth."""
    left = max_chars
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            left -= len(item) + 2
        elif item is None or isinstance(item, bool):
            left -= 5
        elif isinstance(item, int):
            if not -MAX_INTEGER - 1 <= item <= MAX_INTEGER:
                return "not_json"
            left -= len(str(item))
        elif isinstance(item, float):
            if not math.isfinite(item):
                return "not_json"
            left -= len(repr(item))
        elif objects and isinstance(item, enum.Enum):
            stack.append((item.value, depth))
        else:
            members = _members(item, objects)
            if members is None:
                return "not_json"
            if depth > max_depth:
                return "too_deep"
            count, pairs = members
            # Each member takes a character at least: a container longer than what is left is too large as it is,
            # and its members are not looked at.
            if count > left:
                return "too_large"
            left -= 2
            for key, member in pairs:
                if key is not None:
                    if not isinstance(key, str):
                        return "not_json"
                    left -= len(key) + 4
                else:
                    left -= 1
                stack.append((member, depth + 1))
        if left < 0:
            return "too_large"
    return None


def _members(item: Any, objects: bool) -> tuple[int, Iterable[tuple[Any, Any]]] | None:
    """How many members a container has, and (key, value) pairs made as they are read (the key None in a list);
    None if ``item`` is no container."""
    if isinstance(item, Mapping):
        return len(item), item.items()
    if isinstance(item, list | tuple) or (objects and isinstance(item, set | frozenset)):
        return len(item), ((None, member) for member in item)
    if objects and dataclasses.is_dataclass(item) and not isinstance(item, type):
        # Written with a "type" tag naming its class (rules_core.codec.encode_tagged).
        fields = dataclasses.fields(item)
        return len(fields) + 1, [("type", type(item).__name__), *((f.name, getattr(item, f.name)) for f in fields)]
    return None


def json_object_problem(value: Any, *, max_chars: int) -> str | None:
    """Why ``value`` is not a small JSON object of plain values (:func:`json_problem`), or ``not_an_object``."""
    if not isinstance(value, Mapping):
        return "not_an_object"
    return json_problem(value, max_chars=max_chars)


def plain_object(value: Any) -> dict[str, Any]:
    """A copy as storage will read it back (tuples become lists)."""
    copied: dict[str, Any] = json.loads(json.dumps(value))
    return copied


def settings(name: str, value: Any) -> dict[str, Any]:
    """A settings change: a small JSON object, its deadline keys normalised (durations to seconds)."""
    problem = json_object_problem(value, max_chars=MAX_SETTINGS_CHARS)
    if problem is not None:
        raise BadSettings("settings must be a small object of plain JSON values", reason=problem)
    return checked_deadline_settings(plain_object(value))


def front_end_data(name: str, value: Any) -> dict[str, Any]:
    problem = json_object_problem(value, max_chars=MAX_FRONT_END_CHARS)
    if problem is not None:
        raise BadFrontEndData("a front end's data must be a small object of plain JSON values", argument=name,
                              reason=problem)  # fmt: skip
    return plain_object(value)


def action(name: str, value: Any) -> Any:
    """A move (an action object or its JSON dict), bounded: read exactly by the game's rule system, under the
    game's lock, refused as no move of the game (``not_an_action``, with the ``reason``) if it is larger or deeper
    than any move, or holds what no move does."""
    problem = json_problem(value, max_chars=MAX_ACTION_CHARS, max_depth=MAX_ACTION_DEPTH, objects=True)
    if problem is not None:
        raise MalformedInput("not a move of this game", code="not_an_action", reason=problem)
    return value


def rule_options(name: str, value: Any) -> Any:
    """A new game's rule options, bounded: read exactly by the game's rule system (``bad_option``)."""
    problem = json_problem(value, max_chars=MAX_OPTIONS_CHARS)
    if problem is not None:
        raise MalformedInput("those are no options of a game", code="bad_option", option="", reason=problem)
    return value


#: The checker of every parameter of every public call, by the parameter's name.
CHECKS: dict[str, Checker] = {
    "game_id": row_id,
    "outbox_id": row_id,
    "channel_id": text_id,
    "server_id": text_id,
    "user_id": actor,
    "actor_id": actor,
    "host_id": actor,
    "target_id": text_id,
    "host_name": player_name,
    "user_name": player_name,
    "name": player_name,
    "ruleset": ruleset_name,
    "language": language,
    "channel_pattern": channel_pattern,
    "channels": channel_ids,
    "kind": vote_kind,
    "level": level,
    "actor_is_admin": flag,
    "on": flag,
    "decision_kind": decision_kind,
    "until": moment,
    "expected_version": count,
    "seat": count,
    "limit": limit,
    "seed": seed,
    "by": extension,
    "settings": settings,
    "data": front_end_data,
    "options": rule_options,
    "action": action,
}
