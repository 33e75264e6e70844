"""``evolution-bot web`` on its own, as a newcomer runs it: a real process on the console's SQLite file lists the
console's running games on its front page, each page opens by its link and shows the console's moves, Ctrl-C stops
it; an address already taken gets a clear message, not a traceback."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from pathlib import Path

import aiohttp

from game_service import GameService
from tests.web.conftest import free_port
from tests.web.test_kill import PATIENCE

ROOT = Path(__file__).resolve().parents[2]


async def start(database: Path, listen: str, tmp_path: Path) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        # faulthandler: a server that hangs is aborted by ``stopped`` and prints every thread's stack.
        sys.executable, "-X", "faulthandler", "-m", "evolution_bot", "web",
        "--database", str(database), "--listen", listen,
        "--config", str(tmp_path / "no-config.toml"),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def stopped(server: asyncio.subprocess.Process, thread: int | None = None) -> int:
    """The exit status after Ctrl-C, sent to the server or to one of its threads (``thread``: the kernel hands a
    process's signal to any thread, and prefers the one whose id it was sent to). A server still running after
    ``PATIENCE`` is aborted, and the test fails with the stacks of its threads."""
    os.kill(server.pid if thread is None else thread, signal.SIGINT)
    try:
        return await asyncio.wait_for(server.wait(), PATIENCE)
    except TimeoutError:
        server.send_signal(signal.SIGABRT)
        _, err = await server.communicate()
        raise AssertionError(f"the server did not stop on Ctrl-C:\n{err.decode(errors='replace')}") from None


async def console_game(service: GameService, table: str) -> int:
    """A console game (the console's channels are ``console`` and ``console:<table>``) of two people."""
    await service.create_game(channel_id=table, host_id="p1", host_name="Ann", ruleset="north_star")
    await service.join(channel_id=table, user_id="p2", user_name="<b>Bob</b>")
    return (await service.start(channel_id=table, actor_id="p1", seed=3)).game_id


async def test_the_console_games_are_served_on_this_computer(tmp_path: Path) -> None:
    database = tmp_path / "console.sqlite3"
    async with await GameService.open(database=database, computer_workers=1) as service:
        game_id = await console_game(service, "console")
        await console_game(service, "1234")  # a Discord channel's game: not listed
    port = free_port()
    server = await start(database, f"127.0.0.1:{port}", tmp_path)
    assert server.stdout is not None
    try:
        line = await asyncio.wait_for(server.stdout.readline(), PATIENCE)
        assert f"http://127.0.0.1:{port}/" in line.decode()
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/") as front:
                assert front.status == 200
                listed = re.findall(r'href="(g/[0-9]+/[A-Za-z0-9_-]+/)"', await front.text())
            assert [path.split("/")[1] for path in listed] == [str(game_id)]
            async with http.get(f"http://127.0.0.1:{port}/" + listed[0]) as page:
                assert page.status == 200
                html = await page.text()
            assert "&lt;b&gt;Bob&lt;/b&gt;" in html and "<b>Bob</b>" not in html
    finally:
        assert await stopped(server) == 0


async def test_ctrl_c_stops_the_server_whichever_thread_the_signal_reaches(tmp_path: Path) -> None:
    """Sent to the database driver's thread, Ctrl-C once left the server's loop asleep for good (seen in CI now and
    then): asyncio.run's own handler waits for the main thread to run Python again."""
    port = free_port()
    server = await start(tmp_path / "console.sqlite3", f"127.0.0.1:{port}", tmp_path)
    assert server.stdout is not None
    line = await asyncio.wait_for(server.stdout.readline(), PATIENCE)
    assert f"http://127.0.0.1:{port}/" in line.decode()
    others = [int(task) for task in os.listdir(f"/proc/{server.pid}/task") if int(task) != server.pid]
    assert others, "the server runs a thread besides its main one (the database driver's)"
    assert await stopped(server, thread=others[0]) == 0


async def test_an_address_already_taken_is_told_plainly(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = await start(tmp_path / "console.sqlite3", f"127.0.0.1:{port}", tmp_path)
        _, err = await asyncio.wait_for(server.communicate(), PATIENCE)
    assert server.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in err.decode() and "Traceback" not in err.decode()
