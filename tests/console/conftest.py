"""The console speaks the terminal's language: these tests pin it to English unless a test names another. Its
computers play the level "easy" (the baseline, which answers at once): these tests are about the console, the
search's are in tests/computer_players and the worker processes' in tests/service/test_play.py. The toy game
(``tests/toy``), on which the console's own mechanics are shown, is playable in each."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.toy import registered


@pytest.fixture(autouse=True)
def console_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.delenv("EVOLUTION_BOT_LANGUAGE", raising=False)
    monkeypatch.setenv("EVOLUTION_BOT_COMPUTER_LEVEL", "easy")


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered():
        yield
