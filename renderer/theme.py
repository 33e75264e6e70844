"""Colours by name: each ruleset's board has a palette of defaults, and ``render_board(view, colours=...)``
overrides any of them by name, as ``"#rrggbb"`` or an RGB tuple.

The seats' colours are one list for every rule system (:data:`SEAT_COLOURS`): a player keeps their colour from one
game to the next, and the list is chosen to stay apart for the colour-blind too (tests/renderer/test_seat_colours.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import ImageColor

RGB = tuple[int, int, int]

#: The seats' colours, by seat: wine, royal blue, amber, teal, violet, bronze, sky, ink. Three steps of lightness
#: along the two hue axes a dichromat keeps (yellow-blue for the red-green deficiencies, red-teal for tritanopia) and
#: a dark neutral, so that every pair stays at least 18 CIEDE2000 apart in normal vision and after simulating
#: protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1). A board shows them solid (the bar
#: beside a player's name, the results' stripes, the dice); the tint behind a name only decorates.
SEAT_COLOURS: tuple[RGB, ...] = (
    (135, 30, 35),
    (35, 50, 205),
    (250, 180, 0),
    (5, 150, 130),
    (155, 110, 255),
    (146, 122, 0),
    (90, 220, 240),
    (36, 37, 54),
)


def seat_colours(seats: int) -> dict[str, RGB]:
    """``player.0`` ... for a palette of a game of at most ``seats`` players."""
    return {f"player.{seat}": colour for seat, colour in enumerate(SEAT_COLOURS[:seats])}


def rgb(value: str | tuple[int, int, int]) -> RGB:
    if isinstance(value, str):
        colour = ImageColor.getrgb(value)
        return colour[0], colour[1], colour[2]
    if len(value) != 3 or not all(isinstance(v, int) and 0 <= v <= 255 for v in value):
        raise ValueError(f"not an RGB colour: {value!r}")
    return value[0], value[1], value[2]


def palette(defaults: Mapping[str, RGB], overrides: Mapping[str, str | tuple[int, int, int]] | None) -> dict[str, RGB]:
    """``defaults`` with ``overrides`` applied; an unknown name or an unreadable colour is a ValueError."""
    colours = dict(defaults)
    for name, value in (overrides or {}).items():
        if name not in colours:
            raise ValueError(f"unknown colour name {name!r}; known names: {', '.join(sorted(colours))}")
        colours[name] = rgb(value)
    return colours


def mix(a: RGB, b: RGB, amount: float) -> RGB:
    """``a`` moved ``amount`` (0 to 1) of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


def light(colour: RGB) -> bool:
    """Whether dark ink reads better on ``colour`` than white (its relative luminance, WCAG 2, is above the point
    where the two contrasts are equal)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(colour[0]) + 0.7152 * linear(colour[1]) + 0.0722 * linear(colour[2])
    return luminance > 0.179
