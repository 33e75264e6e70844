"""The web board inside the bot's process: started by the bot when ``[web]`` is configured, on the bot's own
service, at the link the bot posts (``web.link_for``), and stopped with the bot."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import aiohttp
import pytest

from evolution_bot.config import Settings, WebSettings
from tests.bot.conftest import close_world, open_world
from tests.web.conftest import SECRET, free_port, new_game
from web import link_for


async def test_the_bot_serves_its_games_pages_while_it_runs(tmp_path: Path) -> None:
    port = free_port()
    web = WebSettings(port=port, base_url=f"http://127.0.0.1:{port}/", secret=SECRET)
    world = await open_world(tmp_path / "games.db", settings=Settings(database=tmp_path / "games.db", web=web))
    try:
        assert world.bot.web is not None
        info = await new_game(world.service)
        async with aiohttp.ClientSession() as http, http.get(link_for(web, info)) as answer:
            assert answer.status == 200
            assert "Round 1" in await answer.text()
    finally:
        await close_world(world)
    assert world.bot.web is None
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.ClientConnectionError):
            await http.get(link_for(web, info))


async def test_without_a_web_section_the_bot_serves_no_page(tmp_path: Path) -> None:
    world = await open_world(tmp_path / "games.db")
    try:
        assert world.bot.web is None
    finally:
        await close_world(world)


async def test_a_bot_process_that_does_not_serve_still_makes_the_links(tmp_path: Path) -> None:
    """Several bot processes (shards): each makes its status messages' links; one serves the pages."""
    port = free_port()
    web = WebSettings(port=port, base_url=f"http://127.0.0.1:{port}/", secret=SECRET, serve=False)
    world = await open_world(tmp_path / "games.db", settings=Settings(database=tmp_path / "games.db", web=web))
    try:
        assert world.bot.web is None
        info = await new_game(world.service)
        assert link_for(web, info).startswith(f"http://127.0.0.1:{port}/g/{info.game_id}/")
    finally:
        await close_world(world)


async def test_an_address_already_taken_leaves_the_bot_running_without_its_pages(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        web = WebSettings(port=port, base_url=f"http://127.0.0.1:{port}/", secret=SECRET)
        world = await open_world(tmp_path / "games.db", settings=Settings(database=tmp_path / "games.db", web=web))
        try:
            assert world.bot.web is None
            await new_game(world.service)
        finally:
            await close_world(world)
    told = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert told == [f"web: cannot listen on 127.0.0.1:{port} (Address already in use); the bot runs without its "
                    "web board"]  # fmt: skip
