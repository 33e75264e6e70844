"""The bot's log at DEBUG (``EVOLUTION_BOT_LOG_LEVEL=DEBUG``, as documented) never holds a secret: a whole game is
played through the bot in a process logging as ``evolution-bot run`` does, and its log is scanned for every secret
of every seat. This program's own debug lines are still written; no library's below INFO is. Shown here on the toy
game (``tests/toy``: four hands of nine stones and a secret pick each round); North Star's own kinds of secret (a
deck's order, its traits' and cards' names) in tests/north_star/ui/test_debug_log.py, with the same helpers."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from evolution_bot.logs import OWN_PACKAGES
from tests.bot.privacy import mentions

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


def logged_game(ruleset: str, tmp_path: Path) -> tuple[str, dict[str, Any]]:
    """The DEBUG log of a whole game of ``ruleset`` played through the bot in a process of its own
    (``tests/bot/debug_log_worker.py``), and the secrets the game held (that module says which)."""
    database, out = tmp_path / "games.db", tmp_path / "secrets.json"
    env = {**os.environ, "EVOLUTION_BOT_LOG_LEVEL": "DEBUG"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.bot.debug_log_worker", ruleset, str(database), str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-5000:]
    secrets = json.loads(out.read_text())
    assert secrets["actions"] and secrets["states"] and secrets["labels"], "the game held no secret to look for"
    return done.stderr, secrets


def check_no_secret_of_any_game(log: str, secrets: dict[str, Any]) -> None:
    """What every rule system keeps private is not in ``log``: the seed, a stored action (as stored, or its verb with
    what it chose, as a repr writes it), a label some seat's private panel showed; the refusal the worker provoked is
    logged at DEBUG, and no library logs below INFO."""
    assert str(secrets["seed"]) not in log, "the seed is in the log"
    for text in secrets["actions"]:
        assert not quoted_any_way(text).search(log), f"a stored action is in the log: {text}"
        action = json.loads(text)
        for field, value in action.items():
            if field not in ("type", "seat") and isinstance(value, int) and not isinstance(value, bool):
                chosen = rf"{action['type']}\W.{{0,40}}?(?<!\d){value}(?!\d)"
                assert not re.search(chosen, log), f"what a move chose ({action['type']} {value}) is in the log"
    for label in secrets["labels"]:
        assert not mentions(log, label), f"a seat's secret ({label}) is in the log"
    lines = [match for match in map(LINE.match, log.splitlines()) if match]
    assert [m for m in lines if m["level"] == "DEBUG" and m["logger"] == "bot.errors" and "refused: not_host" in m[0]]
    foreign = [m[0] for m in lines if m["level"] == "DEBUG" and m["logger"].partition(".")[0] not in OWN_PACKAGES]
    assert not foreign, f"a library logged below INFO: {foreign[:3]}"


def test_a_whole_game_logged_at_debug_holds_no_secret_of_any_seat(tmp_path: Path) -> None:
    log, secrets = logged_game("toy", tmp_path)
    check_no_secret_of_any_game(log, secrets)
    hands = {tuple(hand) for state in secrets["states"] for hand in state["hands"]}
    assert max(map(len, hands)) == 9, "hands of nine stones, as the worker deals them"
    for hand in hands:
        if len(hand) >= 2:
            assert not sequence(hand).search(log), f"a hand is in the log: {hand}"
