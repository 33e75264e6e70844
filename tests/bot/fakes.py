"""A fake Discord for driving the real bot: the real client, command tree, DynamicItem registry and interaction
objects, with every outgoing request recorded.

* ``HTTPClient.request`` of the bot is replaced by :meth:`FakeDiscord.http_request` (login, channel posts, DMs,
  edits, command sync);
* interaction responses and follow-ups go through the webhook adapter in the context variable
  ``discord.webhook.async_.async_context``, which :class:`FakeAdapter` replaces;
* an interaction is a raw ``INTERACTION_CREATE`` payload, parsed by the client's real connection state and
  dispatched like one from the gateway; :meth:`FakeDiscord.dispatch` then waits until the bot's tasks are done.

Every request is first checked against what real Discord accepts (``tests.discord_api``: Discord's OpenAPI
description and its documented limits). One it would refuse raises :class:`~tests.discord_api.validate.Refused`, an
``AssertionError``, and is kept in :attr:`FakeDiscord.refused`, so the test fails even where the bot swallows the
error. An edit is checked against the message as it stands too: a message of layout components (IS_COMPONENTS_V2)
keeps that flag and no content or embeds. Then the fake answers as Discord does, its errors included (an unknown
message is 404 with code 10008), and only on the routes in :data:`HTTP_ROUTES` and :data:`WEBHOOK_ROUTES`. Every
error it answers is kept in :attr:`FakeDiscord.errors`.

Time is the event loop's clock, as Discord's is its own: an interaction's initial response (the callback: a reply, a
defer, an autocomplete's choices, a modal) that arrives more than :data:`RESPONSE_DEADLINE` after the interaction was
created is answered 404 with code 10062, as Discord does, and kept in :attr:`FakeDiscord.refused` too, so the test
fails: the bot must defer at once (an interaction it never answers fails the test too: ``tests/bot/conftest.py``).
Follow-ups and edits through the token work for :data:`TOKEN_LIFETIME`, then get 401 with code 50027.
:attr:`FakeDiscord.latency` delays every request by that many seconds (or by a function of its method and path)
before Discord sees it (the time a request takes to reach Discord), so tests can check that the bot still answers in
time under latency;
:meth:`FakeDiscord.dispatch_together` delivers several interactions at the same moment.

Every message the bot creates or edits is kept with its audience ("public", or the one user id who can see it: an
ephemeral reply or a DM), so tests can read what each person saw and scan it for private facts. This uses a few
private names of discord.py (``_connection``, ``parse_interaction_create``), which is why it is pinned to 2.7.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import itertools
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, ClassVar

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from tests.discord_api.limits import IS_COMPONENTS_V2, UPLOAD_LIMIT
from tests.discord_api.request import Request, Upload, Violation, path_parameters, route_of
from tests.discord_api.validate import Refused, check

BOT_ID = 1_000_000_000_000_001
GUILD_ID = 2_000_000_000_000_001
CHANNEL_ID = 3_000_000_000_000_001
OTHER_CHANNEL_ID = 3_000_000_000_000_002
EPHEMERAL = 64
MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value
MEMBER_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, use_application_commands=True).value
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True, read_message_history=True
).value
TIMESTAMP = "2026-11-23T12:00:00+00:00"
#: How long after an interaction is created Discord takes its initial response (seconds).
RESPONSE_DEADLINE = 3.0
#: How long an interaction's token reaches its follow-ups and edits (seconds).
TOKEN_LIFETIME = 15 * 60.0

Failure = Callable[[str, str], Exception | None]
#: Seconds a request (method, path) takes to reach Discord.
Latency = Callable[[str, str], float]

#: The routes of Discord's API the fake answers, as its OpenAPI description writes them: REST calls...
HTTP_ROUTES: frozenset[tuple[str, str]] = frozenset(
    {
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("POST", "/users/@me/channels"),
        ("POST", "/channels/{channel_id}/messages"),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}"),
        ("PUT", "/applications/{application_id}/commands"),
        ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
    }
)
#: ...and an interaction's response, follow-ups and their edits.
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
FOLLOWUP_MESSAGE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
WEBHOOK_ROUTES: frozenset[tuple[str, str]] = frozenset(
    {
        ("POST", CALLBACK),
        ("POST", FOLLOWUP),
        *((method, path) for method in ("GET", "PATCH", "DELETE") for path in (ORIGINAL, FOLLOWUP_MESSAGE)),
    }
)


def http_error(status: int, code: int, text: str = "") -> discord.HTTPException:
    response: Any = SimpleNamespace(status=status, reason=text or "error")
    data = {"code": code, "message": text}
    if status == 403:
        return discord.Forbidden(response, data)
    if status == 404:
        return discord.NotFound(response, data)
    if status >= 500:
        return discord.DiscordServerError(response, data)
    return discord.HTTPException(response, data)


@dataclass(frozen=True)
class User:
    id: int
    name: str
    admin: bool = False
    #: The language of the user's Discord client (``interaction.locale``).
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
        }

    def member(self) -> dict[str, Any]:
        permissions = MEMBER_PERMISSIONS | (MANAGE_CHANNELS if self.admin else 0)
        return {
            "user": self.payload(),
            "nick": None,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "permissions": str(permissions),
            "flags": 0,
        }


@dataclass
class Message:
    """A message the bot made, as it now is, with every version it had."""

    id: int
    channel_id: int
    audience: str
    kind: str
    data: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)
    versions: list[dict[str, Any]] = field(default_factory=list)
    interaction_user: int | None = None
    #: Seen by one user and reachable only through its interaction's token (no channel route finds it).
    ephemeral: bool = False

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.data.get("components") or [])

    def at(self, version: int) -> Message:
        """This message as it was at one of its versions (what a client that has not refreshed still shows)."""
        return Message(
            self.id,
            self.channel_id,
            self.audience,
            self.kind,
            json.loads(json.dumps(self.versions[version])),
            list(self.files),
            interaction_user=self.interaction_user,
            ephemeral=self.ephemeral,
        )

    def items(self) -> list[dict[str, Any]]:
        """Every button and select, row by row (in a layout, the rows inside its containers and sections too)."""
        return [c for c in walk(self.components) if c.get("type") in (2, 3, 4, 5, 6, 7, 8)]

    def layout_text(self) -> list[str]:
        """The text displays of a layout message, in order."""
        return [str(c.get("content") or "") for c in walk(self.components) if c.get("type") == 10]

    def item(self, custom_id: str) -> dict[str, Any]:
        return next(i for i in self.items() if i.get("custom_id") == custom_id)

    def buttons(self) -> list[dict[str, Any]]:
        return [i for i in self.items() if i.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        return next(i for i in self.buttons() if i.get("label") == label)

    def selects(self) -> list[dict[str, Any]]:
        return [i for i in self.items() if i.get("type") == 3]

    def text(self) -> str:
        """Everything a person reads in this message (and the ids of its components)."""
        return text_of(self.data)


def subcommand(sub: str | None, options: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """A command's options under its subcommand ``sub``, which may be a group's (``"time pause"``)."""
    opts = list(options)
    if sub is None:
        return opts
    *groups, name = sub.split(" ")
    opts = [{"type": 1, "name": name, "options": opts}]
    for group in reversed(groups):
        opts = [{"type": 2, "name": group, "options": opts}]
    return opts


def text_of(data: dict[str, Any]) -> str:
    parts: list[str] = [str(data.get("content") or "")]
    for embed in data.get("embeds") or []:
        parts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        for f in embed.get("fields") or []:
            parts += [str(f.get("name") or ""), str(f.get("value") or "")]
        parts.append(str((embed.get("footer") or {}).get("text") or ""))
        parts.append(str((embed.get("author") or {}).get("name") or ""))
    for item in walk(data.get("components") or []):
        if item.get("type") == 10:
            parts.append(str(item.get("content") or ""))
        elif item.get("type") in (2, 3, 4, 5, 6, 7, 8):
            parts += [str(item.get("label") or ""), str(item.get("placeholder") or ""), str(item.get("custom_id"))]
            for option in item.get("options") or []:
                parts += [
                    str(option.get("label") or ""),
                    str(option.get("description") or ""),
                    str(option.get("value") or ""),
                ]
    return "\n".join(p for p in parts if p)


def walk(components: Sequence[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in order, nested ones too (rows, sections and containers hold others)."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield component["accessory"]


@dataclass
class Sent:
    """One version of a message as it went out (a creation or an edit), with who could see it."""

    message: Message
    data: dict[str, Any]
    audience: str


@dataclass
class Interaction:
    """What the fake knows of one interaction: who, where, and what the bot answered."""

    id: int
    token: str
    user: User
    channel_id: int
    message_id: int | None
    response_type: int | None = None
    original: int | None = None
    deferred_ephemeral: bool = False
    filled: bool = False
    messages: list[int] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    #: When Discord created it, on the event loop's clock.
    created: float = 0.0


class FakeAdapter(AsyncWebhookAdapter):
    """Interaction responses and follow-ups, answered by the fake."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.fake = fake

    async def request(self, route: Route, session: Any = None, **kwargs: Any) -> Any:
        return await self.fake.webhook_request(
            route, kwargs.get("payload"), kwargs.get("multipart"), params=kwargs.get("params")
        )


@dataclass
class Call:
    """One request that passed the checks: what was asked, on which route, with which path values and files."""

    request: Request
    template: str
    values: dict[str, str]
    files: list[tuple[str, bytes]]

    @property
    def body(self) -> dict[str, Any]:
        return dict(self.request.body or {})

    def id(self, name: str) -> int:
        return int(self.values[name])


def _request(
    route: Route, body: Any, form: Sequence[dict[str, Any]] | None, params: dict[str, Any] | None
) -> tuple[Request, list[tuple[str, bytes]]]:
    """The request as Discord would receive it (a multipart form's payload_json is its body), and its files."""
    files: list[tuple[str, bytes]] = []
    uploads: list[Upload] = []
    for part in form or ():
        if part["name"] == "payload_json":
            body = json.loads(part["value"])
        else:
            fp = part["value"]
            position = fp.tell()
            fp.seek(0)
            blob = fp.read()
            fp.seek(position)
            files.append((part.get("filename", ""), blob))
            uploads.append(Upload(part["name"], part.get("filename", ""), len(blob)))
    path = route.url.removeprefix(Route.BASE)
    request = Request(route.method, path, body, dict(params or {}), tuple(uploads), multipart=form is not None)
    return request, files


class FakeDiscord:
    #: Every fake made in the running test (see ``tests/bot/conftest.py``): a request Discord would refuse fails
    #: the test even where the bot swallowed the error.
    made: ClassVar[list[FakeDiscord]] = []

    def __init__(self) -> None:
        self._ids: Iterator[int] = itertools.count(5_000_000_000_000_000)
        self.requests: list[tuple[str, str, str, Any]] = []
        self.refused: list[Violation] = []
        #: Every error answered (method, path, HTTP status, Discord's code), injected failures included.
        self.errors: list[tuple[str, str, int, int]] = []
        #: Seconds every request takes to reach the fake (a slow network, or a busy Discord), or each request's
        #: own, by its method and path (a network whose delays vary).
        self.latency: float | Latency = 0.0
        self.messages: dict[int, Message] = {}
        self.sent: list[Sent] = []
        self.dm_channel_of: dict[int, int] = {}
        self.dm_user_of: dict[int, int] = {}
        self.closed_dms: set[int] = set()
        self.failures: list[Failure] = []
        self.interactions: dict[str, Interaction] = {}
        self.adapter = FakeAdapter(self)
        self.synced: list[tuple[str, Any]] = []
        #: What the bot may do in the channel (``interaction.app_permissions``).
        self.app_permissions = BOT_PERMISSIONS
        #: The server's language (``interaction.guild_locale``).
        self.guild_locale = "en-US"
        FakeDiscord.made.append(self)

    def snowflake(self) -> int:
        return next(self._ids)

    # The bot's side.

    def attach(self, bot: discord.Client) -> None:
        """Route the bot's REST calls here (before ``login``)."""
        setattr(bot.http, "request", self.http_request)  # noqa: B010 (an instance attribute over the method)

    def bot_user(self) -> dict[str, Any]:
        return {
            "id": str(BOT_ID),
            "username": "Evolution",
            "discriminator": "0",
            "avatar": None,
            "bot": True,
            "global_name": None,
        }

    def message_payload(self, message: Message) -> dict[str, Any]:
        data = message.data
        attachments = [
            {
                "id": str(index + 1),
                "filename": name,
                "size": len(blob),
                "url": f"https://cdn.example/{name}",
                "proxy_url": f"https://media.example/{name}",
            }
            for index, (name, blob) in enumerate(message.files)
        ]
        payload: dict[str, Any] = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": self.bot_user(),
            "content": data.get("content") or "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": data.get("embeds") or [],
            "pinned": False,
            "type": 0,
            "flags": int(data.get("flags") or 0) | (EPHEMERAL if message.ephemeral else 0),
            "components": data.get("components") or [],
        }
        return payload

    def _record(self, message: Message) -> None:
        version = json.loads(json.dumps(message.data))
        message.versions.append(version)
        self.sent.append(Sent(message, version, message.audience))

    def _create(
        self,
        channel_id: int,
        data: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        kind: str,
        audience: str,
        interaction_user: int | None = None,
        ephemeral: bool = False,
    ) -> Message:
        message = Message(
            self.snowflake(),
            channel_id,
            audience,
            kind,
            dict(data),
            list(files),
            interaction_user=interaction_user,
            ephemeral=ephemeral,
        )
        self.messages[message.id] = message
        self._record(message)
        return message

    def _edit(
        self, message: Message, request: Request, data: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> Message:
        self._keeps_layout(message, request, data)
        for key, value in data.items():
            if key in ("content", "embeds", "components", "flags"):
                message.data[key] = value
        if "attachments" in data:
            message.files = list(files)
        self._record(message)
        return message

    def _keeps_layout(self, message: Message, request: Request, data: dict[str, Any]) -> None:
        """Refuse (and keep as refused) an edit that would leave a message of layout components with text or embeds
        beside them, or take the flag from it. components/using-message-components: "Setting the
        `IS_COMPONENTS_V2` message flag cannot be reverted: once the message has been sent, the flag cannot be
        removed from the message when editing the message. This flag indicates that the message contains
        components and disables traditional content and embeds." (A field the edit leaves out keeps its value.)"""
        after = {**message.data, **{k: v for k, v in data.items() if k in ("content", "embeds", "flags")}}
        was = int(message.data.get("flags") or 0) & IS_COMPONENTS_V2
        found: list[Violation] = []
        if was and not int(after.get("flags") or 0) & IS_COMPONENTS_V2:
            found.append(Violation(request.method, request.path, "flags", "IS_COMPONENTS_V2 cannot be removed", data))
        elif int(after.get("flags") or 0) & IS_COMPONENTS_V2 and (after.get("content") or after.get("embeds")):
            rule = "a message of layout components keeps no content or embeds: the edit must clear them"
            found.append(Violation(request.method, request.path, "content", rule, data))
        if found:
            self.refused.extend(found)
            raise Refused(found)

    def _message(self, message_id: int | None, *, channel_id: int | None = None) -> Message:
        """A message the bot may reach: by its channel (never an ephemeral one), or by its interaction's token."""
        message = self.messages.get(message_id) if message_id is not None else None
        if message is None or (channel_id is not None and (message.channel_id != channel_id or message.ephemeral)):
            raise http_error(404, 10008, "Unknown Message")
        return message

    def _fail(self, method: str, path: str) -> None:
        for failure in self.failures:
            error = failure(method, path)
            if error is not None:
                raise error

    def _checked(
        self, request: Request, files: list[tuple[str, bytes]], side: str, routes: frozenset[tuple[str, str]]
    ) -> Call:
        """Refuse what Discord would refuse (and keep it), then find the fake's route for the request."""
        self.requests.append((side, request.method, request.path, request.body))
        violations = check(request, upload_limit=UPLOAD_LIMIT)
        if violations:
            self.refused.extend(violations)
            raise Refused(violations)
        self._fail(request.method, request.path)
        template = route_of((t for m, t in routes if m == request.method), request.path)
        assert template is not None, f"the fake Discord does not answer {request.method} {request.path}"
        return Call(request, template, path_parameters(template, request.path), files)

    async def _answered(self, route: Route, answer: Callable[[], Any]) -> Any:
        """The answer to one request, once it has reached Discord (after :attr:`latency`); errors are kept."""
        path = route.url.removeprefix(Route.BASE)
        delay = self.latency(route.method, path) if callable(self.latency) else self.latency
        if delay:
            await asyncio.sleep(delay)
        try:
            return answer()
        except discord.HTTPException as error:
            self.errors.append((route.method, path, error.status, error.code))
            raise

    async def http_request(
        self, route: Route, *, files: Any = None, form: Sequence[dict[str, Any]] | None = None, **kwargs: Any
    ) -> Any:
        return await self._answered(route, lambda: self._http(route, form, kwargs))

    def _http(self, route: Route, form: Sequence[dict[str, Any]] | None, kwargs: dict[str, Any]) -> Any:
        call = self._checked(*_request(route, kwargs.get("json"), form, kwargs.get("params")), "http", HTTP_ROUTES)
        match (call.request.method, call.template):
            case ("GET", "/users/@me"):
                return self.bot_user()
            case ("GET", "/oauth2/applications/@me"):
                return self._application()
            case ("POST", "/users/@me/channels"):
                return self._dm_channel(int(call.body["recipient_id"]))
            case ("POST", "/channels/{channel_id}/messages"):
                return self.message_payload(self._post(call))
            case ("PATCH", "/channels/{channel_id}/messages/{message_id}"):
                message = self._message(call.id("message_id"), channel_id=call.id("channel_id"))
                return self.message_payload(self._edit(message, call.request, call.body, call.files))
            case ("DELETE", "/channels/{channel_id}/messages/{message_id}"):
                message = self._message(call.id("message_id"), channel_id=call.id("channel_id"))
                del self.messages[message.id]
                return None
            case _:  # the two command routes
                self.synced.append((call.request.path, call.request.body))
                commands: list[dict[str, Any]] = list(call.request.body or [])
                return [
                    {**command, "id": str(self.snowflake()), "application_id": str(BOT_ID), "version": "1"}
                    for command in commands
                ]

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(BOT_ID),
            "name": "Evolution",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.bot_user(),
            "verify_key": "0",
            "flags": 0,
        }

    def dm_channel_id(self, user: User) -> int:
        """The id of the bot's DM channel with ``user`` (opened now if the bot never wrote to them)."""
        return int(self._dm_channel(user.id)["id"])

    def _dm_channel(self, user_id: int) -> dict[str, Any]:
        channel_id = self.dm_channel_of.get(user_id)
        if channel_id is None:
            channel_id = self.dm_channel_of[user_id] = self.snowflake()
            self.dm_user_of[channel_id] = user_id
        return {
            "id": str(channel_id),
            "type": 1,
            "last_message_id": None,
            "recipients": [{"id": str(user_id), "username": f"user{user_id}", "discriminator": "0", "avatar": None}],
        }

    def _post(self, call: Call) -> Message:
        channel_id = call.id("channel_id")
        dm_user = self.dm_user_of.get(channel_id)
        if dm_user is None and channel_id not in (CHANNEL_ID, OTHER_CHANNEL_ID):
            raise http_error(404, 10003, "Unknown Channel")
        if dm_user is not None and dm_user in self.closed_dms:
            raise http_error(403, 50007, "Cannot send messages to this user")
        audience = "public" if dm_user is None else str(dm_user)
        return self._create(channel_id, call.body, call.files, kind="dm" if dm_user else "channel", audience=audience)

    async def webhook_request(
        self,
        route: Route,
        payload: dict[str, Any] | None,
        multipart: list[dict[str, Any]] | None,
        *,
        params: dict[str, Any] | None = None,
    ) -> Any:
        return await self._answered(route, lambda: self._webhook(route, payload, multipart, params))

    def _webhook(
        self,
        route: Route,
        payload: dict[str, Any] | None,
        multipart: list[dict[str, Any]] | None,
        params: dict[str, Any] | None,
    ) -> Any:
        call = self._checked(*_request(route, payload, multipart, params), "webhook", WEBHOOK_ROUTES)
        token = call.values.get("interaction_token") or call.values["webhook_token"]
        interaction = self.interactions.get(token)
        if interaction is None:
            raise (
                http_error(404, 10062, "Unknown interaction")
                if call.template == CALLBACK
                else http_error(404, 10015, "Unknown Webhook")
            )
        self._in_time(interaction, call)
        if call.template == CALLBACK:
            return self._callback(interaction, call.request, call.body, call.files)
        if call.template == FOLLOWUP:
            return self.message_payload(self._followup(interaction, call.body, call.files))
        if call.template == ORIGINAL:
            message = self._message(interaction.original)
        else:
            message_id = call.id("message_id")
            # A token reaches only what its interaction answered.
            mine = message_id in interaction.messages or message_id == interaction.original
            message = self._message(message_id if mine else None)
        if call.request.method == "PATCH":
            return self.message_payload(self._edit(message, call.request, call.body, call.files))
        if call.request.method == "GET":
            return self.message_payload(message)
        del self.messages[message.id]
        return None

    def _in_time(self, interaction: Interaction, call: Call) -> None:
        """Refuse (and keep as refused) an initial response later than Discord's 3 seconds, or any other use of the
        token after its 15 minutes."""
        age = asyncio.get_running_loop().time() - interaction.created
        request = call.request
        if call.template == CALLBACK and age > RESPONSE_DEADLINE:
            rule = f"the initial response came {age:.2f} s after the interaction (allowed: {RESPONSE_DEADLINE:g} s)"
            self.refused.append(Violation(request.method, request.path, "interaction", rule, request.body))
            raise http_error(404, 10062, "Unknown interaction")
        if call.template != CALLBACK and age > TOKEN_LIFETIME:
            rule = f"the token was used {age:.0f} s after the interaction (allowed: {TOKEN_LIFETIME:g} s)"
            self.refused.append(Violation(request.method, request.path, "interaction", rule, request.body))
            raise http_error(401, 50027, "Invalid Webhook Token")

    def _audience(self, interaction: Interaction, ephemeral: bool) -> str:
        if ephemeral or interaction.channel_id in self.dm_user_of:
            return str(interaction.user.id)
        return "public"

    def _callback(
        self, interaction: Interaction, request: Request, body: dict[str, Any], blobs: list[tuple[str, bytes]]
    ) -> Any:
        if interaction.response_type is not None:
            raise http_error(400, 40060, "Interaction has already been acknowledged.")
        kind = int(body["type"])
        data = body.get("data") or {}
        interaction.response_type = kind
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        resource: dict[str, Any] | None = None
        if kind == 4:
            message = self._create(
                interaction.channel_id,
                data,
                blobs,
                kind="response",
                audience=self._audience(interaction, ephemeral),
                interaction_user=interaction.user.id,
                ephemeral=ephemeral,
            )
            interaction.original = message.id
            interaction.messages.append(message.id)
            resource = {"type": kind, "message": self.message_payload(message)}
        elif kind == 5:
            interaction.deferred_ephemeral = ephemeral
        elif kind in (6, 7):
            interaction.original = interaction.message_id
            if kind == 7 and interaction.message_id is not None:
                message = self._edit(self._message(interaction.message_id), request, data, blobs)
                resource = {"type": kind, "message": self.message_payload(message)}
        elif kind == 8:
            interaction.choices = list(data.get("choices") or [])
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": 2,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": ephemeral,
            },
        }
        if interaction.original is not None:
            answer["interaction"]["response_message_id"] = str(interaction.original)
        if resource is not None:
            answer["resource"] = resource
        return answer

    def _followup(self, interaction: Interaction, body: dict[str, Any], blobs: list[tuple[str, bytes]]) -> Message:
        if interaction.response_type is None:
            raise http_error(404, 10015, "Unknown Webhook")
        # The first follow-up after a deferred ("thinking") response becomes that response.
        filling = interaction.response_type == 5 and not interaction.filled
        ephemeral = interaction.deferred_ephemeral if filling else bool(int(body.get("flags") or 0) & EPHEMERAL)
        message = self._create(
            interaction.channel_id,
            body,
            blobs,
            kind="response" if filling else "followup",
            audience=self._audience(interaction, ephemeral),
            interaction_user=interaction.user.id,
            ephemeral=ephemeral,
        )
        if filling:
            interaction.filled = True
            interaction.original = message.id
        interaction.messages.append(message.id)
        return message

    # The user's side.

    def _base(
        self,
        kind: int,
        user: User,
        data: dict[str, Any],
        *,
        channel_id: int = CHANNEL_ID,
        message: Message | None = None,
        guild_id: int = GUILD_ID,
    ) -> dict[str, Any]:
        interaction_id = self.snowflake()
        token = f"token-{interaction_id}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(BOT_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "data": data,
            "attachment_size_limit": UPLOAD_LIMIT,
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "app_permissions": str(self.app_permissions),
        }
        dm_user = self.dm_user_of.get(channel_id)
        if dm_user is None:
            payload.update(
                guild_id=str(guild_id),
                guild_locale=self.guild_locale,
                channel_id=str(channel_id),
                channel={
                    "id": str(channel_id),
                    "type": 0,
                    "guild_id": str(guild_id),
                    "name": "evolution",
                    "position": 0,
                    "permission_overwrites": [],
                    "nsfw": False,
                    "parent_id": None,
                },
                member=user.member(),
                context=0,
            )
        else:
            payload.update(
                channel_id=str(channel_id),
                channel={"id": str(channel_id), "type": 1, "recipients": [user.payload()]},
                user=user.payload(),
                context=1,
            )
        if message is not None:
            payload["message"] = self.message_payload(message)
        self.interactions[token] = Interaction(
            interaction_id,
            token,
            user,
            channel_id,
            None if message is None else message.id,
            created=asyncio.get_running_loop().time(),
        )
        return payload

    async def dispatch(self, bot: discord.Client, payload: dict[str, Any]) -> Interaction:
        """Deliver an interaction as the gateway would, and wait until the bot has finished with it."""
        (interaction,) = await self.dispatch_together(bot, [payload])
        return interaction

    async def dispatch_together(self, bot: discord.Client, payloads: Sequence[dict[str, Any]]) -> list[Interaction]:
        """Deliver several interactions at the same moment (players acting at once), and wait until the bot has
        finished with all of them."""
        delivered = [self.deliver(bot, payload) for payload in payloads]
        await settle()
        return delivered

    def deliver(self, bot: discord.Client, payload: dict[str, Any]) -> Interaction:
        """Deliver an interaction as the gateway would, without waiting for the bot (the test waits for what it
        needs, then :func:`settle`)."""
        async_context.set(self.adapter)
        bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        return self.interactions[payload["token"]]

    async def command(
        self,
        bot: discord.Client,
        user: User,
        name: str,
        *options: dict[str, Any],
        sub: str | None = None,
        resolved: dict[str, Any] | None = None,
        channel_id: int = CHANNEL_ID,
    ) -> Interaction:
        """A slash command: ``/name [sub] options...``."""
        payload = self.command_payload(user, name, *options, sub=sub, resolved=resolved, channel_id=channel_id)
        return await self.dispatch(bot, payload)

    async def autocomplete(
        self, bot: discord.Client, user: User, name: str, *options: dict[str, Any], sub: str | None = None
    ) -> list[dict[str, Any]]:
        interaction = await self.dispatch(bot, self.command_payload(user, name, *options, sub=sub, typing=True))
        assert interaction.choices is not None, "the bot did not answer the autocomplete"
        return interaction.choices

    def command_payload(
        self,
        user: User,
        name: str,
        *options: dict[str, Any],
        sub: str | None = None,
        resolved: dict[str, Any] | None = None,
        channel_id: int = CHANNEL_ID,
        typing: bool = False,
    ) -> dict[str, Any]:
        """The interaction of ``/name [sub] options...`` (``typing``: an autocomplete request while the user types
        it), to :meth:`deliver` without waiting for the bot."""
        data: dict[str, Any] = {
            "id": str(self.snowflake()),
            "name": name,
            "type": 1,
            "options": subcommand(sub, options),
        }
        if resolved:
            data["resolved"] = resolved
        return self._base(4 if typing else 2, user, data, channel_id=channel_id)

    async def click(self, bot: discord.Client, user: User, message: Message, custom_id: str) -> Interaction:
        return await self.dispatch(bot, self.press(user, message, custom_id))

    def press(self, user: User, message: Message, custom_id: str) -> dict[str, Any]:
        """The interaction of clicking a button of ``message`` (to deliver with others)."""
        item = message.item(custom_id)
        assert item.get("type") == 2 and not item.get("disabled"), item
        data = {"custom_id": custom_id, "component_type": 2}
        return self._base(3, user, data, channel_id=message.channel_id, message=message)

    async def forged(
        self,
        bot: discord.Client,
        user: User,
        message: Message,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        channel_id: int | None = None,
        guild_id: int = GUILD_ID,
    ) -> Interaction:
        """A component interaction as a modified client would send it: a button (or, with ``values``, a select)
        of any ``custom_id``, shown on ``message`` as one more row, used from any channel of any server."""
        if values is None:
            item: dict[str, Any] = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
            data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        else:
            options = [{"label": v, "value": v} for v in values]
            item = {"type": 3, "custom_id": custom_id, "options": options, "min_values": 1, "max_values": len(values)}
            data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        row = {"type": 1, "components": [item]}
        shown = dataclasses.replace(message, data={**message.data, "components": [*message.components, row]})
        where = message.channel_id if channel_id is None else channel_id
        if where != message.channel_id:
            # Discord delivers a click only with a message of the channel it came from: one showing just that row.
            dm_user = self.dm_user_of.get(where)
            shown = dataclasses.replace(
                message,
                id=self.snowflake(),
                channel_id=where,
                audience="public" if dm_user is None else str(dm_user),
                kind="forged",
                data={"content": "", "components": [row]},
                versions=[],
            )
            self.messages[shown.id] = shown
        return await self.dispatch(bot, self._base(3, user, data, channel_id=where, message=shown, guild_id=guild_id))

    async def select(
        self, bot: discord.Client, user: User, message: Message, custom_id: str, values: Sequence[str]
    ) -> Interaction:
        return await self.dispatch(bot, self.selection(user, message, custom_id, values))

    def selection(self, user: User, message: Message, custom_id: str, values: Sequence[str]) -> dict[str, Any]:
        """The interaction of choosing ``values`` in a select of ``message`` (to deliver with others)."""
        item = message.item(custom_id)
        assert item.get("type") == 3, item
        offered = {o["value"] for o in item.get("options") or []}
        assert set(values) <= offered, (values, offered)
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return self._base(3, user, data, channel_id=message.channel_id, message=message)

    # Reading what people saw.

    def replies(self, interaction: Interaction) -> list[Message]:
        """The messages the bot made or edited in answer to an interaction, latest state."""
        ids = list(interaction.messages)
        if interaction.original is not None and interaction.original not in ids:
            ids.insert(0, interaction.original)
        return [self.messages[i] for i in ids if i in self.messages]

    def reply(self, interaction: Interaction) -> Message:
        replies = self.replies(interaction)
        assert replies, "the bot did not answer"
        return replies[-1]

    def channel_posts(self, channel_id: int = CHANNEL_ID) -> list[Message]:
        return [m for m in self.messages.values() if m.channel_id == channel_id and m.kind == "channel"]

    def dms(self, user: User) -> list[Message]:
        channel = self.dm_channel_of.get(user.id)
        return [m for m in self.messages.values() if m.channel_id == channel and m.kind == "dm"]


#: A benchmark's watcher of the event loop (benchmarks.stalls.Watch), which runs while the bot plays.
WATCH_TASK = "event-loop-watch"
#: Tasks that live as long as the bot (the deadline scheduler's loop, a watcher); the rest is an interaction's work.
LONG_LIVED: frozenset[str] = frozenset({"discord-ext-tasks: Scheduler.loop", WATCH_TASK})


async def settle(timeout: float = 30.0) -> None:
    """Wait until every task the bot started is done."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        current = asyncio.current_task()
        pending = [
            t for t in asyncio.all_tasks() if t is not current and not t.done() and t.get_name() not in LONG_LIVED
        ]
        if not pending:
            return
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise TimeoutError(f"the bot did not settle: {[t.get_name() for t in pending]}")
        await asyncio.wait(pending, timeout=remaining)


def png_bytes() -> bytes:
    """A tiny valid PNG (a renderer stand-in where the pixels do not matter)."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (2, 2), (0, 0, 0)).save(out, format="PNG")
    return out.getvalue()
