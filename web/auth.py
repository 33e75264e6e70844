"""Who reads a page: sessions signed by the server, the Discord sign-in (OAuth2 authorization code flow, done on the
server), the token every form carries, and the rate limits.

A session is a cookie holding the Discord user's id and name, when it expires and a random id, signed with the
server's secret (``Links.sign``): nothing is kept on the server, and a cookie nobody signed, or one past its time,
signs nobody in. The cookie is HttpOnly, SameSite=Lax, and Secure when the site is served over HTTPS; forms carry a
token derived from the session's random id, so a form posted from another site (which cannot read it) is refused.
The sign-in keeps its ``state`` and the page to come back to in a short-lived signed cookie of its own, never in a
URL: the game's link never reaches Discord.
"""

from __future__ import annotations

import base64
import hmac
import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import aiohttp

from web.links import Links

SESSION_COOKIE = "evo_session"
SIGN_IN_COOKIE = "evo_sign_in"
#: How long a sign-in lasts, and how long the way to Discord and back may take.
SESSION_SECONDS = 7 * 24 * 3600
SIGN_IN_SECONDS = 600
#: Discord answers within this, or the sign-in fails with a clear page.
DISCORD_TIMEOUT = 10.0


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in Discord user."""

    user_id: str
    name: str
    expires: float
    sid: str


def _encode(data: Mapping[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode().rstrip("=")


def _decode(text: str) -> Any:
    padded = text + "=" * (-len(text) % 4)
    return json.loads(base64.urlsafe_b64decode(padded.encode()))


def sealed(links: Links, purpose: str, data: Mapping[str, Any]) -> str:
    """``data`` as a cookie's value, signed for ``purpose``."""
    body = _encode(data)
    return f"{body}.{links.sign(purpose, body)}"


def opened(links: Links, purpose: str, value: str | None) -> Any:
    """What a sealed cookie holds, or None when it is missing, malformed or not signed by this server."""
    if not value or value.count(".") != 1 or len(value) > 4096:
        return None
    body, signature = value.split(".")
    if not hmac.compare_digest(links.sign(purpose, body), signature):
        return None
    try:
        return _decode(body)
    except ValueError:
        return None


def read_session(links: Links, value: str | None, now: float) -> Session | str | None:
    """The session a cookie holds; ``"expired"`` for a signed one past its time (the page says so); None for
    none."""
    data = opened(links, "session", value)
    if not isinstance(data, dict):
        return None
    user_id, name, expires, sid = data.get("u"), data.get("n"), data.get("e"), data.get("s")
    if not (
        isinstance(user_id, str) and isinstance(name, str) and isinstance(expires, int | float) and isinstance(sid, str)
    ):
        return None
    if expires <= now:
        return "expired"
    return Session(user_id, name, float(expires), sid)


def new_session(links: Links, user_id: str, name: str, now: float) -> tuple[Session, str]:
    session = Session(user_id, name, now + SESSION_SECONDS, secrets.token_urlsafe(16))
    value = sealed(links, "session", {"u": user_id, "n": name, "e": int(session.expires), "s": session.sid})
    return session, value


def form_token(links: Links, session: Session) -> str:
    """The token a signed-in reader's forms carry (another site cannot read it, so cannot forge a form)."""
    return links.sign("form", session.sid)


def form_token_good(links: Links, session: Session, token: object) -> bool:
    return isinstance(token, str) and hmac.compare_digest(form_token(links, session), token)


@dataclass(frozen=True, slots=True)
class SignIn:
    """A sign-in under way: the ``state`` Discord must hand back, and the page to return to."""

    state: str
    back_to: str


def start_sign_in(links: Links, back_to: str, now: float) -> tuple[SignIn, str]:
    sign_in = SignIn(secrets.token_urlsafe(24), back_to)
    return sign_in, sealed(links, "sign-in", {"state": sign_in.state, "back": back_to, "e": int(now + SIGN_IN_SECONDS)})


def read_sign_in(links: Links, value: str | None, now: float) -> SignIn | None:
    data = opened(links, "sign-in", value)
    if not isinstance(data, dict):
        return None
    state, back, expires = data.get("state"), data.get("back"), data.get("e")
    if not (isinstance(state, str) and isinstance(back, str) and isinstance(expires, int)) or expires <= now:
        return None
    return SignIn(state, back)


class SignInFailed(Exception):
    """Discord did not sign the user in (``reason`` names why, for the page's words; never a secret)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Discord:
    """The Discord application that signs people in, and where Discord is."""

    client_id: str
    client_secret: str
    url: str

    def authorize_url(self, *, state: str, redirect_uri: str) -> str:
        query = urlencode(
            {
                "response_type": "code",
                "client_id": self.client_id,
                "scope": "identify",
                "state": state,
                "redirect_uri": redirect_uri,
                "prompt": "none",
            }
        )
        return f"{self.url}/oauth2/authorize?{query}"

    async def user(self, http: aiohttp.ClientSession, *, code: str, redirect_uri: str) -> tuple[str, str]:
        """Exchange the code for a token, and the token for the user: (id, name)."""
        form = {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri}
        client = {"Authorization": aiohttp.encode_basic_auth(self.client_id, self.client_secret)}
        timeout = aiohttp.ClientTimeout(total=DISCORD_TIMEOUT)
        try:
            token_url = f"{self.url}/api/v10/oauth2/token"
            async with http.post(token_url, data=form, headers=client, timeout=timeout) as answer:
                if answer.status != 200:
                    raise SignInFailed("token_refused")
                token = await answer.json()
            access = token.get("access_token") if isinstance(token, dict) else None
            if not isinstance(access, str) or not access:
                raise SignInFailed("token_refused")
            headers = {"Authorization": f"Bearer {access}"}
            async with http.get(f"{self.url}/api/v10/users/@me", headers=headers, timeout=timeout) as answer:
                if answer.status != 200:
                    raise SignInFailed("user_refused")
                user = await answer.json()
        except (aiohttp.ClientError, TimeoutError, ValueError):
            raise SignInFailed("unreachable") from None
        user_id = user.get("id") if isinstance(user, dict) else None
        if not isinstance(user_id, str) or not user_id.isdigit():
            raise SignInFailed("user_refused")
        name = user.get("global_name") or user.get("username") or user_id
        return user_id, str(name)[:100]


class RateLimit:
    """At most ``per_minute`` events per key in any minute (a token bucket per key; the least recently used keys are
    forgotten beyond ``keys``)."""

    def __init__(self, per_minute: int, *, keys: int = 100_000, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(per_minute)
        self.clock = clock
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, *keys: str) -> bool:
        """Count one event for every key, if each has room for it; else count none and refuse."""
        now = self.clock()
        levels = {}
        for key in keys:
            level, then = self._buckets.get(key, (self.burst, now))
            level = min(self.burst, level + (now - then) * self.rate)
            if level < 1.0:
                return False
            levels[key] = level
        for key, level in levels.items():
            self._buckets[key] = (level - 1.0, now)
            self._buckets.move_to_end(key)
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return True
