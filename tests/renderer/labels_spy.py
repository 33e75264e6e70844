"""Every word a drawer's labels give, and every number on a species' or animal's disc, while a board is drawn, for the
tests that check what a board says."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from renderer import parts
from renderer.labels import Labels

#: (label key, its fields, the text given) for each word drawn, in order.
Drawn = list[tuple[str, dict[str, Any], str]]


def spy_labels(monkeypatch: pytest.MonkeyPatch, drawer: ModuleType) -> Drawn:
    """Note every label ``drawer`` (a board module that draws with ``Labels``) asks for from now on."""
    noted: Drawn = []

    class SpyLabels(Labels):
        def __call__(self, key: str, **fields: object) -> str:
            text = super().__call__(key, **fields)
            noted.append((key, dict(fields), text))
            return text

    monkeypatch.setattr(drawer, "Labels", SpyLabels)
    return noted


def spy_numbers(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Note the number on every species' or animal's disc drawn from now on (``renderer.parts.number_disc``), in
    the order drawn."""
    noted: list[int] = []
    draw = parts.number_disc

    def noting(pen: Any, x: float, y: float, diameter: float, number: int, fill: Any, ink: Any) -> None:
        noted.append(number)
        draw(pen, x, y, diameter, number, fill, ink)

    monkeypatch.setattr(parts, "number_disc", noting)
    return noted
