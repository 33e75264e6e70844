"""Pieces every rule system's board draws alike: rounded labels ("pills"), parts drawn once and cached, one text
size for the trait cards, the players' panels in rows, the glow around the panel of the player whose move it is,
and the results band at the end of a game.

All lengths are design units of the board's :class:`~renderer.pen.Pen`.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from PIL import Image

from renderer import shapes, text
from renderer.labels import Labels
from renderer.pen import BLACK, Pen
from renderer.text import FreeTypeFont
from renderer.theme import RGB, mix
from rules_core.engine import Outcome, Standing

WHITE: RGB = (255, 255, 255)

#: Cached parts of boards (tiles, trait cards), shared by all renderings and threads.
_PICTURES: OrderedDict[tuple[object, ...], Image.Image] = OrderedDict()
_PICTURES_LOCK = threading.Lock()
_PICTURES_MAX = 1024


def picture(
    pen: Pen, key: tuple[object, ...], w: float, h: float, background: RGB, paint: Callable[[Pen], None]
) -> Image.Image:
    """A part of a board drawn once per size, scale and content (``key`` says all three but the scale), and cached
    for later renderings."""
    full_key = (*key, pen.k)
    with _PICTURES_LOCK:
        cached = _PICTURES.get(full_key)
        if cached is not None:
            _PICTURES.move_to_end(full_key)
            return cached
    image = Image.new("RGB", (pen.size(w), pen.size(h)), background)
    paint(Pen(image, pen.k))
    with _PICTURES_LOCK:
        _PICTURES[full_key] = image
        while len(_PICTURES) > _PICTURES_MAX:
            _PICTURES.popitem(last=False)
    return image


def pill_fit(
    pen: Pen, label: str, *, size: float, icon: bool, max_width: float, bold: bool = True
) -> tuple[str, FreeTypeFont, float]:
    """The text, font and width a pill of ``label`` takes within ``max_width``."""
    h = size * 1.75
    icon_w = h * 0.62 if icon else 0.0
    shown, face = pen.fit(label, max_width - h * 0.9 - icon_w, size, size * 0.72, bold=bold)
    return shown, face, pen.measure(shown, face) + h * 0.9 + icon_w


def pill(
    pen: Pen,
    x: float,
    cy: float,
    label: str,
    fill: RGB,
    ink: RGB,
    *,
    size: float = 17,
    icon: Image.Image | None = None,
    max_width: float = 400,
    align: str = "left",
    bold: bool = True,
) -> float:
    """A rounded label; returns its width. ``align="right"`` puts its right edge at ``x``, ``"centre"`` its
    middle."""
    h = size * 1.75
    icon_w = h * 0.62 if icon is not None else 0.0
    shown, face, w = pill_fit(pen, label, size=size, icon=icon is not None, max_width=max_width, bold=bold)
    left = x - w if align == "right" else x - w / 2 if align == "centre" else x
    pen.rect(left, cy - h / 2, w, h, fill, h / 2)
    text_x = left + h * 0.45
    if icon is not None:
        pen.paste_centred(icon, text_x + icon_w * 0.42, cy)
        text_x += icon_w
    pen.text(text_x, cy, shown, face, ink, "lm")
    return w


def shared_text_size(pen: Pen, names: Iterable[str], room: float, *, size: float, min_size: float) -> int:
    """One text size (in pixels) for every name of a kind on a board (the traits on their cards): the largest at
    which each of ``names`` fits ``room`` pixels in at most two bold lines, so that the cards read alike; ``size``
    when there are none."""
    sizes = [
        round(text.wrap(name, room, pen.size(size), min_size=pen.size(min_size), max_lines=2, bold=True)[1].size)
        for name in names
    ]
    return min(sizes, default=pen.size(size))


def panel_grid(
    row_heights: Sequence[float], columns: int, count: int, *, top: float, margin: float, panel_w: float, gap: float
) -> Iterator[tuple[int, float, float, float]]:
    """Where each of ``count`` players' panels goes, in table order, ``columns`` to a row: (index, x, y, the row's
    height)."""
    for row, row_h in enumerate(row_heights):
        for column in range(columns):
            index = row * columns + column
            if index >= count:
                break
            yield index, margin + column * (panel_w + gap), top, row_h
        top += row_h + gap


def glow(pen: Pen, x: float, y: float, w: float, h: float, radius: float, colour: RGB) -> None:
    """A soft glow of ``colour`` around a rounded rectangle (the panel of the player to move)."""
    pen.shadow(x, y, w, h, radius, 14, 0.9, 0)
    x0, y0, x1, y1 = pen._box(0, 0, w, h)
    spread = pen.size(10)
    for dx, dy, mask in shapes.shadow_rim(x1 - x0, y1 - y0, pen.px(radius), spread, 1.0, 2):
        pen.image.paste(colour, (pen.px(x) - spread + dx, pen.px(y) - spread + dy), mask)


# The results band at the end of a game.

RESULTS_TITLE = 40
RESULT_CARD_H = 130
RESULT_CARD_MAX = 300
RESULT_CARD_MIN = 200
RESULT_GAP = 12
_MEDALS: dict[int, RGB] = {1: (236, 188, 64), 2: (178, 186, 196), 3: (196, 132, 78)}


def result_rows(width: float, margin: float, count: int) -> int:
    """How many rows of result cards ``count`` standings take on a board ``width`` wide."""
    per_row = count
    while per_row > 1 and (width - 2 * margin - (per_row - 1) * RESULT_GAP) / per_row < RESULT_CARD_MIN:
        per_row -= 1
    return math.ceil(count / per_row) if count else 0


def results_height(width: float, margin: float, count: int) -> float:
    """The height of the results band's title and cards (without the gap below it)."""
    rows = result_rows(width, margin, count)
    return RESULTS_TITLE + rows * (RESULT_CARD_H + RESULT_GAP) - RESULT_GAP


class Results:
    """The results band: a card per standing, best first, with its rank, score, the score's parts (labels
    ``score.<part>``), the tie-break values where scores tie (``tiebreak.<index>``, or ``tiebreak(index)`` where a
    rule system's options change what they are) and the winner's ribbon.

    ``name`` and ``colour`` give a seat's name and colour; colours used: ``panel``, ``panel.edge``, ``panel.text``,
    ``panel.muted``, ``header.text``, ``winner``, ``winner.edge``.
    """

    def __init__(
        self,
        pen: Pen,
        colours: Mapping[str, RGB],
        labels: Labels,
        *,
        name: Callable[[int], str],
        colour: Callable[[int], RGB],
        tiebreak: Callable[[int], str] | None = None,
    ) -> None:
        self.pen = pen
        self.c = colours
        self.t = labels
        self.name = name
        self.colour = colour
        self.tiebreak = tiebreak or (lambda index: labels(f"tiebreak.{index}"))

    def draw(self, outcome: Outcome, *, top: float, width: float, margin: float) -> None:
        pen, c, t = self.pen, self.c, self.t
        label, face = pen.fit(t("results"), width / 2, 24, 16, bold=True)
        pen.text(margin + 4, top + 26, label, face, c["header.text"], "ls")
        count = len(outcome.standings)
        rows = result_rows(width, margin, count)
        per_row = math.ceil(count / rows) if rows else 1
        card_w = min(RESULT_CARD_MAX, (width - 2 * margin - (per_row - 1) * RESULT_GAP) / max(1, per_row))
        shared = len(outcome.winners) > 1
        scores = [s.score for s in outcome.standings]
        for index, standing in enumerate(outcome.standings):
            row, column = divmod(index, per_row)
            x = margin + column * (card_w + RESULT_GAP)
            y = top + RESULTS_TITLE + row * (RESULT_CARD_H + RESULT_GAP)
            tied = scores.count(standing.score) > 1
            self.card(x, y, card_w, standing, standing.seat in outcome.winners, shared, tied)

    def card(self, x: float, y: float, w: float, standing: Standing, winner: bool, shared: bool, tied: bool) -> None:
        pen, c, t = self.pen, self.c, self.t
        h = RESULT_CARD_H
        colour = self.colour(standing.seat)
        pen.shadow(x, y, w, h, 14, 8, 0.35, 3)
        if winner:
            pen.framed(x, y, w, h, c["panel"], c["winner"], 4, 14)
        else:
            pen.framed(x, y, w, h, c["panel"], c["panel.edge"], 1.5, 14)
        pen.rect(x + 4, y + 12, 6, h - 24, colour, 3)
        medal = _MEDALS.get(standing.rank, mix(c["panel.muted"], c["panel"], 0.3))
        pen.paste_centred(shapes.disc(pen.size(36), medal, mix(medal, BLACK, 0.3), 0.08), x + 34, y + 30)
        shown, face = pen.fit(str(standing.rank), 28, 19, 10, bold=True)
        pen.text(x + 34, y + 30, shown, face, WHITE if standing.rank <= 3 else c["panel.text"], "mm")
        score_face = pen.font(34, bold=True)
        score_text = str(standing.score)
        score_w = pen.measure(score_text, score_face)
        pen.text(x + w - 14, y + 30, score_text, score_face, c["panel.text"], "rm")
        room = (w - 60 - score_w - 22) * pen.k
        lines, face = text.wrap(
            self.name(standing.seat), room, pen.size(20), min_size=pen.size(12), max_lines=2, bold=True
        )
        line_h = face.size * 1.15 / pen.k
        top = y + 30 - line_h * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            pen.text(x + 60, top + index * line_h, line, face, c["panel.text"], "lm")
        if winner:
            # A ribbon across the top edge of the card.
            caption = t("shared_win" if shared else "winner")
            crown = shapes.crown(pen.size(16), WHITE, c["winner.edge"])
            pill(
                pen,
                x + w / 2,
                y,
                caption,
                c["winner.edge"],
                WHITE,
                size=12,
                icon=crown,
                max_width=w - 40,
                align="centre",
            )
        pen.rect(x + 16, y + 60, w - 32, 1.5, c["panel.edge"])
        cells = [(t(f"score.{key}"), value) for key, value in standing.details]
        cell_w = (w - 28) / max(1, len(cells))
        for index, (caption, value) in enumerate(cells):
            cx = x + 14 + cell_w * (index + 0.5)
            pen.text(cx, y + 78, str(value), pen.font(20, bold=True), c["panel.text"], "mm")
            shown, face = pen.fit(caption, cell_w - 4, 12, 8)
            pen.text(cx, y + 96, shown, face, c["panel.muted"], "mm")
        if tied and standing.tiebreaks:
            parts = [f"{self.tiebreak(i)} {v}" for i, v in enumerate(standing.tiebreaks)]
            line = f"{t('tiebreak')}: " + " · ".join(parts)
            shown, face = pen.fit(line, w - 24, 12, 8, bold=True)
            pen.text(x + w / 2, y + 116, shown, face, c["winner.edge"] if winner else c["panel.muted"], "mm")
