"""The bot's log at DEBUG (``EVOLUTION_BOT_LOG_LEVEL=DEBUG``, as documented) never holds a secret: a whole game is
played through the bot in a process logging as ``evolution-bot run`` does, and its log is scanned for every secret
of every seat. This program's own debug lines are still written; no library's below INFO is."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from evolution_bot.logs import OWN_PACKAGES
from rules_core.north_star.cards import Trait
from texts.messages import message
from texts.north_star.choices import card_name

ROOT = Path(__file__).resolve().parents[2]
#: A log line as evolution_bot.logs writes it: time, level, logger, message.
LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (?P<level>[A-Z]+) (?P<logger>[\w.]+): (?P<message>.*)$")


def run(code: str, level: str) -> str:
    """Standard error of a Python process that runs ``code`` with EVOLUTION_BOT_LOG_LEVEL set to ``level``."""
    env = {**os.environ, "EVOLUTION_BOT_LOG_LEVEL": level}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stderr


def sequence(cards: Sequence[int]) -> re.Pattern[str]:
    """Card ids in this order as any list or tuple writes them (``[3,17,42]``, ``(3, 17, 42)``...)."""
    return re.compile(r"(?<!\d)" + r"\s*,\s*".join(str(card) for card in cards) + r"(?!\d)")


def quoted_any_way(text: str) -> re.Pattern[str]:
    """``text`` as it is, or inside a JSON or Python string (its double quotes escaped, once or more)."""
    return re.compile("".join(r'\\*"' if char == '"' else re.escape(char) for char in text))


def windows(cards: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    for start in range(len(cards) - size + 1):
        yield cards[start : start + size]


def test_libraries_never_log_below_info_and_our_code_logs_at_the_level_set() -> None:
    code = """
import logging
from evolution_bot.config import load_settings
from evolution_bot.logs import configure_logging

configure_logging(load_settings(None).log_level)
logging.getLogger("aiosqlite").debug("library debug 1")
http = logging.getLogger("discord.http")
http.setLevel(logging.DEBUG)  # a library that sets its own level
http.debug("library debug 2")
logging.getLogger("asyncpg.pool").info("library info")
logging.getLogger("game_service.store").debug("own debug")
logging.getLogger("bot").info("own info")
"""
    at_debug = run(code, "DEBUG")
    assert "library debug" not in at_debug
    for line in ("INFO asyncpg.pool: library info", "DEBUG game_service.store: own debug", "INFO bot: own info"):
        assert line in at_debug, at_debug
    at_warning = run(code, "WARNING")
    assert at_warning == "", at_warning


def test_a_whole_game_logged_at_debug_holds_no_secret_of_any_seat(tmp_path: Path) -> None:
    database, out = tmp_path / "games.db", tmp_path / "secrets.json"
    env = {**os.environ, "EVOLUTION_BOT_LOG_LEVEL": "DEBUG"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.bot.debug_log_worker", str(database), str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-5000:]
    log = done.stderr
    secrets = json.loads(out.read_text())
    assert secrets["actions"] and secrets["picks"] and secrets["hands"], "the game held no secret to look for"

    assert str(secrets["seed"]) not in log, "the seed is in the log"
    for text in secrets["actions"]:
        assert not quoted_any_way(text).search(log), f"a stored action is in the log: {text}"
    for hand in secrets["hands"]:
        if len(hand) >= 2:
            assert not sequence(hand).search(log), f"a hand is in the log: {hand}"
    for deck in secrets["decks"]:
        for window in windows(deck, 3):
            assert not sequence(window).search(log), f"the deck's order is in the log: {window}"
    for card in secrets["picks"]:
        assert not re.search(rf"SelectFoodCard\W.{{0,40}}?(?<!\d){card}(?!\d)", log), f"a pick ({card}) is in the log"
    # A card's name says what a hand holds: no log line names a trait or a card.
    for name in [message(f"north_star.trait.{trait.value}") for trait in Trait]:
        assert not re.search(rf"\b{re.escape(name)}\b", log), f"a trait's name ({name}) is in the log"
    labels = {card_name(card) for hand in secrets["hands"] for card in hand}
    assert not [label for label in labels if label in log], "a card's name is in the log"

    lines = [match for match in map(LINE.match, log.splitlines()) if match]
    assert [m for m in lines if m["level"] == "DEBUG" and m["logger"] == "bot.errors" and "refused: not_host" in m[0]]
    foreign = [m[0] for m in lines if m["level"] == "DEBUG" and m["logger"].partition(".")[0] not in OWN_PACKAGES]
    assert not foreign, f"a library logged below INFO: {foreign[:3]}"
