"""The test game's board: a real PNG drawn with the shared pen (points as bars), to exercise the renderer's registry."""

from __future__ import annotations

from collections.abc import Mapping

from renderer.pen import Drawing, canvas, finish
from tests.toy.rules import ToyTable

#: Each player's row.
ROW = 70


def draw(
    view: ToyTable,
    *,
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
    colours: Mapping[str, str | tuple[int, int, int]] | None = None,
    reader: int | None = None,
) -> Drawing:
    pen = canvas(60 + ROW * len(view.players), width, (28, 54, 49))
    for index, player in enumerate(view.players):
        pen.rect(20, 40 + index * ROW, 40 + 60 * player.points, 40, (236, 188, 64), radius=6)
        pen.text(20, 20 + index * ROW, player.name, pen.font(14), (244, 236, 216))
    return finish(pen)
