"""Every word a drawer's labels give while a board is drawn, for the tests that check a board's language."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

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
