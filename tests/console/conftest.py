"""The console speaks the terminal's language: these tests pin it to English unless a test names another."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.delenv("EVOLUTION_BOT_LANGUAGE", raising=False)
