"""Nothing lost or changed by a page: a web server in a process of its own is killed with SIGKILL while it makes a
move from the page, just before the move reaches the database and just after it was committed (the page never
answered). Either way the game then stands exactly where the same move made through the service (as the bot makes
it) leaves it: the move stored once, as the player's, and the same form sent again to a restarted server is
accepted only if the move was not stored yet."""

from __future__ import annotations

import asyncio
import shutil
import signal
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from yarl import URL

from game_service import GameService
from tests.web.conftest import SECRET, free_port, move_forms, new_game
from texts.menus import chosen, parse_path
from texts.registry import words_for
from web.auth import SESSION_COOKIE, new_session
from web.links import Links

ROOT = Path(__file__).resolve().parents[2]
#: How long a worker may take to start, or to reach the move's write.
PATIENCE = 60.0


@asynccontextmanager
async def worker(database: Path, when: str) -> AsyncIterator[tuple[str, asyncio.subprocess.Process]]:
    """A server process (``tests.web.kill_worker``) on ``database``, serving; yields its address and the process,
    and kills it with SIGKILL at the end if it still runs."""
    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.web.kill_worker", str(database), str(port), when,
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        await said(process, "serving")
        yield f"http://127.0.0.1:{port}/", process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGKILL)
            await process.wait()


async def said(process: asyncio.subprocess.Process, line: str) -> None:
    assert process.stdout is not None and process.stderr is not None
    got = await asyncio.wait_for(process.stdout.readline(), PATIENCE)
    if got != f"{line}\n".encode():
        await process.wait()
        raise AssertionError(f"the worker said {got!r}, not {line!r}: {(await process.stderr.read()).decode()}")


async def standing(database: Path, game_id: int) -> Any:
    """Everything a move changes: the game's version and status, its log (without the times), and each player's own
    view and prompt."""
    async with await GameService.open(database=database, computer_workers=1) as service:
        history = await service.history(game_id=game_id)
        sides = []
        for seat in history.info.players:
            if seat.user_id is None:
                continue
            side = await service.prompt(user_id=seat.user_id, game_id=game_id)
            prompt = side.prompt
            sides.append((side.seat, side.view, None if prompt is None else
                          (prompt.decision.kind, prompt.decision.since_version, prompt.actions)))  # fmt: skip
        log = [(e.kind, e.version, e.seat, e.user_id, e.played_by, e.action_data, e.public_events)
               for e in history.entries]  # fmt: skip
        return history.info.version, history.info.status, log, sides


async def post(http: aiohttp.ClientSession, url: str, form: dict[str, str]) -> int:
    async with http.post(url, data=form, allow_redirects=False) as answer:
        return answer.status


@pytest.mark.parametrize("when", ["before", "after"])
async def test_a_move_from_the_page_killed_mid_write_ends_as_one_made_through_the_service(
    tmp_path: Path, when: str
) -> None:
    database = tmp_path / "games.db"
    async with await GameService.open(database=database, computer_workers=1) as service:
        info = await new_game(service, guests=1, computers=0)
        user = next(d.user_id for d in info.to_decide if d.user_id is not None)
        side = await service.prompt(user_id=user, game_id=info.game_id)
    assert side.prompt is not None
    before = await standing(database, info.game_id)
    # A copy of the game before the move, for the same move made through the service.
    reference = tmp_path / "reference.db"
    shutil.copy(database, reference)
    path = Links(SECRET).path(info.game_id, info.settings)

    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with worker(database, when) as (base, process):
            _, cookie = new_session(Links(SECRET), user, "Somebody", time.time())
            http.cookie_jar.update_cookies({SESSION_COOKIE: cookie}, URL(base))
            async with http.get(base + path) as page:
                assert page.status == 200
                form = move_forms(await page.text())[0]
            sending = asyncio.create_task(post(http, base + path + "move", form))
            await said(process, "written")
            process.send_signal(signal.SIGKILL)
            assert await process.wait() == -signal.SIGKILL
            with pytest.raises(aiohttp.ClientError):
                await sending

        killed = await standing(database, info.game_id)
        assert killed == before if when == "before" else killed != before

        # The same form sent again to a restarted server: made now if it was lost, refused if it was stored.
        async with worker(database, "never") as (base, _process):
            http.cookie_jar.update_cookies({SESSION_COOKIE: cookie}, URL(base))
            status = await post(http, base + path + "move", form)
        assert status == (303 if when == "before" else 409)

    action = chosen(side.prompt.actions, parse_path(form["path"]), words_for(info.ruleset).action_path)
    assert action is not None and not isinstance(action, list)
    async with await GameService.open(database=reference, computer_workers=1) as service:
        await service.submit(channel_id=info.channel_id, user_id=user, action=action,
                             expected_version=int(form["version"]), game_id=info.game_id)  # fmt: skip
    after = await standing(database, info.game_id)
    assert after == await standing(reference, info.game_id)
    assert after[0] == before[0] + 1
