"""Fixtures for the service tests: a real database of each backend (a SQLite file in a temporary directory, and
a fresh database on a throwaway PostgreSQL server started once per session), a ticking clock, and a simple
computer policy of our own (the first legal action), so these tests do not depend on ``computer_players``;
and the toy game registered."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from computer_players.simple import first_legal
from game_service import GameService
from tests.local_postgres import REQUIRE, LocalPostgres, NoPostgres
from tests.service.helpers import BACKENDS, Database, FakeClock
from tests.toy import registered


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    """The toy game (``tests/toy``), on which these tests show the service's mechanics, is playable in each."""
    with registered():
        yield


@pytest.fixture(scope="session")
def postgres() -> Iterator[LocalPostgres]:
    """The session's PostgreSQL server. Without PostgreSQL's binaries its tests are skipped with the reason, or
    fail where ``EVOLUTION_REQUIRE_PG=1`` (CI) says they must run."""
    try:
        server = LocalPostgres()
    except NoPostgres as missing:
        if os.environ.get(REQUIRE) == "1":
            pytest.fail(f"{REQUIRE}=1 but no PostgreSQL server could be started: {missing}")
        pytest.skip(f"PostgreSQL tests skipped: {missing}")
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """An empty database of each backend in turn (a test taking it runs once per backend)."""
    if request.param == "sqlite":
        yield Database("sqlite", tmp_path / "games.db")
        return
    server: LocalPostgres = request.getfixturevalue("postgres")
    made = Database("postgresql", server.new_database(), server)
    yield made
    made.drop()


@pytest.fixture(params=BACKENDS)
def new_database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[], Database]]:
    """Makes empty databases of each backend in turn (one per hypothesis example), dropped after the test."""
    made: list[Database] = []

    def make() -> Database:
        if request.param == "sqlite":
            database = Database("sqlite", tmp_path_factory.mktemp("db") / "games.db")
        else:
            server: LocalPostgres = request.getfixturevalue("postgres")
            database = Database("postgresql", server.new_database(), server)
        made.append(database)
        return database

    yield make
    for database in made:
        database.drop()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file (for what only SQLite has: its file, its pragmas, its backup)."""
    return tmp_path / "games.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(database: Database, clock: FakeClock) -> AsyncIterator[GameService]:
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as svc:
        yield svc


@pytest.fixture(autouse=True)
def no_unexpected_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail a test when anything logs at ERROR (a test that expects one clears ``caplog`` after checking)."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, f"unexpected errors logged: {[r.getMessage() for r in errors]}"
