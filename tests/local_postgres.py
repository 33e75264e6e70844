"""A throwaway PostgreSQL server for the tests and the load test: a new cluster in a temporary directory, made with
the machine's own ``initdb`` and started with ``pg_ctl`` on a unix socket in that directory (no TCP port, no
network), stopped and deleted afterwards.

The binaries are found on ``PATH``, in ``$EVOLUTION_PG_BIN``, or in Debian's ``/usr/lib/postgresql/<version>/bin``
(``apt-get install postgresql``). PostgreSQL refuses to run as root, so as root the server runs as the ``postgres``
user that Debian's package creates.

``python -m tests.local_postgres`` starts one for a developer and prints its URL until Ctrl-C.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg

#: Set by .ci/run: a test that needs PostgreSQL fails instead of skipping when no server can be started.
REQUIRE = "EVOLUTION_REQUIRE_PG"
#: Settings for tests: nothing the tests check depends on the server's own durability (the server is never
#: killed; the clients are), so it skips fsync to keep the suite fast. The load test passes ``durable=True``.
FAST = ("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")


class NoPostgres(RuntimeError):
    """No PostgreSQL server can be started here; the message says why."""


def binaries() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``."""
    candidates = [os.environ.get("EVOLUTION_PG_BIN", "")]
    found = shutil.which("pg_ctl")
    if found:
        candidates.append(str(Path(found).resolve().parent))
    # Debian installs them out of PATH, one folder per major version: the newest first.
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    for folder in candidates:
        if folder and all((Path(folder) / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    raise NoPostgres(
        "no PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH, in $EVOLUTION_PG_BIN or in "
        "/usr/lib/postgresql/*/bin: install Debian's package with `apt-get install postgresql`"
    )


def _as_server_user() -> list[str]:
    """The command prefix that runs a program as the server's user (PostgreSQL will not run as root)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise NoPostgres("running as root and there is no 'postgres' user to run the server as") from None
    return ["runuser", "-u", "postgres", "--"]


class LocalPostgres:
    """One running throwaway cluster; :meth:`new_database` hands out a fresh empty database's URL."""

    def __init__(self, *, durable: bool = False, settings: Sequence[str] = ()) -> None:
        self.bin = binaries()
        self.prefix = _as_server_user()
        self.dir = Path(tempfile.mkdtemp(prefix="evolution-pg-"))
        self._names = itertools.count(1)
        if self.prefix:
            shutil.chown(self.dir, "postgres", "postgres")
        data = self.dir / "data"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale", "--no-sync")
        options = ["-c", "listen_addresses=", "-c", f"unix_socket_directories={self.dir}", "-c", "max_connections=300"]
        options += [] if durable else list(FAST)
        options += list(settings)
        try:
            self._run("pg_ctl", "-D", str(data), "-w", "-s", "-l", str(self.dir / "server.log"), "-o",
                      " ".join(_quoted(o) for o in options), "start")  # fmt: skip
        except BaseException:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self.prefix, str(self.bin / program), *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise NoPostgres(f"{program} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.dir}"

    def new_database(self, *, template: str = "template1") -> str:
        """A new database's URL: empty, or a copy of the database ``template``."""
        name = f"evolution_{os.getpid()}_{next(self._names)}"
        self.sql(f"CREATE DATABASE {name} TEMPLATE {template}")
        return self.url(name)

    def sql(self, statement: str) -> None:
        async def run() -> None:
            db = await asyncpg.connect(self.url())
            try:
                await db.execute(statement)
            finally:
                await db.close()

        # In a thread of its own: the caller may be inside a running event loop.
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, run()).result()

    def stop(self) -> None:
        with contextlib.suppress(NoPostgres):
            self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-s", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


def _quoted(option: str) -> str:
    return f"'{option}'" if not option or " " in option else option


@contextlib.contextmanager
def local_postgres(*, durable: bool = False) -> Iterator[LocalPostgres]:
    server = LocalPostgres(durable=durable)
    try:
        yield server
    finally:
        server.stop()


def main() -> int:
    try:
        with local_postgres(durable=True) as server:
            print(f"PostgreSQL is running: {server.new_database()}  (Ctrl-C stops and deletes it)", flush=True)
            while True:
                time.sleep(3600)
    except NoPostgres as missing:
        print(missing, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
