"""Settings: ``config.toml`` (template: ``config.example.toml``) overlaid by environment variables.

The file is looked for at ``$EVOLUTION_BOT_CONFIG``, else ``./config.toml``; a missing file is fine (defaults).
Environment variables win over the file, so a token never has to be written to disk.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from texts.languages import LANGUAGES

MIN_DECISION_TIME = timedelta(minutes=5)
MAX_DECISION_TIME = timedelta(days=7)
_DURATION = re.compile(r"^\s*(\d+)\s*([mhd])\s*$")
_UNITS = {"m": "minutes", "h": "hours", "d": "days"}


class ConfigError(ValueError):
    """A setting that cannot be used, with the name of the setting in the message."""


def parse_duration(text: str) -> timedelta:
    """``"90m"``, ``"24h"``, ``"3d"`` -> a timedelta."""
    match = _DURATION.match(text)
    if not match:
        raise ConfigError(f"{text!r} is not a duration like 30m, 24h or 3d")
    return timedelta(**{_UNITS[match.group(2)]: int(match.group(1))})


@dataclass(frozen=True)
class Settings:
    token: str = ""
    dev_guild: int | None = None
    database: Path = Path("evolution-bot.sqlite3")
    default_language: str = "en"
    decision_time: timedelta = timedelta(hours=24)
    reminders: tuple[str, ...] = ("50%", "1h")
    strikes_before_replacement: int = 3
    log_level: str = "INFO"
    source: str = field(default="defaults", compare=False)


def _section(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, Mapping):
        raise ConfigError(f"[{name}] must be a table")
    return section


def load_settings(path: Path | None = None, environ: Mapping[str, str] | None = None) -> Settings:
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
    logging = _section(data, "logging")

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
        raise ConfigError("reminders must be a list of strings like \"50%\" or \"1h\"")
    strikes = games.get("strikes_before_replacement", 3)
    if not isinstance(strikes, int) or strikes < 1:
        raise ConfigError("strikes_before_replacement must be a whole number of at least 1")
    level = (env.get("EVOLUTION_BOT_LOG_LEVEL") or str(logging.get("level", "INFO"))).upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ConfigError(f"logging level must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    return Settings(
        token=token.strip(),
        dev_guild=int(guild_text) if guild_text else None,
        database=Path(env.get("EVOLUTION_BOT_DB") or str(storage.get("database", "evolution-bot.sqlite3"))),
        default_language=language,
        decision_time=decision_time,
        reminders=tuple(reminders),
        strikes_before_replacement=strikes,
        log_level=level,
        source=source,
    )
