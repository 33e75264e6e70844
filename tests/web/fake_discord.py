"""A fake of Discord's OAuth2 endpoints for the sign-in tests: authorize (which at once sends the browser back with a
code and the state, as a user who allows the sign-in), the token exchange and the user, each checked as Discord
would check it (the client's id and secret, the code, the redirect address)."""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass, field
from urllib.parse import urlencode

from aiohttp import web

CLIENT_ID = "123456789012345678"
CLIENT_SECRET = "fake-client-secret-not-a-real-one"


@dataclass
class FakeDiscord:
    """Who signs in next (``user_id``, ``name``), and what the fake should do instead (``deny``: the user refuses;
    ``refuse_token``: the code exchange fails)."""

    user_id: str = "111111111111111111"
    name: str = "Ann"
    deny: bool = False
    refuse_token: bool = False
    codes: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    tokens: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: Every request's path and query, to check that no game link ever reached Discord.
    seen: list[str] = field(default_factory=list)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/oauth2/authorize", self.authorize)
        app.router.add_post("/api/v10/oauth2/token", self.token)
        app.router.add_get("/api/v10/users/@me", self.me)
        return app

    async def authorize(self, request: web.Request) -> web.StreamResponse:
        self.seen.append(str(request.rel_url))
        query = request.query
        assert query["response_type"] == "code" and query["client_id"] == CLIENT_ID and query["scope"] == "identify"
        back = query["redirect_uri"]
        if self.deny:
            raise web.HTTPFound(f"{back}?{urlencode({'error': 'access_denied', 'state': query['state']})}")
        code = secrets.token_urlsafe(12)
        self.codes[code] = (back, self.user_id, self.name)
        raise web.HTTPFound(f"{back}?{urlencode({'code': code, 'state': query['state']})}")

    async def token(self, request: web.Request) -> web.StreamResponse:
        self.seen.append(str(request.rel_url))
        basic = request.headers.get("Authorization", "").removeprefix("Basic ")
        login, _, password = base64.b64decode(basic).decode().partition(":")
        form = await request.post()
        code = str(form.get("code"))
        if (
            self.refuse_token
            or login != CLIENT_ID
            or password != CLIENT_SECRET
            or form.get("grant_type") != "authorization_code"
            or code not in self.codes
            or self.codes[code][0] != form.get("redirect_uri")
        ):
            return web.json_response({"error": "invalid_grant"}, status=400)
        _, user_id, name = self.codes.pop(code)
        access = secrets.token_urlsafe(16)
        self.tokens[access] = (user_id, name)
        return web.json_response({"access_token": access, "token_type": "Bearer", "expires_in": 604800})

    async def me(self, request: web.Request) -> web.StreamResponse:
        self.seen.append(str(request.rel_url))
        access = request.headers.get("Authorization", "").removeprefix("Bearer ")
        if access not in self.tokens:
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        user_id, name = self.tokens[access]
        return web.json_response({"id": user_id, "username": name.lower(), "global_name": name})
