"""Golden images: a few boards compared with stored PNGs, within a tolerance.

Small differences are allowed (font rasterisation and palette choice vary a little between Pillow and FreeType
versions); a changed layout, colour or missing element is not. After a deliberate change of the look, regenerate
the stored images and look at them before committing:

    RENDERER_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/renderer/test_golden.py
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from renderer import render_board
from rules_core.north_star.state import GameState
from tests.north_star.scenario import RULES
from tests.renderer import states

GOLDEN = Path(__file__).resolve().parent / "golden"
REGENERATE = os.environ.get("RENDERER_REGENERATE_GOLDEN") == "1"
#: Small images keep the stored files small; the whole layout still shows at this size.
WIDTH = 800
#: Mean absolute difference per channel over the whole image, in levels of 255: catches a changed colour (the
#: palette the PNG encoder picks moves many pixels by a level or two even for a tiny change, hence the margin).
MAX_MEAN_DIFFERENCE = 3.0
#: The images are compared in blocks of BLOCK x BLOCK pixels (averaged), so that anti-aliasing noise along glyph
#: edges evens out while a moved, missing or added element does not: at most MAX_CHANGED_BLOCKS blocks may differ
#: by more than BLOCK_LEVELS in some channel.
BLOCK = 4
BLOCK_LEVELS = 40
MAX_CHANGED_BLOCKS = 6

CASES: dict[str, Callable[[], GameState]] = {
    "food_cards": states.food_card_phase,
    "play_cards_face_down": states.play_card_phase_with_hidden_traits,
    "reveal_effects": states.reveal_phase,
    "feeding_four_players": lambda: states.crowded(players=4, per_player=4),
    "game_over_tie_break": states.tied_game_over,
}


def difference(actual: Image.Image, expected: Image.Image) -> tuple[float, int]:
    """(mean absolute difference per channel, number of blocks that differ by more than BLOCK_LEVELS)."""
    diff = ImageChops.difference(actual, expected)
    histogram = diff.histogram()  # red, green and blue, 256 levels each
    mean = sum((index % 256) * count for index, count in enumerate(histogram)) / (actual.width * actual.height * 3)
    red, green, blue = ImageChops.difference(actual.reduce(BLOCK), expected.reduce(BLOCK)).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    changed = sum(worst.histogram()[BLOCK_LEVELS + 1 :])
    return mean, changed


def acceptable(mean: float, changed: int) -> bool:
    return mean <= MAX_MEAN_DIFFERENCE and changed <= MAX_CHANGED_BLOCKS


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_board_looks_as_it_did(name: str, tmp_path: Path) -> None:
    data = render_board(RULES.public_view(CASES[name]()), width=WIDTH)
    path = GOLDEN / f"{name}.png"
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(data)
        return
    assert path.exists(), f"no golden image {path}; create it with RENDERER_REGENERATE_GOLDEN=1"
    actual = Image.open(io.BytesIO(data)).convert("RGB")
    expected = Image.open(path).convert("RGB")
    assert actual.size == expected.size, f"size {actual.size}, golden {expected.size}"
    mean, changed = difference(actual, expected)
    if not acceptable(mean, changed):
        out = tmp_path / f"{name}.actual.png"
        out.write_bytes(data)
        pytest.fail(
            f"{name} differs from {path}: mean difference {mean:.2f} levels, {changed} blocks of {BLOCK} px changed; "
            f"this rendering is at {out}"
        )


def test_the_comparison_notices_a_real_change() -> None:
    view = RULES.public_view(states.reveal_phase())
    plain = Image.open(io.BytesIO(render_board(view, width=WIDTH))).convert("RGB")
    recoloured = Image.open(io.BytesIO(render_board(view, width=WIDTH, colours={"panel": "#ffffff"}))).convert("RGB")
    assert not acceptable(*difference(plain, recoloured))
    assert difference(plain, plain) == (0.0, 0)


def test_the_comparison_notices_a_changed_word_but_not_a_shade() -> None:
    view = RULES.public_view(states.reveal_phase())
    plain = Image.open(io.BytesIO(render_board(view, width=WIDTH))).convert("RGB")
    renamed = render_board(view, width=WIDTH, labels={"phase.reveal_effects": "Traits revealed"})
    assert not acceptable(*difference(plain, Image.open(io.BytesIO(renamed)).convert("RGB")))
    shaded = render_board(view, width=WIDTH, colours={"panel": "#f2e9d6"})
    assert acceptable(*difference(plain, Image.open(io.BytesIO(shaded)).convert("RGB")))
