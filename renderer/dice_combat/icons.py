"""The dice-combat board's small pictures, drawn as shapes (no font has them) and cached by size and colour: a die
(Strength, a fight's dice), a bolt (Energy), an individual (Population), a snowflake (a cold environment)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from renderer.shapes import RGB, Sketch

#: Where a die face's pips sit, by value (fractions of the face).
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)),
}


@lru_cache(maxsize=64)
def die(size: int, face: int, fill: RGB, pip: RGB) -> Image.Image:
    """A die showing ``face``."""
    s = Sketch(size, size)
    s.rect(0.04, 0.04, 0.96, 0.96, fill, radius=0.2)
    for x, y in _PIPS[face]:
        s.ellipse(x - 0.09, y - 0.09, x + 0.09, y + 0.09, pip)
    return s.done()


@lru_cache(maxsize=32)
def bolt(size: int, colour: RGB) -> Image.Image:
    s = Sketch(size, size)
    s.polygon([(0.58, 0.02), (0.16, 0.56), (0.46, 0.56), (0.38, 0.98), (0.84, 0.4), (0.54, 0.4)], colour)
    return s.done()


@lru_cache(maxsize=32)
def individual(size: int, colour: RGB) -> Image.Image:
    """One individual of a species: a head and a body."""
    s = Sketch(size, size)
    s.ellipse(0.32, 0.04, 0.68, 0.4, colour)
    s.ellipse(0.14, 0.46, 0.86, 1.2, colour)
    return s.done()


@lru_cache(maxsize=16)
def snowflake(size: int, colour: RGB) -> Image.Image:
    s = Sketch(size, size)
    for (x0, y0), (x1, y1) in (((0.5, 0.04), (0.5, 0.96)), ((0.1, 0.27), (0.9, 0.73)), ((0.1, 0.73), (0.9, 0.27))):
        s.line([(x0, y0), (x1, y1)], colour, 0.09)
    return s.done()
