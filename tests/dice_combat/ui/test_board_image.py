"""The dice-combat board image: real PNGs at two, four and six players, in a hunt, in an attack and at the end; every
word drawn in a language other than English is that language's own (the catalogue's labels, the rule book's card
names)."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable

import pytest
from PIL import Image

from renderer import render_board
from renderer.dice_combat import board
from renderer.dice_combat.layout import layout
from renderer.phone import NATURAL_WIDTH, WIDTH
from rules_core.dice_combat.state import GameState, Phase
from tests.dice_combat.ui.games import RULES, steps
from tests.renderer.labels_spy import Drawn, spy_labels
from texts.board_labels import board_labels
from texts.languages import DEFAULT_LANGUAGE, LANGUAGES


def first(players: int, found: Callable[[GameState], bool]) -> GameState:
    """The first state of a seeded random game that ``found`` accepts (some games end without one)."""
    for seed in range(40):
        state = next((s.after for s in steps(players, seed) if found(s.after)), None)
        if state is not None:
            return state
    raise AssertionError("no game reached the scene")


SCENES: dict[str, Callable[[GameState], bool]] = {
    "hunt": lambda s: s.hunt is not None,
    "attack": lambda s: s.attack is not None,
    "end": lambda s: s.phase is Phase.GAME_OVER,
    "after_fight": lambda s: s.last_fight is not None and s.hunt is None and s.attack is None,
}


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("scene", SCENES)
def test_a_board_is_a_png_of_the_width_asked_for(players: int, scene: str) -> None:
    view = RULES.public_view(first(players, SCENES[scene]))
    image = Image.open(io.BytesIO(render_board(view)))
    assert image.format == "PNG" and image.width == NATURAL_WIDTH and image.height > 400
    assert Image.open(io.BytesIO(render_board(view, width=600))).width == 600


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every (key, fields, text) the renderer's labels give while a board is drawn."""
    return spy_labels(monkeypatch, board)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != DEFAULT_LANGUAGE])
def test_every_word_drawn_is_the_languages_own(drawn: Drawn, language: str) -> None:
    labels = board_labels(language, "dice_combat")
    for scene in ("hunt", "end", "after_fight"):
        render_board(RULES.public_view(first(4, SCENES[scene])), labels=labels)
    keys = {key for key, _, _ in drawn}
    assert any(key.startswith("trait.") for key in keys) and "period" in keys
    for key, fields, text in drawn:
        assert key in labels, f"{language} has no board label {key!r}"
        assert text == labels[key].format(**fields), f"{key} fell back to English in {language}"


def test_the_last_fights_dice_stay_on_the_board_until_the_next_fight() -> None:
    """Between fights the board keeps a band with the last fight's dice; a fight under way shows its own box."""
    view = RULES.public_view(first(4, SCENES["after_fight"]))
    assert view.last_fight is not None
    without = dataclasses.replace(view, last_fight=None)
    band = layout(view).last_fight_h
    assert band > 0 and layout(view).height == layout(without).height + band
    tall = Image.open(io.BytesIO(render_board(view, width=WIDTH)))
    assert tall.height == Image.open(io.BytesIO(render_board(without, width=WIDTH))).height + band
    during = RULES.public_view(first(4, SCENES["hunt"]))
    assert layout(during).last_fight_h == 0
