"""North Star's trait badges: each trait's glyph in white on a disc of its colour, drawn as shapes (no font has
them) on the supersampled canvas of :mod:`renderer.shapes`."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image

from renderer.shapes import RGB, WHITE, Point, Sketch, lens
from rules_core.north_star.cards import Trait


# Trait glyphs: white shapes on the trait's coloured disc; ``c`` is the disc colour, for cut-outs.
def _carnivore(s: Sketch, c: RGB) -> None:
    s.rect(0.2, 0.25, 0.8, 0.36, WHITE, radius=0.04)
    s.polygon([(0.25, 0.33), (0.45, 0.33), (0.35, 0.76)], WHITE)
    s.polygon([(0.55, 0.33), (0.75, 0.33), (0.65, 0.76)], WHITE)


def _ambush(s: Sketch, c: RGB) -> None:
    s.polygon(lens((0.14, 0.5), (0.86, 0.5), 0.22), WHITE)
    s.ellipse(0.38, 0.38, 0.62, 0.62, c)
    s.ellipse(0.45, 0.45, 0.55, 0.55, WHITE)


def _pack_hunting(s: Sketch, c: RGB) -> None:
    for x in (0.3, 0.5, 0.7):
        s.line([(x + 0.08, 0.22), (x - 0.08, 0.78)], WHITE, 0.09)


def _intelligence(s: Sketch, c: RGB) -> None:
    s.ellipse(0.28, 0.16, 0.72, 0.6, WHITE)
    s.rect(0.39, 0.54, 0.61, 0.72, WHITE, radius=0.03)
    s.rect(0.41, 0.75, 0.59, 0.82, WHITE, radius=0.03)


def _burrowing(s: Sketch, c: RGB) -> None:
    s.draw.chord(s.box(0.14, 0.3, 0.86, 1.1), 180, 360, fill=WHITE)
    s.rect(0.14, 0.68, 0.86, 0.76, WHITE)
    s.draw.chord(s.box(0.36, 0.5, 0.64, 0.9), 180, 360, fill=c)


def _climbing(s: Sketch, c: RGB) -> None:
    s.polygon([(0.12, 0.78), (0.42, 0.24), (0.56, 0.48), (0.66, 0.36), (0.88, 0.78)], WHITE)


def _defensive_herding(s: Sketch, c: RGB) -> None:
    s.ellipse(0.36, 0.18, 0.64, 0.46, WHITE)
    s.ellipse(0.16, 0.48, 0.44, 0.76, WHITE)
    s.ellipse(0.56, 0.48, 0.84, 0.76, WHITE)


def _hexagon(radius: float) -> list[Point]:
    angles = [math.radians(a) for a in range(30, 390, 60)]
    return [(0.5 + radius * math.cos(a), 0.5 + radius * math.sin(a)) for a in angles]


def _hard_shell(s: Sketch, c: RGB) -> None:
    s.polygon(_hexagon(0.36), WHITE)
    s.polygon(_hexagon(0.16), c)


def _horns(s: Sketch, c: RGB) -> None:
    s.polygon([(0.34, 0.62), (0.46, 0.55), (0.16, 0.16)], WHITE)
    s.polygon([(0.66, 0.62), (0.54, 0.55), (0.84, 0.16)], WHITE)
    s.ellipse(0.32, 0.48, 0.68, 0.84, WHITE)


def _warning_call(s: Sketch, c: RGB) -> None:
    s.rect(0.43, 0.16, 0.57, 0.6, WHITE, radius=0.06)
    s.ellipse(0.42, 0.67, 0.58, 0.83, WHITE)


def _symbiosis(s: Sketch, c: RGB) -> None:
    s.ellipse(0.12, 0.28, 0.56, 0.72, None, outline=WHITE, width=0.09)
    s.ellipse(0.44, 0.28, 0.88, 0.72, None, outline=WHITE, width=0.09)


def _foraging(s: Sketch, c: RGB) -> None:
    s.polygon(lens((0.26, 0.74), (0.82, 0.18), 0.17), WHITE)
    s.line([(0.14, 0.86), (0.5, 0.5)], WHITE, 0.06)
    s.line([(0.32, 0.68), (0.7, 0.3)], c, 0.04)


def _long_neck(s: Sketch, c: RGB) -> None:
    s.polygon([(0.26, 0.88), (0.46, 0.88), (0.6, 0.34), (0.46, 0.3)], WHITE)
    s.ellipse(0.44, 0.2, 0.84, 0.4, WHITE)
    s.line([(0.52, 0.24), (0.5, 0.1)], WHITE, 0.05)
    s.line([(0.6, 0.24), (0.6, 0.1)], WHITE, 0.05)
    s.ellipse(0.6, 0.25, 0.66, 0.31, c)


def _cooperation(s: Sketch, c: RGB) -> None:
    for x in (0.14, 0.46):
        s.polygon([(x, 0.24), (x + 0.16, 0.24), (x + 0.4, 0.5), (x + 0.16, 0.76), (x, 0.76), (x + 0.24, 0.5)], WHITE)


def _scavenger(s: Sketch, c: RGB) -> None:
    s.polygon([(0.3, 0.62), (0.62, 0.3), (0.7, 0.38), (0.38, 0.7)], WHITE)
    for x, y in ((0.22, 0.64), (0.36, 0.78), (0.64, 0.22), (0.78, 0.36)):
        s.ellipse(x - 0.1, y - 0.1, x + 0.1, y + 0.1, WHITE)


def _fat_tissue(s: Sketch, c: RGB) -> None:
    s.ellipse(0.28, 0.4, 0.72, 0.84, WHITE)
    s.polygon([(0.3, 0.56), (0.5, 0.12), (0.7, 0.56)], WHITE)


def _fertile(s: Sketch, c: RGB) -> None:
    s.rect(0.42, 0.18, 0.58, 0.82, WHITE, radius=0.03)
    s.rect(0.18, 0.42, 0.82, 0.58, WHITE, radius=0.03)


_GLYPHS: dict[Trait, Callable[[Sketch, RGB], None]] = {
    Trait.AMBUSH: _ambush,
    Trait.BURROWING: _burrowing,
    Trait.CARNIVORE: _carnivore,
    Trait.CLIMBING: _climbing,
    Trait.COOPERATION: _cooperation,
    Trait.DEFENSIVE_HERDING: _defensive_herding,
    Trait.FAT_TISSUE: _fat_tissue,
    Trait.FERTILE: _fertile,
    Trait.FORAGING: _foraging,
    Trait.HARD_SHELL: _hard_shell,
    Trait.HORNS: _horns,
    Trait.INTELLIGENCE: _intelligence,
    Trait.LONG_NECK: _long_neck,
    Trait.PACK_HUNTING: _pack_hunting,
    Trait.SCAVENGER: _scavenger,
    Trait.SYMBIOSIS: _symbiosis,
    Trait.WARNING_CALL: _warning_call,
}


@lru_cache(maxsize=512)
def trait_badge(trait: Trait, size: int, colour: RGB) -> Image.Image:
    """The trait's glyph in white on a disc of ``colour``."""
    s = Sketch(size, size)
    s.ellipse(0.0, 0.0, 1.0, 1.0, colour)
    inset = Sketch(size, size)
    _GLYPHS[trait](inset, colour)
    glyph = inset.image.resize((round(s.w * 0.84), round(s.h * 0.84)), Image.Resampling.BILINEAR)
    offset = round(s.w * 0.08)
    s.image.alpha_composite(glyph, (offset, offset))
    return s.done()
