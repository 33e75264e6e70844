"""The original game's small pictures, drawn as shapes (no font has them): the paw on an animal's face-down card,
the moon of a sleeping animal, the drop of a poisoned one, the target of an attacked one, a card turned sideways."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from renderer.shapes import Sketch
from renderer.theme import RGB


@lru_cache(maxsize=16)
def paw(size: int, colour: RGB) -> Image.Image:
    """An animal's card seen from its back: a paw print (the seed's "paw symbol means animal")."""
    s = Sketch(size, size)
    s.ellipse(0.26, 0.44, 0.74, 0.9, colour)
    for x, y in ((0.1, 0.34), (0.3, 0.12), (0.56, 0.12), (0.76, 0.34)):
        s.ellipse(x, y, x + 0.16, y + 0.2, colour)
    return s.done()


@lru_cache(maxsize=16)
def moon(size: int, colour: RGB, background: RGB) -> Image.Image:
    """A crescent: the animal is asleep (Hibernation)."""
    s = Sketch(size, size)
    s.ellipse(0.08, 0.08, 0.92, 0.92, colour)
    s.ellipse(0.34, 0.0, 1.0, 0.7, background)
    return s.done()


@lru_cache(maxsize=16)
def poison(size: int, colour: RGB, mark: RGB) -> Image.Image:
    """A drop with a cross: the carnivore ate a Poisonous animal."""
    s = Sketch(size, size)
    s.ellipse(0.2, 0.36, 0.8, 0.96, colour)
    s.polygon([(0.5, 0.02), (0.78, 0.46), (0.22, 0.46)], colour)
    s.line([(0.38, 0.56), (0.62, 0.8)], mark, 0.09)
    s.line([(0.62, 0.56), (0.38, 0.8)], mark, 0.09)
    return s.done()


@lru_cache(maxsize=16)
def target(size: int, colour: RGB, background: RGB) -> Image.Image:
    """Rings and a dot: the animal under attack."""
    s = Sketch(size, size)
    s.ellipse(0.0, 0.0, 1.0, 1.0, colour)
    s.ellipse(0.16, 0.16, 0.84, 0.84, background)
    s.ellipse(0.3, 0.3, 0.7, 0.7, colour)
    s.ellipse(0.42, 0.42, 0.58, 0.58, background)
    return s.done()


@lru_cache(maxsize=16)
def fangs(size: int, colour: RGB) -> Image.Image:
    """Two teeth: the carnivore that attacks."""
    s = Sketch(size, size)
    s.rect(0.06, 0.1, 0.94, 0.32, colour, radius=0.08)
    s.polygon([(0.16, 0.3), (0.44, 0.3), (0.3, 0.92)], colour)
    s.polygon([(0.56, 0.3), (0.84, 0.3), (0.7, 0.92)], colour)
    return s.done()


@lru_cache(maxsize=16)
def sideways(size: int, colour: RGB) -> Image.Image:
    """A card lying on its side with an arrow round it: a trait used this turn (its card turned 90 degrees)."""
    s = Sketch(size, size)
    s.rect(0.04, 0.46, 0.96, 0.96, colour, radius=0.1)
    s.arc(0.14, 0.08, 0.86, 0.72, 190, 330, colour, 0.11)
    s.polygon([(0.72, 0.02), (0.96, 0.24), (0.66, 0.34)], colour)
    return s.done()
