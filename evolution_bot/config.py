"""Settings: ``config.toml`` (template: ``config.example.toml``) overlaid by environment variables.

The file is looked for at ``$EVOLUTION_BOT_CONFIG``, else ``./config.toml``; a missing file is fine (defaults).
Environment variables win over the file, so a token never has to be written to disk.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from game_service.computers import DEFAULT_LEVEL, LEVELS
from game_service.deadlines import MAX_DECISION_TIME, MAX_STRIKES, MIN_DECISION_TIME, parse_reminder
from game_service.deadlines import parse_duration as parse_game_duration
from game_service.storage import database_location
from texts.languages import LANGUAGES

#: More worker processes than this only queue for the same cores.
MAX_COMPUTER_WORKERS = 64


class ConfigError(ValueError):
    """A setting that cannot be used, with the name of the setting in the message."""


def parse_duration(text: str) -> timedelta:
    """``"90m"``, ``"24h"``, ``"3d"``, ``"1d12h"`` -> a timedelta (the games' own notation)."""
    try:
        return parse_game_duration(text)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


@dataclass(frozen=True)
class WebSettings:
    """The live web board (``web/``): where it listens, the address people reach it by, the secret its links and
    sessions are signed with, and the Discord application that signs people in (docs/deployment.md, "The web
    board")."""

    host: str = "127.0.0.1"
    port: int = 8080
    #: The public address of the site's root, as people's browsers reach it (behind a proxy: the proxy's); links
    #: are made under it and the sign-in comes back to it. ``https://`` makes the cookies Secure.
    base_url: str = "http://127.0.0.1:8080/"
    #: Signs every game's link, session and form; at least 32 bytes. Changing it cuts every link and session off.
    secret: bytes = b""
    #: The Discord application's OAuth2 client (its id and secret), for signing in; empty: watching only.
    client_id: str = ""
    client_secret: str = ""
    #: Where Discord is (tests point this at a fake).
    discord_url: str = "https://discord.com"
    #: Per user and per address: page loads (and live streams opened) and moves allowed per minute.
    pages_per_minute: int = 120
    moves_per_minute: int = 30
    #: Whether this process serves the pages. Several bot processes (shards) all make the links their status
    #: messages carry, with the same secret and base URL, while one of them (or each on its own address behind a
    #: proxy) serves: the others say ``serve = false``.
    serve: bool = True
    #: The reverse proxies in front of the board (their addresses as the server sees them): behind them, the rate
    #: limits count each client by the address the proxy adds to ``X-Forwarded-For``, not all as the proxy's.
    trusted_proxies: tuple[str, ...] = ()

    @property
    def signs_in(self) -> bool:
        return bool(self.client_id and self.client_secret)


#: The shortest web secret accepted, in bytes.
MIN_WEB_SECRET = 32


def _yes_or_no(value: Any, name: str) -> bool:
    """A true or false setting: a TOML boolean, or ``true``/``false`` (also 1/0, yes/no) from the environment."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "1", "yes"):
        return True
    if text in ("false", "0", "no"):
        return False
    raise ConfigError(f"{name} must be true or false, not {value!r}")


def _web(section: Mapping[str, Any] | None, env: Mapping[str, str]) -> WebSettings | None:
    """The ``[web]`` settings, or None when the section is absent and no ``EVOLUTION_BOT_WEB_*`` variable is set
    (the bot then serves no page). The secret must be set: the links the bot posts outlive a restart."""
    names = ("LISTEN", "BASE_URL", "SECRET", "CLIENT_ID", "CLIENT_SECRET", "SERVE", "TRUSTED_PROXIES")
    if section is None and not any(env.get(f"EVOLUTION_BOT_WEB_{name}") for name in names):
        return None
    section = section or {}
    listen = env.get("EVOLUTION_BOT_WEB_LISTEN") or str(section.get("listen", "127.0.0.1:8080"))
    host, _, port_text = listen.rpartition(":")
    if not host or not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ConfigError(f'web listen must be an address and a port like "127.0.0.1:8080", not {listen!r}')
    port = int(port_text)
    base_url = env.get("EVOLUTION_BOT_WEB_BASE_URL") or str(section.get("base_url", f"http://{listen}/"))
    if not base_url.startswith(("http://", "https://")):
        raise ConfigError(f"web base_url must start with http:// or https://, not {base_url!r}")
    secret = (env.get("EVOLUTION_BOT_WEB_SECRET") or str(section.get("secret", ""))).encode()
    if len(secret) < MIN_WEB_SECRET:
        raise ConfigError(
            f"web secret must be at least {MIN_WEB_SECRET} characters (e.g. the output of `openssl rand -hex 32`)"
        )
    limits = {}
    for name in ("pages_per_minute", "moves_per_minute"):
        value = section.get(name, getattr(WebSettings, name))
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 100_000:
            raise ConfigError(f"web {name} must be a whole number from 1 to 100000")
        limits[name] = value
    serve = _yes_or_no(env.get("EVOLUTION_BOT_WEB_SERVE") or section.get("serve", True), "web serve")
    proxies: Any = env.get("EVOLUTION_BOT_WEB_TRUSTED_PROXIES")
    proxies = proxies.split(",") if proxies else section.get("trusted_proxies", [])
    if not isinstance(proxies, list) or not all(isinstance(p, str) and p.strip() for p in proxies):
        raise ConfigError('web trusted_proxies must be a list of addresses like ["127.0.0.1"]')
    return WebSettings(
        serve=serve,
        trusted_proxies=tuple(p.strip() for p in proxies),
        host=host.strip("[]"),
        port=port,
        base_url=base_url if base_url.endswith("/") else base_url + "/",
        secret=secret,
        client_id=env.get("EVOLUTION_BOT_WEB_CLIENT_ID") or str(section.get("client_id", "")),
        client_secret=env.get("EVOLUTION_BOT_WEB_CLIENT_SECRET") or str(section.get("client_secret", "")),
        discord_url=str(section.get("discord_url", "https://discord.com")).rstrip("/"),
        **limits,
    )


@dataclass(frozen=True)
class Settings:
    token: str = ""
    dev_guild: int | None = None
    #: Discord's shards this process runs (``shard_ids``) of how many in all (``shard_count``): several processes
    #: share a bot, each with its own ids, all with the same count. None: discord.py's defaults (one process).
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    #: A SQLite file's path, or a database URL kept as text (``sqlite:///PATH``, ``postgresql://...``).
    database: Path | str = Path("evolution-bot.sqlite3")
    default_language: str = "en"
    decision_time: timedelta = timedelta(hours=24)
    reminders: tuple[str, ...] = ("50%", "1h")
    strikes_before_replacement: int = 3
    #: Worker processes in which computer players think (None: one per core).
    computer_workers: int | None = None
    #: The level of a computer added without one, and of a seat handed to a computer.
    computer_level: str = DEFAULT_LEVEL
    log_level: str = "INFO"
    #: The live web board, when ``[web]`` is configured.
    web: WebSettings | None = None
    source: str = field(default="defaults", compare=False)

    def deadline_settings(self) -> dict[str, Any]:
        """The deadline settings a new Discord game starts with (the host may change them)."""
        return {
            "decision_time": int(self.decision_time.total_seconds()),
            "reminders": list(self.reminders),
            "strikes": self.strikes_before_replacement,
        }


def _database(text: str) -> Path | str:
    if "://" not in text:
        return Path(text)
    try:
        database_location(text)
    except ValueError as exc:
        raise ConfigError(f"database: {exc}") from None
    return text


def _shards(ids_setting: Any, count_setting: Any) -> tuple[tuple[int, ...] | None, int | None]:
    """``shard_ids`` (a list, or ``"0,1"`` from the environment) and ``shard_count``, checked together."""
    if isinstance(count_setting, str) and count_setting.strip():
        if not count_setting.strip().isdigit():
            raise ConfigError(f"shard_count must be a whole number, not {count_setting!r}")
        count_setting = int(count_setting)
    count = None if count_setting in (None, "") else count_setting
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 1):
        raise ConfigError("shard_count must be a whole number from 1")
    if isinstance(ids_setting, str):
        parts = [p.strip() for p in ids_setting.split(",") if p.strip()]
        if not all(p.isdigit() for p in parts):
            raise ConfigError(f'shard_ids must be shard numbers like "0,1", not {ids_setting!r}')
        ids_setting = [int(p) for p in parts] or None
    if ids_setting is None:
        return None, count
    if not isinstance(ids_setting, list) or not all(type(i) is int for i in ids_setting):
        raise ConfigError("shard_ids must be a list of shard numbers")
    if count is None:
        raise ConfigError("shard_ids needs shard_count (how many shards the whole bot runs)")
    if not ids_setting or len(set(ids_setting)) != len(ids_setting) or not all(0 <= i < count for i in ids_setting):
        raise ConfigError(f"shard_ids must be different numbers from 0 to {count - 1} (shard_count is {count})")
    return tuple(sorted(ids_setting)), count


def _section(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, Mapping):
        raise ConfigError(f"[{name}] must be a table")
    return section


def load_settings(path: Path | None = None, environ: Mapping[str, str] | None = None) -> Settings:
    """The settings from the file and the environment (a ``ConfigError`` names what cannot be used)."""
    env = os.environ if environ is None else environ
    if path is None:
        path = Path(env.get("EVOLUTION_BOT_CONFIG", "config.toml"))
    data: dict[str, Any] = {}
    source = "defaults"
    if path.is_file():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: {exc}") from exc
        source = str(path)
    discord = _section(data, "discord")
    storage = _section(data, "storage")
    games = _section(data, "games")
    computers = _section(data, "computers")
    logging = _section(data, "logging")
    web = _section(data, "web") if "web" in data else None

    token = env.get("DISCORD_TOKEN") or str(discord.get("token", ""))
    guild_text = env.get("EVOLUTION_BOT_DEV_GUILD") or str(discord.get("dev_guild", ""))
    if guild_text and not guild_text.isdigit():
        raise ConfigError(f"dev_guild must be a server id (digits), not {guild_text!r}")
    language = env.get("EVOLUTION_BOT_LANGUAGE") or str(games.get("default_language", "en"))
    if language not in LANGUAGES:
        raise ConfigError(f"default_language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    decision_time = parse_duration(env.get("EVOLUTION_BOT_DECISION_TIME") or str(games.get("decision_time", "24h")))
    if not MIN_DECISION_TIME <= decision_time <= MAX_DECISION_TIME:
        raise ConfigError("decision_time must be between 5m and 7d")
    reminders = games.get("reminders", ["50%", "1h"])
    if not isinstance(reminders, list) or not all(isinstance(r, str) for r in reminders):
        raise ConfigError('reminders must be a list of strings like "50%" or "1h"')
    try:
        reminders = [parse_reminder(r).text for r in reminders]
    except ValueError as exc:
        raise ConfigError(f"reminders: {exc}") from None
    strikes = games.get("strikes_before_replacement", 3)
    if not isinstance(strikes, int) or not 1 <= strikes <= MAX_STRIKES:
        raise ConfigError(f"strikes_before_replacement must be a whole number from 1 to {MAX_STRIKES}")
    workers_text = env.get("EVOLUTION_BOT_COMPUTER_WORKERS") or str(computers.get("workers", ""))
    if workers_text and not (workers_text.isdigit() and 1 <= int(workers_text) <= MAX_COMPUTER_WORKERS):
        raise ConfigError(f"workers must be a whole number from 1 to {MAX_COMPUTER_WORKERS}, not {workers_text!r}")
    computer_level = env.get("EVOLUTION_BOT_COMPUTER_LEVEL") or str(computers.get("level", DEFAULT_LEVEL))
    if computer_level not in LEVELS:
        raise ConfigError(f"computers level must be one of {', '.join(LEVELS)}, not {computer_level!r}")
    shard_ids, shard_count = _shards(
        env.get("EVOLUTION_BOT_SHARD_IDS") or discord.get("shard_ids"),
        env.get("EVOLUTION_BOT_SHARD_COUNT") or discord.get("shard_count"),
    )
    level = (env.get("EVOLUTION_BOT_LOG_LEVEL") or str(logging.get("level", "INFO"))).upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ConfigError(f"logging level must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    return Settings(
        token=token.strip(),
        dev_guild=int(guild_text) if guild_text else None,
        shard_ids=shard_ids,
        shard_count=shard_count,
        database=_database(env.get("EVOLUTION_BOT_DB") or str(storage.get("database", "evolution-bot.sqlite3"))),
        default_language=language,
        decision_time=decision_time,
        reminders=tuple(reminders),
        strikes_before_replacement=strikes,
        computer_workers=int(workers_text) if workers_text else None,
        computer_level=computer_level,
        log_level=level,
        web=_web(web, env),
        source=source,
    )
