"""Wrapped text that runs over the picture it is drawn on, for the tests that draw a board at many widths."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from renderer import text
from renderer.pen import Pen
from renderer.text import FreeTypeFont


def spy_overflows(monkeypatch: pytest.MonkeyPatch, *, cut_off: bool = False) -> list[str]:
    """From now on, note every block of wrapped lines (``Pen.lines``) that runs over the top, the bottom or the
    right edge of the image it is drawn on by more than a pixel (a trait's name on its card, say), and with
    ``cut_off`` every wrapped name that still ends in an ellipsis, as a description."""
    found: list[str] = []
    draw = Pen.lines

    def checked(
        pen: Pen, x: float, cy: float, lines: Iterable[str], face: FreeTypeFont, fill: Any, anchor: str = "lm"
    ) -> None:
        shown = list(lines)
        step = face.size * 1.12
        top = cy * pen.k - step * (len(shown) - 1) / 2 - face.size / 2
        bottom = cy * pen.k + step * (len(shown) - 1) / 2 + face.size / 2
        right = x * pen.k + max((face.getlength(line) for line in shown), default=0.0)
        height, width = pen.image.height, pen.image.width
        if top < -1 or bottom > height + 1 or (anchor == "lm" and right > width + 1):
            found.append(f"{shown} at {face.size} px in a {width}x{height} picture")
        if cut_off and len(shown) > 1 and shown[-1].endswith(text.ELLIPSIS):
            found.append(f"{shown} cut off")
        draw(pen, x, cy, shown, face, fill, anchor)

    monkeypatch.setattr(Pen, "lines", checked)
    return found
