"""Comparing a drawn board with its stored golden image, within a tolerance, for every rule system's golden tests
(``tests/<ruleset>/ui/``).

Small differences are allowed (font rasterisation and palette choice vary a little between Pillow and FreeType
versions); a changed layout, colour or missing element is not. After a deliberate change of the look, regenerate
the stored images and look at them before committing, e.g.:

    RENDERER_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/north_star/ui/test_golden.py
"""

from __future__ import annotations

import os

from PIL import Image, ImageChops

REGENERATE = os.environ.get("RENDERER_REGENERATE_GOLDEN") == "1"
#: Mean absolute difference per channel over the whole image, in levels of 255: catches a changed colour (the
#: palette the PNG encoder picks moves many pixels by a level or two even for a tiny change, hence the margin).
MAX_MEAN_DIFFERENCE = 3.0
#: The images are compared in blocks of BLOCK x BLOCK pixels (averaged), so that anti-aliasing noise along glyph
#: edges evens out while a moved, missing or added element does not: at most MAX_CHANGED_BLOCKS blocks may differ
#: by more than BLOCK_LEVELS in some channel.
BLOCK = 4
BLOCK_LEVELS = 40
MAX_CHANGED_BLOCKS = 6


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
