"""The limits Discord documents for what a bot sends, beyond (or stricter than) its OpenAPI description: message
content, embeds, components, message flags, autocomplete choices, slash commands and uploads.

Each limit cites the page of Discord's developer documentation (https://discord.com/developers/docs/...) that
states it. This layer needs no OpenAPI file, so it runs wherever the tests run. "Characters" are counted as Python
counts them (code points); embed texts without their leading and trailing white space, as the embed limits say.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tests.discord_api.request import Request, Violation, route_of

Found = Iterator[tuple[str, str, object]]  # where, rule, value

# resources/message#message-object-message-flags
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_VOICE_MESSAGE = 1 << 13
IS_COMPONENTS_V2 = 1 << 15

# reference#uploading-files: "The default limit is 10 MiB" per file (an interaction's attachment_size_limit may
# be higher; the fake's guild has no boosts).
UPLOAD_LIMIT = 10 * 1024 * 1024
# resources/message#create-message (Limitations): "The maximum request size when sending a message is 25 MiB".
REQUEST_LIMIT = 25 * 1024 * 1024
# reference#uploading-files: files are sent as files[n]; resources/message#create-message: up to 10 attachments.
MAX_FILES = 10

# resources/message#create-message (JSON/Form Params): "content: up to 2000 characters"; "embeds: up to 10".
CONTENT = 2000
EMBEDS = 10
# resources/message#embed-object-embed-limits
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER_TEXT = 2048
AUTHOR_NAME = 256
EMBEDS_TOTAL = 6000
# components/reference#legacy-message-component-behavior: "up to 5 action rows as top-level components";
# components/reference (introduction): with IS_COMPONENTS_V2, "up to 40 total components".
ACTION_ROWS = 5
COMPONENTS_V2 = 40
# components/reference#text-display: the text of all text displays (and other text components) in one message is
# limited to 4000 characters in all; components/using-message-components: with IS_COMPONENTS_V2 a message cannot
# use content or embeds.
LAYOUT_TEXT = 4000
TEXT_DISPLAY = 10
# components/reference#action-row: "Up to 5 interactive button components or a single select component".
ROW_BUTTONS = 5
# components/reference#anatomy-of-a-component-custom-id: "a string of 1 to 100 characters", unique per message.
CUSTOM_ID = 100
# components/reference#button-button-structure: "label: max 80 characters"; #button-button-styles: style 5 is a link.
BUTTON_LABEL = 80
LINK = 5
PREMIUM = 6
# components/reference#string-select-string-select-structure: options max 25, placeholder max 150,
# min_values 0..25, max_values 1..25; #string-select-select-option-structure: label, value, description max 100.
SELECT_OPTIONS = 25
PLACEHOLDER = 150
SELECT_VALUES = 25
OPTION_TEXT = 100
# components/reference#component-object-component-types: 3 string, 5 user, 6 role, 7 mentionable, 8 channel select.
BUTTON, STRING_SELECT = 2, 3
SELECTS = frozenset({3, 5, 6, 7, 8})
# interactions/receiving-and-responding#interaction-response-object-autocomplete: "max of 25 choices";
# interactions/application-commands#application-command-object-application-command-option-choice-structure:
# name 1-100 characters, value "up to 100 characters if string".
CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
# interactions/application-commands#application-command-object-application-command-option-structure: options
# "up to 25"; #slash-commands: at most 8000 characters of names, descriptions and values per command, counting the
# longest localization of each.
COMMAND_OPTIONS = 25
COMMAND_SIZE = 8000

# Which message flags each route lets a bot set.
# resources/message#create-message: SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, IS_COMPONENTS_V2;
# resources/message#edit-message: SUPPRESS_EMBEDS, IS_COMPONENTS_V2;
# resources/webhook#execute-webhook: SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2, and EPHEMERAL for
# an interaction's follow-up (interactions/receiving-and-responding#create-followup-message), which uses this route;
# resources/webhook#edit-webhook-message: SUPPRESS_EMBEDS, IS_COMPONENTS_V2;
# interactions/receiving-and-responding#interaction-response-object-messages: SUPPRESS_EMBEDS, EPHEMERAL,
# IS_COMPONENTS_V2, IS_VOICE_MESSAGE, SUPPRESS_NOTIFICATIONS; a deferred response (type 5) EPHEMERAL only.
EDIT_FLAGS = SUPPRESS_EMBEDS | IS_COMPONENTS_V2
MESSAGE_ROUTES: dict[tuple[str, str], int] = {
    ("POST", "/channels/{channel_id}/messages"): SUPPRESS_EMBEDS
    | SUPPRESS_NOTIFICATIONS
    | IS_VOICE_MESSAGE
    | IS_COMPONENTS_V2,
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): EDIT_FLAGS,
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): SUPPRESS_EMBEDS
    | SUPPRESS_NOTIFICATIONS
    | IS_COMPONENTS_V2
    | EPHEMERAL,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): EDIT_FLAGS,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): EDIT_FLAGS,
}
RESPONSE_FLAGS = SUPPRESS_EMBEDS | EPHEMERAL | IS_COMPONENTS_V2 | IS_VOICE_MESSAGE | SUPPRESS_NOTIFICATIONS
CALLBACK = ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
# interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
MESSAGE_RESPONSES = frozenset({4, 7})  # CHANNEL_MESSAGE_WITH_SOURCE, UPDATE_MESSAGE
DEFERRED_MESSAGE = 5
AUTOCOMPLETE_RESULT = 8
COMMAND_ROUTES = frozenset(
    {
        ("PUT", "/applications/{application_id}/commands"),
        ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
        ("POST", "/applications/{application_id}/commands"),
        ("POST", "/applications/{application_id}/guilds/{guild_id}/commands"),
        ("PATCH", "/applications/{application_id}/commands/{command_id}"),
        ("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"),
    }
)
ROUTES = frozenset({*MESSAGE_ROUTES, CALLBACK, *COMMAND_ROUTES})


def check_limits(request: Request, *, upload_limit: int = UPLOAD_LIMIT) -> list[Violation]:
    """Every documented limit the request breaks."""
    template = route_of((t for m, t in ROUTES if m == request.method), request.path)
    found: list[tuple[str, str, object]] = list(_uploads(request, upload_limit))
    body = request.body
    if template is not None:
        route = (request.method, template)
        if route in MESSAGE_ROUTES:
            found += _message(body, "", MESSAGE_ROUTES[route])
        elif route == CALLBACK:
            found += _callback(body)
        elif isinstance(body, list):
            for index, command in enumerate(body):
                found += _command(command, f"[{index}]")
        else:
            found += _command(body, "")
    return [Violation(request.method, request.path, where, f"{rule} [docs]", value) for where, rule, value in found]


def _uploads(request: Request, upload_limit: int) -> Found:
    if len(request.uploads) > MAX_FILES:
        yield "files", f"at most {MAX_FILES} files", len(request.uploads)
    for upload in request.uploads:
        if upload.size > upload_limit:
            yield upload.part, f"a file of at most {upload_limit} bytes", upload.size
    total = sum(u.size for u in request.uploads)
    if total > REQUEST_LIMIT:
        yield "files", f"at most {REQUEST_LIMIT} bytes in one request", total


def _text(value: object, where: str, limit: int, *, least: int = 0, trimmed: bool = False) -> Found:
    if not isinstance(value, str):
        yield where, "a string", value
        return
    size = len(value.strip()) if trimmed else len(value)
    if size > limit:
        yield where, f"at most {limit} characters", value
    elif size < least:
        yield where, f"at least {least} character{'s' if least > 1 else ''}", value


def _count(value: object, where: str, limit: int, *, least: int = 0) -> Found:
    """An array within bounds (a wrong type is reported, an absent one is not)."""
    if value is None:
        return
    if not isinstance(value, list):
        yield where, "an array", value
    elif len(value) > limit:
        yield where, f"at most {limit} items", len(value)
    elif len(value) < least:
        yield where, f"at least {least} item{'s' if least > 1 else ''}", len(value)


def _items(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _object(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _message(body: object, at: str, allowed_flags: int) -> Found:
    if not isinstance(body, dict):
        yield at or "body", "a JSON object", body
        return
    content = body.get("content")
    if content is not None:
        yield from _text(content, f"{at}content", CONTENT)
    flags = body.get("flags")
    if flags is not None:
        if not isinstance(flags, int) or isinstance(flags, bool):
            yield f"{at}flags", "an integer", flags
        elif flags & ~allowed_flags:
            yield f"{at}flags", f"only the flags {allowed_flags:#x} on this route", flags
    yield from _embeds(body.get("embeds"), f"{at}embeds")
    v2 = isinstance(flags, int) and bool(flags & IS_COMPONENTS_V2)
    if v2 and content:
        yield f"{at}content", "no content with IS_COMPONENTS_V2 (its text lives in text displays)", content
    if v2 and body.get("embeds"):
        yield f"{at}embeds", "no embeds with IS_COMPONENTS_V2", len(_items(body.get("embeds")))
    yield from _components(body.get("components"), f"{at}components", v2=v2)


def _embeds(embeds: object, at: str) -> Found:
    yield from _count(embeds, at, EMBEDS)
    total = 0
    for index, embed in enumerate(_items(embeds)):
        where = f"{at}[{index}]"
        if not isinstance(embed, dict):
            yield where, "an embed object", embed
            continue
        texts: list[tuple[object, str, int]] = [
            (embed.get("title"), f"{where}.title", EMBED_TITLE),
            (embed.get("description"), f"{where}.description", EMBED_DESCRIPTION),
            (_object(embed.get("footer")).get("text"), f"{where}.footer.text", FOOTER_TEXT),
            (_object(embed.get("author")).get("name"), f"{where}.author.name", AUTHOR_NAME),
        ]
        yield from _count(embed.get("fields"), f"{where}.fields", EMBED_FIELDS)
        for number, item in enumerate(_items(embed.get("fields"))):
            item = _object(item)
            texts.append((item.get("name"), f"{where}.fields[{number}].name", FIELD_NAME))
            texts.append((item.get("value"), f"{where}.fields[{number}].value", FIELD_VALUE))
        for value, place, limit in texts:
            if value is not None:
                yield from _text(value, place, limit, trimmed=True)
            if isinstance(value, str):
                total += len(value.strip())
    if total > EMBEDS_TOTAL:
        yield at, f"at most {EMBEDS_TOTAL} characters across the message's embeds", total


def _components(components: object, at: str, *, v2: bool) -> Found:
    if v2:
        yield from _count(components, at, COMPONENTS_V2)
        everything = list(_walk(_items(components), at))
        if len(everything) > COMPONENTS_V2:
            yield at, f"at most {COMPONENTS_V2} components in all", len(everything)
        text = sum(len(str(c.get("content") or "")) for c, _ in everything if c.get("type") == TEXT_DISPLAY)
        if text > LAYOUT_TEXT:
            yield at, f"at most {LAYOUT_TEXT} characters of text in all", text
    else:
        yield from _count(components, at, ACTION_ROWS)
        for index, row in enumerate(_items(components)):
            kind = _object(row).get("type")
            if kind != 1:
                yield f"{at}[{index}].type", "an action row (type 1) on top, without IS_COMPONENTS_V2", kind
    custom_ids: dict[str, str] = {}
    for component, where in _walk(_items(components), at):
        kind = component.get("type")
        if kind == 1:
            yield from _row(component, where)
        elif kind == BUTTON:
            yield from _button(component, where)
        elif kind in SELECTS:
            yield from _select(component, where)
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in custom_ids:
                yield f"{where}.custom_id", f"a custom_id not already used at {custom_ids[custom_id]}", custom_id
            custom_ids.setdefault(custom_id, where)


def _walk(components: list[Any], at: str) -> Iterator[tuple[dict[str, Any], str]]:
    """Every component, nested ones too (rows, sections and containers hold others), with where it is."""
    for index, component in enumerate(components):
        where = f"{at}[{index}]"
        if isinstance(component, dict):
            yield component, where
            yield from _walk(_items(component.get("components")), f"{where}.components")
            accessory = component.get("accessory")
            if isinstance(accessory, dict):
                yield accessory, f"{where}.accessory"


def _row(row: dict[str, Any], where: str) -> Found:
    children = _items(row.get("components"))
    kinds = [_object(c).get("type") for c in children]
    selects = sum(1 for k in kinds if k in SELECTS)
    if not children:
        yield f"{where}.components", "at least one component in an action row", children
    elif selects and len(children) > 1:
        yield f"{where}.components", "a single select, alone in its action row", kinds
    elif len(children) > ROW_BUTTONS:
        yield f"{where}.components", f"at most {ROW_BUTTONS} buttons in an action row", len(children)


def _custom_id(component: dict[str, Any], where: str) -> Found:
    yield from _text(component.get("custom_id"), f"{where}.custom_id", CUSTOM_ID, least=1)


def _button(button: dict[str, Any], where: str) -> Found:
    label = button.get("label")
    if label is not None:
        yield from _text(label, f"{where}.label", BUTTON_LABEL)
    style = button.get("style")
    if style == LINK:
        if not button.get("url"):
            yield f"{where}.url", "a url on a link button", button.get("url")
        if "custom_id" in button:
            yield f"{where}.custom_id", "no custom_id on a link button", button["custom_id"]
    elif style != PREMIUM:
        yield from _custom_id(button, where)
        if "url" in button:
            yield f"{where}.url", "no url on a button that is not a link", button["url"]


def _select(select: dict[str, Any], where: str) -> Found:
    yield from _custom_id(select, where)
    if select.get("placeholder") is not None:
        yield from _text(select["placeholder"], f"{where}.placeholder", PLACEHOLDER)
    for name, least in (("min_values", 0), ("max_values", 1)):
        value = select.get(name)
        if value is not None and (not isinstance(value, int) or not least <= value <= SELECT_VALUES):
            yield f"{where}.{name}", f"an integer from {least} to {SELECT_VALUES}", value
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options")
    yield from _count(options, f"{where}.options", SELECT_OPTIONS, least=1)
    values: set[str] = set()
    for index, option in enumerate(_items(options)):
        place = f"{where}.options[{index}]"
        option = _object(option)
        yield from _text(option.get("label"), f"{place}.label", OPTION_TEXT, least=1)
        yield from _text(option.get("value"), f"{place}.value", OPTION_TEXT, least=1)
        if option.get("description") is not None:
            yield from _text(option["description"], f"{place}.description", OPTION_TEXT)
        value = option.get("value")
        if isinstance(value, str):
            if value in values:
                yield f"{place}.value", "a value no other option of the select has", value
            values.add(value)


def _callback(body: object) -> Found:
    if not isinstance(body, dict):
        yield "body", "a JSON object", body
        return
    kind = body.get("type")
    data = body.get("data")
    if kind in MESSAGE_RESPONSES and data is not None:
        yield from _message(data, "data.", RESPONSE_FLAGS)
    elif kind == DEFERRED_MESSAGE and data is not None:
        flags = _object(data).get("flags")
        if isinstance(flags, int) and flags & ~EPHEMERAL:
            yield "data.flags", "only EPHEMERAL on a deferred response", flags
    elif kind == AUTOCOMPLETE_RESULT:
        yield from _choices(_object(data).get("choices"), "data.choices")


def _choices(choices: object, at: str) -> Found:
    yield from _count(choices, at, CHOICES)
    for index, choice in enumerate(_items(choices)):
        choice = _object(choice)
        yield from _text(choice.get("name"), f"{at}[{index}].name", CHOICE_NAME, least=1)
        value = choice.get("value")
        if isinstance(value, str):
            yield from _text(value, f"{at}[{index}].value", CHOICE_VALUE)


def _command(command: object, at: str) -> Found:
    if not isinstance(command, dict):
        yield at or "body", "a command object", command
        return
    yield from _options(command, at)
    size = _size(command)
    if size > COMMAND_SIZE:
        yield at or "body", f"at most {COMMAND_SIZE} characters of names, descriptions and values", size


def _options(item: dict[str, Any], at: str) -> Found:
    """A command's or an option's options and choices, all the way down."""
    prefix = f"{at}." if at else ""
    yield from _count(item.get("options"), f"{prefix}options", COMMAND_OPTIONS)
    yield from _choices(item.get("choices"), f"{prefix}choices")
    for index, option in enumerate(_items(item.get("options"))):
        if isinstance(option, dict):
            yield from _options(option, f"{prefix}options[{index}]")


def _size(item: dict[str, Any]) -> int:
    """What counts towards a command's 8000 characters: each name, description and value at its longest
    localization, for the command, its options and their choices."""
    total = 0
    for key in ("name", "description", "value"):
        value = item.get(key)
        if not isinstance(value, str):
            continue
        localized = _object(item.get(f"{key}_localizations"))
        total += max([len(value), *(len(v) for v in localized.values() if isinstance(v, str))])
    for nested in ("options", "choices"):
        total += sum(_size(o) for o in _items(item.get(nested)) if isinstance(o, dict))
    return total
