"""Discord's published OpenAPI 3.1 description of its HTTP API v10 (``specs/openapi.json`` of the repository
discord/discord-api-spec, MIT licence, copyright Discord; the commit and the file's SHA-256 are pinned below and in
README.md): the routes, with their methods, path and query parameters and request bodies.

Its schemas are JSON Schema 2020-12, checked with ``jsonschema-rs`` (a hundred times faster here than ``jsonschema``,
which the bot suite's thousands of requests need: README.md); ``$ref`` resolves inside the same document. The file is
not in this repository (README.md says why and where it goes): without it this layer is off and only the documented
limits apply.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeGuard
from urllib.parse import quote

import jsonschema_rs
from jsonschema_rs import ValidationError, ValidationErrorKind

from tests.discord_api.request import Request, Violation, path_parameters, route_of

SPEC_REPOSITORY = "discord/discord-api-spec"
SPEC_COMMIT = "74fda0fad044407ea280043a03ffc9bc64c4e49e"
SPEC_SHA256 = "8c1d0707ccdf8e380a86dfba04058820a66435c1b69d5ed82e04dd8c0520dd73"
#: A copy of the pinned file named by this variable wins over the shared one.
SPEC_VARIABLE = "DISCORD_API_SPEC"
#: The shared folder beside the repository's folder (as CI and the developers' machines lay them out).
SHARED_COPY = Path(__file__).resolve().parents[3] / "shared" / "discord_api" / "openapi.json"
BASE = "urn:discord-api-spec:openapi.json"
METHODS = frozenset({"get", "put", "post", "delete", "patch"})
# reference#boolean-query-strings: "True, true, or 1 for true and False, false or 0 for false".
BOOLEAN_QUERY = frozenset({"True", "true", "1", "False", "false", "0"})


def spec_file() -> Path | None:
    """The pinned file where this machine has it, else None."""
    named = os.environ.get(SPEC_VARIABLE)
    if named:
        if not Path(named).is_file():
            raise FileNotFoundError(f"{SPEC_VARIABLE}={named} names no file")
        return Path(named)
    return SHARED_COPY if SHARED_COPY.is_file() else None


@cache
def published() -> ApiDescription | None:
    """The pinned description, read once per test run; None where this machine does not have it."""
    path = spec_file()
    return None if path is None else ApiDescription.load(path)


def _pointer(*keys: str) -> str:
    return "".join("/" + k.replace("~", "~0").replace("/", "~1") for k in keys)


def _with_rulings(document: Mapping[str, Any]) -> dict[str, Any]:
    """The description with the project's rulings on it (README.md, "Rulings"): a snowflake may also be sent as a
    non-negative JSON integer, as Discord's own upload example does (reference#uploading-files: ``"id": 0``). The
    document read stays as it was: only the dictionaries on the way to the changed schema are copied."""
    schemas = dict(document["components"]["schemas"])
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
    return {**document, "components": {**document["components"], "schemas": schemas}}


class ApiDescription:
    def __init__(self, document: Mapping[str, Any]) -> None:
        self.document = _with_rulings(document)
        self.paths: dict[str, dict[str, Any]] = self.document["paths"]
        self._registry = jsonschema_rs.Registry([(BASE, self.document)], draft=jsonschema_rs.Draft202012)
        self._validators: dict[str, jsonschema_rs.Validator] = {}

    @classmethod
    def load(cls, path: Path) -> ApiDescription:
        raw = path.read_bytes()
        digest = hashlib.sha256(raw).hexdigest()
        if digest != SPEC_SHA256:
            raise AssertionError(
                f"{path} is not the pinned {SPEC_REPOSITORY} specs/openapi.json at {SPEC_COMMIT} (its SHA-256 is "
                f"{digest}, not {SPEC_SHA256}): tests/discord_api/README.md says how to change the pin"
            )
        return cls(json.loads(raw))

    def routes(self, method: str) -> list[str]:
        """The path templates that take this method."""
        return [t for t, item in self.paths.items() if method.lower() in item]

    def validator(self, pointer: str) -> jsonschema_rs.Validator:
        """A validator for the schema at this JSON pointer into the description (formats such as ``uri`` and
        ``date-time`` are checked too: Discord refuses a malformed link)."""
        found = self._validators.get(pointer)
        if found is None:
            found = self._validators[pointer] = jsonschema_rs.Draft202012Validator(
                {"$ref": f"{BASE}#{quote(pointer, safe='/~')}"}, registry=self._registry, validate_formats=True
            )
        return found

    def check(self, request: Request) -> list[Violation]:
        """Whatever in the request the description does not allow."""
        found = list(self._check(request))
        return [Violation(request.method, request.path, where, rule, value) for where, rule, value in found]

    def _check(self, request: Request) -> Iterator[tuple[str, str, object]]:
        method = request.method.lower()
        template = route_of(self.routes(method), request.path)
        if template is None:
            other = route_of(self.paths, request.path)
            if other is None:
                yield "path", "a route of Discord's API", request.path
            else:
                allowed = sorted(m.upper() for m in self.paths[other] if m in METHODS)
                yield "method", f"one of {', '.join(allowed)} on {other}", request.method
            return
        operation = self.paths[template][method]
        at = _pointer("paths", template)
        # Parameters are declared on the path (shared by its methods) and on the operation.
        parameters = [
            (f"{owner}/parameters/{index}/schema", parameter)
            for owner, declared in ((at, self.paths[template]), (f"{at}/{method}", operation))
            for index, parameter in enumerate(declared.get("parameters", []))
        ]
        values = path_parameters(template, request.path)
        for pointer, parameter in parameters:
            if parameter["in"] == "path":
                yield from self._errors(pointer, values[parameter["name"]], parameter["name"])
        query = {p["name"]: (pointer, p["schema"]) for pointer, p in parameters if p["in"] == "query"}
        for name, value in request.query.items():
            where = f"?{name}"
            if name not in query:
                yield where, f"a query parameter of {request.method} {template}", value
                continue
            pointer, schema = query[name]
            text = str(value).lower() if isinstance(value, bool) else str(value)
            if schema.get("type") == "boolean":
                if text not in BOOLEAN_QUERY:
                    yield where, "a boolean (True, true, 1, False, false or 0)", value
            else:
                yield from self._errors(pointer, text, where)
        yield from self._body(request, f"{at}/{method}", operation)

    def _body(self, request: Request, at: str, operation: dict[str, Any]) -> Iterator[tuple[str, str, object]]:
        body = operation.get("requestBody")
        if body is None:
            if request.body is not None or request.uploads:
                yield "body", f"no body on {request.method} of this route", request.body
            return
        if request.body is None:
            if body.get("required"):
                yield "body", "a body", None
            return
        content = "multipart/form-data" if request.multipart else "application/json"
        if content not in body["content"]:
            yield "body", f"one of {sorted(body['content'])}", content
            return
        yield from self._errors(f"{at}/requestBody/content{_pointer(content)}/schema", request.body, "")

    def _errors(self, pointer: str, instance: object, at: str) -> Iterator[tuple[str, str, object]]:
        for error in self.validator(pointer).iter_errors(instance):
            for cause in _explain(error):
                where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in cause.instance_path)
                yield (at + where).lstrip(".") or "body", _rule(cause), cause.instance


def _explain(error: ValidationError) -> Iterator[ValidationError]:
    """The errors that say what is wrong. In a union (the description's oneOf and anyOf both mean "exactly one
    of"), those of the alternative the value was meant as: the one whose JSON type and discriminating ``type``
    field fit it."""
    kind = error.kind
    if isinstance(kind, ValidationErrorKind.OneOfNotValid | ValidationErrorKind.AnyOf):
        meant = [causes for causes in kind.context if not any(_rules_out(c, error.instance_path) for c in causes)]
        if len(meant) == 1:
            for cause in meant[0]:
                yield from _explain(cause)
            return
    yield error


def _rules_out(cause: ValidationError, union: list[str | int]) -> bool:
    """The value is not of this alternative at all (another JSON type, or another value of its ``type`` field)."""
    if isinstance(cause.kind, ValidationErrorKind.Type):
        return cause.instance_path == union
    is_choice = isinstance(cause.kind, ValidationErrorKind.Enum | ValidationErrorKind.Constant)
    return is_choice and cause.instance_path == [*union, "type"]


def _constant(kind: ValidationErrorKind) -> TypeGuard[ValidationErrorKind.Constant]:
    return isinstance(kind, ValidationErrorKind.Constant)


#: How a failed keyword reads, filled in with what the keyword expected.
RULES = {
    "maxLength": "at most {limit} characters",
    "minLength": "at least {limit} characters",
    "maxItems": "at most {limit} items",
    "minItems": "at least {limit} items",
    "maximum": "at most {limit}",
    "minimum": "at least {limit}",
    "type": "of type {types}",
    "enum": "one of {options}",
    "pattern": "matching {pattern}",
    "required": "with the required property {property!r}",
    "format": "a valid {format}",
}


def _rule(error: ValidationError) -> str:
    kind = error.kind
    if isinstance(kind, ValidationErrorKind.OneOfNotValid | ValidationErrorKind.AnyOf):
        constants = [c[0].kind.expected_value for c in kind.context if len(c) == 1 and _constant(c[0].kind)]
        rule = (
            f"one of {constants}" if len(constants) == len(kind.context) else f"one of {len(kind.context)} alternatives"
        )
    elif kind.name in RULES:
        expected = kind.as_dict()
        if kind.name == "type":
            expected["types"] = " or ".join(expected["types"])
        rule = RULES[kind.name].format(**expected)
    else:
        rule = kind.name
    return f"{rule} [openapi]"
