"""Small pictures drawn as shapes, for every ruleset's board: tokens, card backs, crowns, rounded-corner masks.

Pillow draws shapes without anti-aliasing, so each picture is drawn four times larger and reduced, then cached by
size and colour: a board pastes the same few dozen pictures many times and draws each of them once.
Coordinates inside a picture are fractions of its width and height.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]
Point = tuple[float, float]

_SUPERSAMPLE = 4
WHITE: RGB = (255, 255, 255)


class Sketch:
    """Draws in fractions of a picture's size on a supersampled RGBA canvas."""

    def __init__(self, width: int, height: int) -> None:
        self.w = width * _SUPERSAMPLE
        self.h = height * _SUPERSAMPLE
        self.image = Image.new("RGBA", (self.w, self.h), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)

    def p(self, x: float, y: float) -> tuple[float, float]:
        return x * self.w, y * self.h

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return x0 * self.w, y0 * self.h, x1 * self.w, y1 * self.h

    def stroke(self, fraction: float) -> int:
        return max(1, round(fraction * min(self.w, self.h)))

    def ellipse(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: RGB | None,
        *,
        outline: RGB | None = None,
        width: float = 0.0,
    ) -> None:
        self.draw.ellipse(
            self.box(x0, y0, x1, y1), fill=fill, outline=outline, width=self.stroke(width) if outline else 0
        )

    def polygon(self, points: list[Point], fill: RGB) -> None:
        self.draw.polygon([self.p(x, y) for x, y in points], fill=fill)

    def rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: RGB | None,
        *,
        radius: float = 0.0,
        outline: RGB | None = None,
        width: float = 0.0,
    ) -> None:
        self.draw.rounded_rectangle(
            self.box(x0, y0, x1, y1),
            radius=radius * min(self.w, self.h),
            fill=fill,
            outline=outline,
            width=self.stroke(width) if outline else 0,
        )

    def line(self, points: list[Point], fill: RGB, width: float) -> None:
        self.draw.line([self.p(x, y) for x, y in points], fill=fill, width=self.stroke(width), joint="curve")

    def arc(
        self, x0: float, y0: float, x1: float, y1: float, start: float, end: float, fill: RGB, width: float
    ) -> None:
        self.draw.arc(self.box(x0, y0, x1, y1), start, end, fill=fill, width=self.stroke(width))

    def done(self) -> Image.Image:
        return self.image.reduce(_SUPERSAMPLE)


def star(cx: float, cy: float, outer: float, inner: float, points: int = 5, turn: float = -90.0) -> list[Point]:
    result: list[Point] = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180.0 / points)
        result.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return result


def lens(a: Point, b: Point, bulge: float, steps: int = 14) -> list[Point]:
    (ax, ay), (bx, by) = a, b
    nx, ny = -(by - ay), bx - ax
    length = math.hypot(nx, ny)
    nx, ny = nx / length, ny / length
    side: list[Point] = []
    other: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        offset = bulge * math.sin(math.pi * t)
        side.append((x + nx * offset, y + ny * offset))
        other.append((x - nx * offset, y - ny * offset))
    return side + other[::-1]


@lru_cache(maxsize=256)
def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """An anti-aliased ``L`` mask of a rounded rectangle."""
    scale = _SUPERSAMPLE
    mask = Image.new("L", (width * scale, height * scale), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, width * scale - 1, height * scale - 1), radius=radius * scale, fill=255
    )
    return mask.reduce(scale)


@lru_cache(maxsize=256)
def corner_masks(radius: int) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """The four anti-aliased corners (top left, top right, bottom left, bottom right) of a rounded rectangle."""
    whole = rounded_mask(2 * radius + 2, 2 * radius + 2, radius)
    far = radius + 2
    return (
        whole.crop((0, 0, radius, radius)),
        whole.crop((far, 0, far + radius, radius)),
        whole.crop((0, far, radius, far + radius)),
        whole.crop((far, far, far + radius, far + radius)),
    )


@lru_cache(maxsize=64)
def shadow_mask(width: int, height: int, radius: int, blur: int, opacity: float) -> Image.Image:
    """A soft shadow for a rounded rectangle, ``blur`` pixels wider on every side."""
    from PIL import ImageFilter

    mask = Image.new("L", (width + 2 * blur, height + 2 * blur), 0)
    inner = rounded_mask(width, height, radius).point(lambda v: round(v * opacity))
    mask.paste(inner, (blur, blur))
    return mask.filter(ImageFilter.GaussianBlur(max(1, blur // 2)))


def _stretched(small: Image.Image, width: int, height: int) -> Image.Image:
    """``small`` (a square mask whose middle row and column are straight edges) stretched to ``width`` x
    ``height`` by repeating its middle row and column: its corners stay as they are."""
    half = small.width // 2
    out = Image.new("L", (width, height), small.getpixel((half, half)))
    far_x, far_y = width - half, height - half
    for (x0, y0, x1, y1), (dx, dy) in (
        ((0, 0, half, half), (0, 0)),
        ((small.width - half, 0, small.width, half), (far_x, 0)),
        ((0, small.height - half, half, small.height), (0, far_y)),
        ((small.width - half, small.height - half, small.width, small.height), (far_x, far_y)),
    ):
        out.paste(small.crop((x0, y0, x1, y1)), (dx, dy))
    if far_x > half:
        top = small.crop((half, 0, half + 1, half)).resize((far_x - half, half), Image.Resampling.NEAREST)
        bottom = small.crop((half, small.height - half, half + 1, small.height))
        out.paste(top, (half, 0))
        out.paste(bottom.resize((far_x - half, half), Image.Resampling.NEAREST), (half, far_y))
    if far_y > half:
        left = small.crop((0, half, half, half + 1)).resize((half, far_y - half), Image.Resampling.NEAREST)
        right = small.crop((small.width - half, half, small.width, half + 1))
        out.paste(left, (0, half))
        out.paste(right.resize((half, far_y - half), Image.Resampling.NEAREST), (far_x, half))
    return out


@lru_cache(maxsize=64)
def shadow_rim(
    width: int, height: int, radius: int, blur: int, opacity: float, covered: int
) -> tuple[tuple[int, int, Image.Image], ...]:
    """The shadow of :func:`shadow_mask` as four strips around its middle, for a shape that will cover the
    middle anyway (inset ``covered`` pixels from the shape's edge): pasting strips is much cheaper than pasting
    the whole shadow. Each piece is (x offset, y offset, mask). A large shape's shadow is a small one's stretched
    (the blur, the costly part, reaches only so far from a corner)."""
    core = 2 * (max(radius, covered) + 2 * blur) + 2
    if width <= core or height <= core:
        mask = shadow_mask(width, height, radius, blur, opacity)
    else:
        mask = _stretched(shadow_mask(core, core, radius, blur, opacity), width + 2 * blur, height + 2 * blur)
    full_w, full_h = mask.size
    edge = min(blur + max(radius, covered), full_w // 2, full_h // 2)
    pieces = [
        (0, 0, (0, 0, full_w, edge)),
        (0, full_h - edge, (0, full_h - edge, full_w, full_h)),
        (0, edge, (0, edge, edge, full_h - edge)),
        (full_w - edge, edge, (full_w - edge, edge, full_w, full_h - edge)),
    ]
    return tuple((x, y, mask.crop(box)) for x, y, box in pieces if box[2] > box[0] and box[3] > box[1])


@lru_cache(maxsize=128)
def disc(size: int, fill: RGB, outline: RGB | None = None, ring: float = 0.0) -> Image.Image:
    """A filled circle, optionally with a ring ``ring`` (fraction of the size) wide."""
    s = Sketch(size, size)
    if outline is not None and ring > 0:
        s.ellipse(0.0, 0.0, 1.0, 1.0, outline)
        s.ellipse(ring, ring, 1.0 - ring, 1.0 - ring, fill)
    else:
        s.ellipse(0.0, 0.0, 1.0, 1.0, fill)
    return s.done()


@lru_cache(maxsize=64)
def ring(size: int, colour: RGB, width: float) -> Image.Image:
    """An empty circle: a food token's place not yet filled."""
    s = Sketch(size, size)
    half = width / 2
    s.ellipse(half, half, 1.0 - half, 1.0 - half, None, outline=colour, width=width)
    return s.done()


@lru_cache(maxsize=64)
def food_token(size: int, fill: RGB, edge: RGB, shine: RGB) -> Image.Image:
    """A food token: a disc with a darker rim and a highlight."""
    s = Sketch(size, size)
    s.ellipse(0.0, 0.0, 1.0, 1.0, edge)
    s.ellipse(0.1, 0.1, 0.9, 0.9, fill)
    s.ellipse(0.26, 0.2, 0.52, 0.42, shine)
    return s.done()


@lru_cache(maxsize=64)
def fat_token(size: int, fill: RGB, edge: RGB, empty: bool) -> Image.Image:
    """A fat token, a droplet: filled when fat is stored, only its outline for room to store more."""
    s = Sketch(size, size)
    s.ellipse(0.2, 0.36, 0.8, 0.96, edge)
    s.polygon([(0.5, 0.04), (0.78, 0.46), (0.22, 0.46)], edge)
    inner = Sketch(size, size)
    inner.ellipse(0.29, 0.45, 0.71, 0.87, fill)
    inner.polygon([(0.5, 0.2), (0.68, 0.5), (0.32, 0.5)], fill)
    if empty:
        hole = inner.image.getchannel("A")
        outline = s.image.getchannel("A")
        s.image.putalpha(Image.composite(Image.new("L", hole.size, 0), outline, hole))
    else:
        s.image.alpha_composite(inner.image)
    return s.done()


@lru_cache(maxsize=32)
def card_back(width: int, height: int, fill: RGB, edge: RGB, emblem: RGB) -> Image.Image:
    """The back of a trait card: a dark card with the North Star."""
    s = Sketch(width, height)
    s.rect(0.0, 0.0, 1.0, 1.0, edge, radius=0.18)
    s.rect(0.06, 0.06 * width / height, 0.94, 1 - 0.06 * width / height, fill, radius=0.14)
    radius = 0.34 * min(width, height)
    cx, cy = width / 2, height / 2
    s.polygon(
        [
            ((cx + x) / width, (cy + y) / height)
            for x, y in [(p[0] * radius, p[1] * radius) for p in star(0, 0, 1.0, 0.28, points=4)]
        ],
        emblem,
    )
    return s.done()


@lru_cache(maxsize=16)
def card_stack(width: int, height: int, count: int, fill: RGB, edge: RGB, emblem: RGB) -> Image.Image:
    """A few card backs fanned slightly: the deck, the discard pile, a hand."""
    shift = max(1, round(width * 0.12))
    total = Image.new("RGBA", (width + shift * (count - 1), height + shift * (count - 1)), (0, 0, 0, 0))
    back = card_back(width, height, fill, edge, emblem)
    for i in range(count):
        total.alpha_composite(back, (shift * (count - 1 - i), shift * i))
    return total


@lru_cache(maxsize=32)
def first_player_token(size: int, fill: RGB, edge: RGB, emblem: RGB) -> Image.Image:
    """The first-player marker: a gold disc with a four-pointed star."""
    s = Sketch(size, size)
    s.ellipse(0.0, 0.0, 1.0, 1.0, edge)
    s.ellipse(0.08, 0.08, 0.92, 0.92, fill)
    s.polygon(star(0.5, 0.5, 0.36, 0.1, points=4), emblem)
    return s.done()


@lru_cache(maxsize=16)
def crown(size: int, fill: RGB, edge: RGB) -> Image.Image:
    s = Sketch(size, size)
    points = [(0.08, 0.32), (0.3, 0.55), (0.5, 0.18), (0.7, 0.55), (0.92, 0.32), (0.82, 0.82), (0.18, 0.82)]
    s.polygon([(x, y + 0.02) for x, y in points], edge)
    s.polygon([(0.5 + (x - 0.5) * 0.9, 0.5 + (y - 0.5) * 0.9) for x, y in points], fill)
    for x, y in ((0.08, 0.3), (0.5, 0.16), (0.92, 0.3)):
        s.ellipse(x - 0.07, y - 0.07, x + 0.07, y + 0.07, fill)
    return s.done()


@lru_cache(maxsize=16)
def check_mark(size: int, colour: RGB) -> Image.Image:
    s = Sketch(size, size)
    s.line([(0.16, 0.52), (0.4, 0.76), (0.84, 0.26)], colour, 0.16)
    return s.done()


@lru_cache(maxsize=16)
def hourglass(size: int, colour: RGB) -> Image.Image:
    s = Sketch(size, size)
    s.rect(0.2, 0.08, 0.8, 0.18, colour, radius=0.03)
    s.rect(0.2, 0.82, 0.8, 0.92, colour, radius=0.03)
    s.polygon([(0.26, 0.18), (0.74, 0.18), (0.54, 0.5), (0.74, 0.82), (0.26, 0.82), (0.46, 0.5)], colour)
    return s.done()


@lru_cache(maxsize=16)
def play_arrow(size: int, colour: RGB) -> Image.Image:
    s = Sketch(size, size)
    s.polygon([(0.22, 0.12), (0.88, 0.5), (0.22, 0.88)], colour)
    return s.done()


@lru_cache(maxsize=16)
def warning(size: int, fill: RGB, mark: RGB) -> Image.Image:
    s = Sketch(size, size)
    s.polygon([(0.5, 0.06), (0.96, 0.9), (0.04, 0.9)], fill)
    s.rect(0.45, 0.34, 0.55, 0.66, mark, radius=0.03)
    s.ellipse(0.44, 0.72, 0.56, 0.84, mark)
    return s.done()


@lru_cache(maxsize=8)
def pond(width: int, height: int, water: RGB, shore: RGB, ripple: RGB) -> Image.Image:
    """The watering hole: an irregular pool with a grassy rim."""
    s = Sketch(width, height)
    s.ellipse(0.0, 0.04, 1.0, 1.0, shore)
    s.ellipse(0.05, 0.0, 0.62, 0.7, shore)
    s.ellipse(0.04, 0.12, 0.96, 0.92, water)
    s.ellipse(0.1, 0.07, 0.58, 0.62, water)
    s.arc(0.16, 0.6, 0.46, 0.84, 200, 330, ripple, 0.025)
    s.arc(0.62, 0.22, 0.9, 0.44, 200, 330, ripple, 0.025)
    return s.done()


@lru_cache(maxsize=16)
def leaf(size: int, fill: RGB, vein: RGB) -> Image.Image:
    """Plant food."""
    s = Sketch(size, size)
    s.polygon(lens((0.14, 0.86), (0.86, 0.14), 0.24), fill)
    s.line([(0.1, 0.9), (0.66, 0.34)], vein, 0.06)
    return s.done()


@lru_cache(maxsize=16)
def token_pile(size: int, fill: RGB, edge: RGB, shine: RGB) -> Image.Image:
    """The food bank: a small heap of tokens."""
    token = food_token(round(size * 0.46), fill, edge, shine)
    pile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    t = token.width
    for x, y in ((0.04, 0.5), (0.5, 0.5), (0.27, 0.1), (0.27, 0.5)):
        pile.alpha_composite(token, (round(x * size), round(y * size) + (size - t) // 10))
    return pile
