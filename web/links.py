"""The capability that opens a game's page: ``g/<game id>/<token>/``, where the token is an HMAC-SHA256 of the game's
id and its link salt (``game_service.links``) under the server's secret. Whoever holds the link may watch; nobody
can make one without the secret, and the host's renewal (a new salt) cuts every older link off.

Pure: ids, salts and secrets in, text out.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Mapping
from typing import Any

from game_service.links import link_salt

#: A token as it appears in a link: 43 characters of URL-safe base64 (256 bits, unpadded).
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
#: The shortest server secret accepted (bytes).
MIN_SECRET_BYTES = 32


class Links:
    """Makes and checks the links of games under one server secret."""

    __slots__ = ("_secret",)

    def __init__(self, secret: bytes) -> None:
        if len(secret) < MIN_SECRET_BYTES:
            raise ValueError(f"the web secret must be at least {MIN_SECRET_BYTES} bytes")
        self._secret = secret

    def token(self, game_id: int, settings: Mapping[str, Any]) -> str:
        """The token of the game's current link (its salt is read from the game's settings)."""
        message = f"game-link:{game_id}:{link_salt(settings)}".encode()
        digest = hmac.new(self._secret, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def path(self, game_id: int, settings: Mapping[str, Any]) -> str:
        """The game page's path relative to the site's root (no leading slash, so it works under any prefix)."""
        return f"g/{game_id}/{self.token(game_id, settings)}/"

    def url(self, base_url: str, game_id: int, settings: Mapping[str, Any]) -> str:
        """The game page's whole address under the site's public base URL (what the bot posts as a link button)."""
        return base_url.rstrip("/") + "/" + self.path(game_id, settings)

    def opens(self, game_id: int, settings: Mapping[str, Any], token: str) -> bool:
        """Whether ``token`` is the game's current link (in constant time; a malformed token opens nothing)."""
        if not TOKEN.fullmatch(token):
            return False
        return hmac.compare_digest(self.token(game_id, settings), token)

    def sign(self, purpose: str, text: str) -> str:
        """A signature of ``text`` for one ``purpose`` (sessions, sign-in state, forms), under the same secret but
        never equal to a link's."""
        digest = hmac.new(self._secret, f"{purpose}:{text}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")
