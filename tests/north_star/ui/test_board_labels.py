"""North Star's board in every language: each word the renderer draws comes from the language's catalogue, and
every trait has its English label."""

from __future__ import annotations

import pytest

from renderer import render_board
from renderer.north_star import board
from renderer.north_star.labels import ENGLISH
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState
from tests.north_star.scenario import RULES
from tests.north_star.ui import states
from tests.renderer.labels_spy import Drawn, spy_labels
from texts.board_labels import board_labels
from texts.languages import DEFAULT_LANGUAGE, LANGUAGES

TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]
SCENES = {"feeding": lambda: states.mid_feeding(4), "food cards": states.food_card_phase, "end": states.tied_game_over}


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every (key, fields, text) the renderer's labels give while a board is drawn."""
    return spy_labels(monkeypatch, board)


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_label_drawn_is_the_languages_own(drawn: Drawn, language: str, scene: str) -> None:
    state: GameState = SCENES[scene]()
    labels = board_labels(language, "north_star")
    render_board(RULES.public_view(state), labels=labels)
    assert drawn
    for key, fields, text in drawn:
        assert key in labels, f"{language} has no board label {key!r}"
        assert text == labels[key].format(**fields), f"{key} fell back to English in {language}"


def test_a_board_in_ukrainian_shows_ukrainian_words(drawn: Drawn) -> None:
    view = RULES.public_view(states.mid_feeding(3))
    ukrainian = render_board(view, labels=board_labels("uk", "north_star"))
    words = {text for _, _, text in drawn}
    assert board_labels("uk", "north_star")["watering_hole"] in words
    assert "Watering hole" not in words
    assert any("\u0400" <= char <= "\u04ff" for word in words for char in word), "no Cyrillic on the board"
    assert ukrainian != render_board(view)


def test_every_trait_has_a_label() -> None:
    for trait in Trait:
        assert ENGLISH[f"trait.{trait.value}"]
