"""Pieces every rule system's board draws alike: rounded labels ("pills"), parts drawn once and cached, a player's
panel with its seat's colour, the glow around the panel of the player whose move it is, and the results band at the
end of a game.

All lengths are design units of the board's :class:`~renderer.pen.Pen` (renderer.phone).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PIL import Image

from renderer import shapes
from renderer.labels import Labels
from renderer.pen import BLACK, Pen, Picture
from renderer.phone import DETAIL, GAP, LEGIBLE, MARGIN, WIDTH
from renderer.text import FreeTypeFont
from renderer.theme import RGB, light, mix
from rules_core.engine import Outcome, Standing

WHITE: RGB = (255, 255, 255)
#: A panel's corner radius, the seat's solid stripe down its left edge, the room inside a panel around its cards.
PANEL_RADIUS = 7.0
STRIPE = 3.5
PAD = 5.0

#: Cached parts of boards (tiles, trait cards) with the texts drawn on them, shared by all renderings and threads.
_PICTURES: OrderedDict[tuple[object, ...], Picture] = OrderedDict()
_PICTURES_LOCK = threading.Lock()
_PICTURES_MAX = 1024


def picture(
    pen: Pen, key: tuple[object, ...], w: float, h: float, background: RGB, paint: Callable[[Pen], None]
) -> Picture:
    """A part of a board drawn once per size, scale and content (``key`` says all three but the scale), and cached
    for later renderings with the texts drawn on it (``Pen.place`` puts it on the board)."""
    full_key = (*key, pen.k, pen.language)
    with _PICTURES_LOCK:
        cached = _PICTURES.get(full_key)
        if cached is not None:
            _PICTURES.move_to_end(full_key)
            return cached
    image = Image.new("RGB", (pen.size(w), pen.size(h)), background)
    painter = Pen(image, pen.k, pen.language)
    paint(painter)
    drawn = Picture(image, tuple(painter.lettering))
    with _PICTURES_LOCK:
        _PICTURES[full_key] = drawn
        while len(_PICTURES) > _PICTURES_MAX:
            _PICTURES.popitem(last=False)
    return drawn


def pill_fit(
    pen: Pen, label: str, *, size: float, min_size: float, icon: bool, max_width: float, bold: bool = True
) -> tuple[str, FreeTypeFont, float]:
    """The text, font and width a pill of ``label`` takes within ``max_width``."""
    h = size * 1.75
    icon_w = h * 0.62 if icon else 0.0
    shown, face = pen.fit(label, max_width - h * 0.9 - icon_w, size, min(size, min_size), bold=bold)
    return shown, face, pen.measure(shown, face) + h * 0.9 + icon_w


def pill(
    pen: Pen,
    x: float,
    cy: float,
    label: str,
    fill: RGB,
    ink: RGB,
    *,
    size: float = LEGIBLE,
    min_size: float = LEGIBLE,
    icon: Image.Image | None = None,
    max_width: float = 200,
    align: str = "left",
    bold: bool = True,
) -> float:
    """A rounded label; returns its width. ``align="right"`` puts its right edge at ``x``, ``"centre"`` its
    middle. Its text shrinks to ``min_size`` to fit ``max_width``, then is cut."""
    h = size * 1.75
    icon_w = h * 0.62 if icon is not None else 0.0
    shown, face, w = pill_fit(
        pen, label, size=size, min_size=min_size, icon=icon is not None, max_width=max_width, bold=bold
    )
    left = x - w if align == "right" else x - w / 2 if align == "centre" else x
    pen.rect(left, cy - h / 2, w, h, fill, h / 2)
    text_x = left + h * 0.45
    if icon is not None:
        pen.paste_centred(icon, text_x + icon_w * 0.42, cy)
        text_x += icon_w
    pen.text(text_x, cy, shown, face, ink, "lm")
    return w


def header_band(
    pen: Pen,
    colours: Mapping[str, RGB],
    *,
    height: float,
    title: str,
    heading: str,
    phase: str,
    room: float,
    heading_room: float,
    phase_room: float,
) -> tuple[float, float]:
    """A board's top band, as every board draws it: its colour and edge line, and at the top left the game's title in
    capitals, the heading under it (the round, turn or period) and the phase under that, fitted to their rooms.
    Where the heading and the phase end, for what a board puts beside them."""
    pen.rect(0, 0, WIDTH, height, colours["header"])
    pen.rect(0, height - 1.2, WIDTH, 1.2, colours["header.line"])
    x = MARGIN + 2
    shown, face = pen.fit(title.upper(), room, LEGIBLE, LEGIBLE, bold=True)
    pen.text(x, 14, shown, face, colours["header.muted"], "ls")
    shown, face = pen.fit(heading, heading_room, 19, 12, bold=True)
    pen.text(x, 35, shown, face, colours["header.text"], "ls")
    heading_end = x + pen.measure(shown, face)
    shown, face = pen.fit(phase, phase_room, 11, LEGIBLE)
    pen.text(x, 51, shown, face, colours["header.muted"], "ls")
    return heading_end, x + pen.measure(shown, face)


def number_disc(pen: Pen, x: float, y: float, diameter: float, number: int, fill: RGB, ink: RGB) -> None:
    """A species' or an animal's number, LEGIBLE on a disc centred on (x, y): the number its owner's name gives it for
    its whole life (docs/rulings.md, "Stable names"), which every log line and menu uses."""
    edge = mix(fill, BLACK, 0.35)
    pen.paste_centred(shapes.disc(pen.size(diameter), fill, edge, 0.1), x, y)
    pen.text(x, y, str(number), pen.font(LEGIBLE, bold=True), ink, "mm")


def content_left(x: float) -> float:
    """Where the cards inside a panel at ``x`` begin (whether or not it is lit up: a layout does not move)."""
    return x + 2 + STRIPE + PAD


def card_columns(w: float, narrowest: float, gap: float) -> tuple[float, int]:
    """The width of the cards in a panel ``w`` wide, as many to a line as fit at least ``narrowest`` wide, and how
    many that is."""
    content = w - 4 - STRIPE - 2 * PAD
    per_line = max(1, int((content + gap) // (narrowest + gap)))
    return (content - (per_line - 1) * gap) / per_line, per_line


def glow(pen: Pen, x: float, y: float, w: float, h: float, radius: float, colour: RGB) -> None:
    """A soft glow of ``colour`` around a rounded rectangle (the panel of the player to move)."""
    pen.shadow(x, y, w, h, radius, 6, 0.9, 0)
    x0, y0, x1, y1 = pen._box(0, 0, w, h)
    spread = pen.size(4)
    for dx, dy, mask in shapes.shadow_rim(x1 - x0, y1 - y0, pen.px(radius), spread, 1.0, 2):
        pen.image.paste(colour, (pen.px(x) - spread + dx, pen.px(y) - spread + dy), mask)


def panel(
    pen: Pen,
    colours: Mapping[str, RGB],
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    seat: RGB,
    active: bool,
    head: float,
) -> None:
    """A player's panel: lit up when the table waits for the player, the seat's colour solid down its left edge
    and as a tint behind the ``head`` units of its top (the name's band)."""
    c = colours
    if active:
        glow(pen, x, y, w, h, PANEL_RADIUS, c["active"])
    else:
        pen.shadow(x, y, w, h, PANEL_RADIUS, 4, 0.45, 1.5)
    edge = 2.0 if active else 0.6
    pen.rect(x, y, w, h, c["active"] if active else c["panel.edge"], PANEL_RADIUS)
    ix, iy, iw, ih, radius = x + edge, y + edge, w - 2 * edge, h - 2 * edge, PANEL_RADIUS - edge
    pen.rect(ix, iy, iw, ih, seat, radius)
    inside = ix + STRIPE
    pen.rect(inside, iy, iw - STRIPE, ih, c["panel"], radius)
    band = mix(seat, c["panel"], 0.78)
    band_h = head - edge
    pen.rect(inside, iy, iw - STRIPE, band_h, band, radius)
    pen.rect(inside, iy, radius, band_h, band)
    pen.rect(inside, iy + radius, iw - STRIPE, band_h - radius, band)
    pen.rect(inside, iy + band_h, iw - STRIPE, 0.8, mix(seat, c["panel"], 0.3))


#: A full panel's head (one line: the name, the hand, the status) and a compact one's (the status on a second line).
HEAD = 25.0
HEAD_COMPACT = 42.0


@dataclass(frozen=True, slots=True)
class Status:
    """What a player's panel says of them: a pill's words, colours and icon."""

    label: str
    fill: RGB
    ink: RGB
    icon: Image.Image | None = None


def standing_status(pen: Pen, colours: Mapping[str, RGB], t: Labels, outcome: Outcome, seat: int) -> Status:
    """A finished game's panel status: the player's rank and score, crowned for a winner."""
    standing = next(s for s in outcome.standings if s.seat == seat)
    label = f"{t('rank', rank=standing.rank)} · {t('score')} {standing.score}"
    if seat in outcome.winners:
        crown = shapes.crown(pen.size(9), WHITE, colours["winner.edge"])
        return Status(label, colours["winner"], colours["panel.text"], crown)
    return Status(label, mix(colours["status"], colours["panel"], 0.75), colours["panel.text"])


def done_status(pen: Pen, colours: Mapping[str, RGB], label: str) -> Status:
    """The status of a player who has done what the phase asks of them: a check mark."""
    done = shapes.check_mark(pen.size(7.5), colours["done"])
    return Status(label, mix(colours["done"], colours["panel"], 0.8), mix(colours["done"], BLACK, 0.3), done)


@dataclass(frozen=True, slots=True)
class Head:
    """A panel's head: the name, the first player's (or starting player's) token, the hand as a count beside a card
    stack, the status, and the words that may follow the name when there is room (\"First player\")."""

    name: str
    token: Image.Image | None
    hand: int | None
    stack: Image.Image | None
    status: Status | None
    marker: Status | None = None


def panel_head(
    pen: Pen, colours: Mapping[str, RGB], head: Head, left: float, top: float, right: float, *, compact: bool
) -> None:
    """A panel's head between ``left`` and ``right``: on one line, the token and the name on the left, the hand and
    the status on the right (the status gets the room the name does not need, down to a third of the line, the name
    what is left); a compact head puts the status on a second line. Every word is LEGIBLE (what a player needs to
    decide: renderer.phone)."""
    c = colours
    line_left, line_right = left, right
    cy = top + HEAD / 2
    if head.token is not None:
        pen.paste_centred(head.token, left + 6.5, cy)
        left += 15
    name_wanted = min(pen.measure(head.name, pen.font(12, bold=True)), 0.45 * (right - left))
    if head.hand is not None and head.stack is not None:
        hand_face = pen.font(10.5, bold=True)
        count = str(head.hand)
        pen.text(right, cy, count, hand_face, c["panel.text"], "rm")
        right -= pen.measure(count, hand_face) + 1.5
        stack_w = head.stack.width / pen.k
        pen.paste_centred(head.stack, right - stack_w / 2, cy)
        right -= stack_w + 5
    status = head.status
    if status is not None and not compact:
        room = max(0.34 * (right - left), right - left - name_wanted - 6)
        label, fill, ink = status.label, status.fill, status.ink
        right -= pill(pen, right, cy, label, fill, ink, icon=status.icon, max_width=room, align="right") + 5
    marker = head.marker
    marker_w = 0.0
    if marker is not None and not compact:
        _, _, wanted = pill_fit(pen, marker.label, size=LEGIBLE, min_size=LEGIBLE, icon=False, max_width=right - left)
        if right - left - name_wanted - 5 >= wanted:
            marker_w = wanted
    room = max(10.0, right - left - (marker_w + 5 if marker_w else 0))
    shown, face = pen.fit(head.name, room, 12, LEGIBLE, bold=True)
    pen.text(left, cy, shown, face, c["panel.text"], "lm")
    if marker is not None and marker_w:
        after = left + pen.measure(shown, face) + 5
        pill(pen, after, cy, marker.label, marker.fill, marker.ink, max_width=marker_w + 1)
    if status is not None and compact:
        label, fill, ink = status.label, status.fill, status.ink
        cy = top + (HEAD + HEAD_COMPACT) / 2 - 1
        pill(pen, line_left, cy, label, fill, ink, icon=status.icon, max_width=line_right - line_left)


# The results band at the end of a game.

#: The title's band is tall enough for the winner's ribbon, which rises above its card, to clear the title.
RESULTS_TITLE = 24.0
RESULT_CARD_H = 68.0
RESULT_GAP = 5.0
_RESULT_CARD_MIN = {False: 118.0, True: 88.0}
_MEDALS: dict[int, RGB] = {1: (236, 188, 64), 2: (178, 186, 196), 3: (196, 132, 78)}


def result_rows(width: float, margin: float, count: int, crowded: bool) -> int:
    """How many rows of result cards ``count`` standings take on a board ``width`` wide."""
    per_row = max(1, count)
    while per_row > 1 and (width - 2 * margin - (per_row - 1) * RESULT_GAP) / per_row < _RESULT_CARD_MIN[crowded]:
        per_row -= 1
    return math.ceil(count / per_row) if count else 0


def results_band(outcome: Outcome | None, crowded: bool) -> float:
    """The height the results band takes on a board, its title and cards and the gap below them (none before the
    game is over)."""
    if outcome is None:
        return 0.0
    rows = result_rows(WIDTH, MARGIN, len(outcome.standings), crowded)
    return RESULTS_TITLE + rows * (RESULT_CARD_H + RESULT_GAP) - RESULT_GAP + GAP


class Results:
    """The results band: a card per standing, best first, with its rank, score, the score's parts (labels
    ``score.<part>``), the tie-break values where scores tie (``tiebreak.<index>``, or ``tiebreak(index)`` where a
    rule system's options change what they are) and the winner's ribbon. On a crowded board the score's parts and
    the tie-break values are fine print.

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
        crowded: bool,
        tiebreak: Callable[[int], str] | None = None,
    ) -> None:
        self.pen = pen
        self.c = colours
        self.t = labels
        self.name = name
        self.colour = colour
        self.crowded = crowded
        self.fine = DETAIL if crowded else LEGIBLE
        self.tiebreak = tiebreak or (lambda index: labels(f"tiebreak.{index}"))

    def draw(self, outcome: Outcome, *, top: float, width: float, margin: float) -> None:
        pen, c, t = self.pen, self.c, self.t
        label, face = pen.fit(t("results"), width / 2, 11, LEGIBLE, bold=True)
        pen.text(margin + 2, top + 12, label, face, c["header.text"], "ls")
        count = len(outcome.standings)
        rows = result_rows(width, margin, count, self.crowded)
        per_row = math.ceil(count / rows) if rows else 1
        card_w = (width - 2 * margin - (per_row - 1) * RESULT_GAP) / max(1, per_row)
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
        pen.shadow(x, y, w, h, 6, 3, 0.35, 1.2)
        if winner:
            pen.framed(x, y, w, h, c["panel"], c["winner"], 1.8, 6)
        else:
            pen.framed(x, y, w, h, c["panel"], c["panel.edge"], 0.6, 6)
        pen.rect(x + 1.8, y + 5, 3, h - 10, colour, 1.5)
        medal = _MEDALS.get(standing.rank, mix(c["panel.muted"], c["panel"], 0.3))
        # Low enough that a name on two lines clears the winner's ribbon across the card's top edge.
        cy = y + 19
        pen.paste_centred(shapes.disc(pen.size(17), medal, mix(medal, BLACK, 0.3), 0.08), x + 15, cy)
        shown, face = pen.fit(str(standing.rank), 14, LEGIBLE, LEGIBLE, bold=True)
        pen.text(x + 15, cy, shown, face, c["panel.text"] if light(medal) else WHITE, "mm")
        score_face = pen.font(15, bold=True)
        score_text = str(standing.score)
        score_w = pen.measure(score_text, score_face)
        pen.text(x + w - 6, cy, score_text, score_face, c["panel.text"], "rm")
        room = w - 27 - score_w - 8
        lines, face = pen.wrap(self.name(standing.seat), room, 10, LEGIBLE, 2, bold=True)
        pen.lines(x + 27, cy, lines, face, c["panel.text"])
        if winner:
            # A ribbon across the top edge of the card.
            caption = t("shared_win" if shared else "winner")
            crown = shapes.crown(pen.size(8), WHITE, c["winner.edge"])
            pill(pen, x + w / 2, y - 1, caption, c["winner.edge"], WHITE, icon=crown, max_width=w - 12, align="centre")
        pen.rect(x + 7, y + 34, w - 14, 0.7, c["panel.edge"])
        cells = [(t(f"score.{key}"), value) for key, value in standing.details]
        cell_w = (w - 10) / max(1, len(cells))
        with pen.fine_print(self.crowded):
            for index, (caption, value) in enumerate(cells):
                cx = x + 5 + cell_w * (index + 0.5)
                pen.text(cx, y + 42, str(value), pen.font(max(self.fine, 9.5), bold=True), c["panel.text"], "mm")
                shown, face = pen.fit(caption, cell_w - 2, self.fine, self.fine)
                pen.text(cx, y + 52, shown, face, c["panel.muted"], "mm")
            if tied and standing.tiebreaks:
                values = " · ".join(f"{self.tiebreak(i)} {v}" for i, v in enumerate(standing.tiebreaks))
                line = f"{t('tiebreak')}: {values}"
                # Where the whole line does not fit (long words, a narrow card), the values without their title.
                if pen.measure(line, pen.font(self.fine, bold=True)) > w - 8:
                    line = values
                shown, face = pen.fit(line, w - 8, self.fine, self.fine, bold=True)
                ink = c["winner.edge"] if winner else c["panel.muted"]
                pen.text(x + w / 2, y + 62, shown, face, ink, "mm")
