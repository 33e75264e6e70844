"""Fixtures for the service tests: a real SQLite file in a temporary directory, a ticking clock, and a simple
computer policy of our own (the first legal action), so these tests do not depend on ``computer_players``."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from computer_players.simple import first_legal
from game_service import GameService
from tests.service.helpers import FakeClock


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(db_path: Path, clock: FakeClock) -> AsyncIterator[GameService]:
    async with await GameService.open(database=db_path, clock=clock, computer_policy=first_legal) as svc:
        yield svc


@pytest.fixture(autouse=True)
def no_unexpected_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail a test when anything logs at ERROR (a test that expects one clears ``caplog`` after checking)."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, f"unexpected errors logged: {[r.getMessage() for r in errors]}"
