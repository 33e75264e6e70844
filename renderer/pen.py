"""Drawing in design units (renderer.phone): one unit is one pixel of a board shown at a phone's width, scaled to
the image's width. Every ruleset's board draws with a :class:`Pen`, which notes each text it draws and its size
(what a phone shows legibly: tests/renderer/test_phone.py), and is finished into a :class:`Drawing`.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from renderer import shapes, text
from renderer.phone import NATURAL_WIDTH, PHONE_WIDTH, SCALE, WIDTH
from renderer.text import FreeTypeFont
from renderer.theme import RGB

BLACK: RGB = (0, 0, 0)
#: Widths a caller may ask for, in pixels.
MIN_WIDTH, MAX_WIDTH = 200, 8000


@dataclass(frozen=True, slots=True)
class Lettering:
    """A text as drawn: its words, its font size in pixels of the image, whether it is among what a player needs
    to decide (else fine print: renderer.phone), and where it was drawn (its anchor, in design units)."""

    text: str
    size: int
    essential: bool
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Picture:
    """A part of a board drawn apart (and cached) and the texts on it, placed with :meth:`Pen.place`."""

    image: Image.Image
    lettering: tuple[Lettering, ...]


@dataclass(frozen=True, slots=True)
class Drawing:
    """A board drawn: the PNG, its size, and every text on it."""

    png: bytes
    width: int
    height: int
    lettering: tuple[Lettering, ...]

    def smallest(self, *, essential: bool = False) -> float:
        """The smallest text's size in pixels when the image is shown PHONE_WIDTH wide (only among the essential
        texts, if asked)."""
        sizes = [item.size for item in self.lettering if item.essential or not essential]
        return min(sizes, default=0) * PHONE_WIDTH / self.width


class Pen:
    """Draws in design units on the scaled image, noting every text it draws."""

    def __init__(self, image: Image.Image, scale: float, language: str = "") -> None:
        self.image = image
        #: The reader's language, whose hyphenation breaks a word too long for its line ("" for none).
        self.language = language
        self.draw = ImageDraw.Draw(image)
        self.k = scale
        self.lettering: list[Lettering] = []
        self.essential = True

    @contextmanager
    def fine_print(self, when: bool = True) -> Iterator[None]:
        """The texts drawn inside the block are fine print (renderer.phone: a crowded board's compact panels), if
        ``when``."""
        before, self.essential = self.essential, self.essential and not when
        try:
            yield
        finally:
            self.essential = before

    def place(self, picture: Picture, x: float, y: float) -> None:
        """``picture`` with its top left corner at (x, y), its texts noted there (fine print if the pen is)."""
        self.paste(picture.image, x, y)
        for item in picture.lettering:
            essential = item.essential and self.essential
            self.lettering.append(Lettering(item.text, item.size, essential, item.x + x, item.y + y))

    def px(self, value: float) -> int:
        return round(value * self.k)

    def size(self, value: float) -> int:
        return max(1, round(value * self.k))

    def text_size(self, value: float) -> int:
        """A text size in pixels: rounded up, so that no text is drawn smaller than designed."""
        return max(1, math.ceil(value * self.k - 1e-9))

    def font(self, size: float, bold: bool = False) -> FreeTypeFont:
        return text.font(self.text_size(size), bold)

    def _box(self, x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        x0, y0 = self.px(x), self.px(y)
        return x0, y0, max(x0 + 1, self.px(x + w)), max(y0 + 1, self.px(y + h))

    def rect(self, x: float, y: float, w: float, h: float, fill: RGB, radius: float = 0) -> None:
        x0, y0, x1, y1 = self._box(x, y, w, h)
        if radius <= 0:
            self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill)
            return
        r = min(self.px(radius), (x1 - x0) // 2, (y1 - y0) // 2)
        if r <= 0:
            self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill)
            return
        # Two plain rectangles and four anti-aliased corners: far cheaper than pasting through a full mask.
        if x1 - x0 > 2 * r:
            self.draw.rectangle((x0 + r, y0, x1 - r - 1, y1 - 1), fill=fill)
        if y1 - y0 > 2 * r:
            self.draw.rectangle((x0, y0 + r, x1 - 1, y1 - r - 1), fill=fill)
        top_left, top_right, bottom_left, bottom_right = shapes.corner_masks(r)
        self.image.paste(fill, (x0, y0, x0 + r, y0 + r), top_left)
        self.image.paste(fill, (x1 - r, y0, x1, y0 + r), top_right)
        self.image.paste(fill, (x0, y1 - r, x0 + r, y1), bottom_left)
        self.image.paste(fill, (x1 - r, y1 - r, x1, y1), bottom_right)

    def framed(self, x: float, y: float, w: float, h: float, fill: RGB, edge: RGB, line: float, radius: float) -> None:
        """A rounded rectangle with an edge ``line`` units wide."""
        self.rect(x, y, w, h, edge, radius)
        self.rect(x + line, y + line, w - 2 * line, h - 2 * line, fill, max(0.0, radius - line))

    def shadow(
        self, x: float, y: float, w: float, h: float, radius: float, blur: float, opacity: float, drop: float
    ) -> None:
        x0, y0, x1, y1 = self._box(x, y + drop, w, h)
        spread = self.size(blur)
        pieces = shapes.shadow_rim(
            x1 - x0, y1 - y0, min(self.px(radius), (x1 - x0) // 2, (y1 - y0) // 2), spread, opacity, self.size(drop) + 2
        )
        for dx, dy, mask in pieces:
            self.image.paste(BLACK, (x0 - spread + dx, y0 - spread + dy), mask)

    def paste(self, picture: Image.Image, x: float, y: float) -> None:
        """``picture`` with its top left corner at (x, y), through its alpha channel if it has one."""
        self.image.paste(picture, (self.px(x), self.px(y)), picture if picture.mode == "RGBA" else None)

    def paste_centred(self, picture: Image.Image, cx: float, cy: float) -> None:
        self.image.paste(picture, (self.px(cx) - picture.width // 2, self.px(cy) - picture.height // 2), picture)

    def text(self, x: float, y: float, value: str, face: FreeTypeFont, fill: RGB, anchor: str = "la") -> None:
        if value:
            self.draw.text((self.px(x), self.px(y)), value, font=face, fill=fill, anchor=anchor)
            self.lettering.append(Lettering(value, round(face.size), self.essential, x, y))

    def measure(self, value: str, face: FreeTypeFont) -> float:
        """Width of ``value`` in design units."""
        return text.width(value, face) / self.k

    def fit(
        self, value: str, max_width: float, size: float, min_size: float, bold: bool = False
    ) -> tuple[str, FreeTypeFont]:
        """``value`` in the largest font from ``size`` down to ``min_size`` that fits ``max_width`` (at the
        smallest, cut with an ellipsis)."""
        return text.fit(value, max_width * self.k, self.text_size(size), min_size=self.text_size(min_size), bold=bold)

    def wrap(
        self, value: str, max_width: float, size: float, min_size: float, max_lines: int, bold: bool = False
    ) -> tuple[tuple[str, ...], FreeTypeFont]:
        """``value`` in at most ``max_lines`` lines of ``max_width`` (renderer.text.wrap)."""
        return text.wrap(
            value,
            max_width * self.k,
            self.text_size(size),
            min_size=self.text_size(min_size),
            max_lines=max_lines,
            bold=bold,
            language=self.language,
        )

    def lines(
        self, x: float, cy: float, lines: Iterable[str], face: FreeTypeFont, fill: RGB, anchor: str = "lm"
    ) -> None:
        """Wrapped lines, centred as a block on ``cy``."""
        shown = list(lines)
        step = face.size * 1.12 / self.k
        top = cy - step * (len(shown) - 1) / 2
        for index, line in enumerate(shown):
            self.text(x, top + index * step, line, face, fill, anchor)


def check_width(width: int | None) -> None:
    if width is not None and not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be between {MIN_WIDTH} and {MAX_WIDTH} pixels, not {width}")


def png(image: Image.Image) -> bytes:
    """``image`` as PNG bytes. A flat-coloured board needs no more than a 256-colour palette: a third of the bytes,
    and quicker to encode. The palette is chosen on a half-size copy (every flat colour is there) and mapped onto
    the full image."""
    out = io.BytesIO()
    palette_image = image.reduce(2).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    image.quantize(palette=palette_image, dither=Image.Dither.NONE).save(out, format="PNG", compress_level=6)
    return out.getvalue()


def finish(pen: Pen) -> Drawing:
    """The pen's image as a :class:`Drawing`."""
    return Drawing(png(pen.image), pen.image.width, pen.image.height, tuple(pen.lettering))


@cache
def measurer(language: str = "") -> Pen:
    """A pen that only measures, at the natural scale: a board's layout is the same at every width asked for (and
    breaks words as the board's ``language`` hyphenates them, as the drawing will)."""
    return Pen(Image.new("RGB", (1, 1)), SCALE, language)


def canvas(height: float, width: int | None, background: RGB, language: str = "") -> Pen:
    """A pen on a new image for a board ``height`` design units tall: NATURAL_WIDTH pixels wide, or ``width``."""
    check_width(width)
    pixels = NATURAL_WIDTH if width is None else width
    scale = pixels / WIDTH
    return Pen(Image.new("RGB", (pixels, max(1, math.ceil(height * scale - 1e-9))), background), scale, language)
