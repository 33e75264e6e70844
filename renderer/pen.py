"""Drawing in design units: one unit is one pixel of a board at its natural width, scaled to the width asked for.
Every ruleset's board draws with a :class:`Pen` and is encoded by :func:`png`."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderer import shapes, text
from renderer.text import FreeTypeFont
from renderer.theme import RGB

BLACK: RGB = (0, 0, 0)
#: Widths a caller may ask for, in pixels.
MIN_WIDTH, MAX_WIDTH = 200, 8000


class Pen:
    """Draws in design units on the scaled image."""

    def __init__(self, image: Image.Image, scale: float) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.k = scale

    def px(self, value: float) -> int:
        return round(value * self.k)

    def size(self, value: float) -> int:
        return max(1, round(value * self.k))

    def font(self, size: float, bold: bool = False) -> FreeTypeFont:
        return text.font(self.size(size), bold)

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

    def measure(self, value: str, face: FreeTypeFont) -> float:
        """Width of ``value`` in design units."""
        return text.width(value, face) / self.k

    def fit(
        self, value: str, max_width: float, size: float, min_size: float, bold: bool = False
    ) -> tuple[str, FreeTypeFont]:
        return text.fit(value, max_width * self.k, self.size(size), min_size=self.size(min_size), bold=bold)


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
