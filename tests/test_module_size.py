"""No product module is over 600 lines (issue 28): a module that long holds several things a newcomer would look for
under other names, so it is split where its parts meet (a board's layout from its drawing, the storage's queries by
concern, the announcer's direct messages from its posts)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT_PACKAGES = (
    "bot",
    "console",
    "evolution_bot",
    "game_service",
    "rules_core",
    "texts",
    "renderer",
    "computer_players",
    "web",
)
MOST_LINES = 600


def test_no_product_module_is_over_600_lines() -> None:
    modules = sorted(path for package in PRODUCT_PACKAGES for path in (ROOT / package).rglob("*.py"))
    assert len(modules) > 100, "the product packages were not found"
    lines = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines()) for path in modules}
    over = {name: count for name, count in lines.items() if count > MOST_LINES}
    assert not over, f"modules over {MOST_LINES} lines: {over}"
