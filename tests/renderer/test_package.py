"""The renderer as a package: its fonts and their licence ship inside it, and importing it loads nothing of Discord,
storage or the bot (each rule system's board is tested beside its rules, in ``tests/<ruleset>/ui/``)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources
from pathlib import Path


def test_the_fonts_and_their_licence_ship_inside_the_package():
    fonts = resources.files("renderer").joinpath("fonts")
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        assert fonts.joinpath(name).read_bytes()[:4] == b"\x00\x01\x00\x00"
    assert "Bitstream" in fonts.joinpath("LICENSE").read_text()


def test_importing_the_renderer_loads_no_discord_storage_or_bot():
    code = (
        "import sys, renderer; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'discord', 'aiosqlite', 'bot', 'game_service'}); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=root, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
