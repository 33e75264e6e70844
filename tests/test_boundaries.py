"""Mechanical checks of the architecture: what each package may import.

rules_core is pure rules: standard library only, no Discord, images, storage, asyncio, clocks, file or network
I/O, global randomness, nor any other package of this project. computer_players is pure in the same way.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PACKAGES = {"game_service", "bot", "renderer", "console", "computer_players", "texts", "evolution_bot"}
IO_AND_FRAMEWORKS = {
    "discord",
    "PIL",
    "aiosqlite",
    "sqlite3",
    "asyncio",
    "time",
    "datetime",
    "os",
    "pathlib",
    "io",
    "socket",
    "subprocess",
    "threading",
    "urllib",
    "http",
    "shutil",
    "tempfile",
    "logging",
}


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", modules("rules_core"), ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_core_imports_only_the_standard_library_and_itself(path: Path) -> None:
    roots = imported_roots(path)
    assert not roots & (IO_AND_FRAMEWORKS | PROJECT_PACKAGES), (
        f"{path} imports {roots & (IO_AND_FRAMEWORKS | PROJECT_PACKAGES)}"
    )
    # The global random module is allowed only where the seeded generator is built.
    if path.name != "rng.py":
        assert "random" not in roots, f"{path} uses the global random module"


@pytest.mark.parametrize("path", modules("computer_players"), ids=lambda p: str(p.relative_to(ROOT)))
def test_computer_players_are_pure_too(path: Path) -> None:
    roots = imported_roots(path)
    assert not roots & (IO_AND_FRAMEWORKS | {"game_service", "bot", "renderer", "console", "evolution_bot"})


@pytest.mark.parametrize("package", ["game_service", "renderer", "console", "texts", "computer_players"])
def test_only_the_bot_package_imports_discord(package: str) -> None:
    for path in modules(package):
        assert "discord" not in imported_roots(path), f"{path} imports discord"


@pytest.mark.parametrize("package", ["renderer"])
def test_the_renderer_knows_no_storage_or_bot(package: str) -> None:
    for path in modules(package):
        assert not imported_roots(path) & {"aiosqlite", "sqlite3", "bot", "game_service"}, path
