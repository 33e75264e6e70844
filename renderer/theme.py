"""Colours by name: each ruleset's board has a palette of defaults, and ``render_board(view, colours=...)``
overrides any of them by name, as ``"#rrggbb"`` or an RGB tuple."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import ImageColor

RGB = tuple[int, int, int]


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
