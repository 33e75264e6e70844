"""The original game's board image (renderer/origin/): drawn from the public view only, in every language with that
language's words (the traits named as the rule book names them), readable at 2, 4 and 8 players, and looking as it
did (golden images within a tolerance, as tests/renderer/test_golden.py compares them).

After a deliberate change of the look, regenerate the stored images and look at them before committing:

    RENDERER_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/origin_ui/test_board.py
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from renderer import render_board
from renderer import text as fitting
from renderer.labels import Labels
from renderer.origin import board
from renderer.origin.labels import WORDS, english
from renderer.origin.theme import DEFAULT_COLOURS
from renderer.pen import Pen
from renderer.registry import DRAWERS
from rules_core.origin.cards import Trait
from rules_core.origin.state import GameState
from rules_core.origin.view import TableView
from tests.origin_ui import scenes
from tests.origin_ui.games import RULES
from tests.renderer.test_golden import REGENERATE, acceptable, difference
from texts import rules
from texts.board_labels import board_labels
from texts.languages import DEFAULT_LANGUAGE, LANGUAGES

GOLDEN = Path(__file__).resolve().parent / "golden"
WIDTH = 800
SCENES: dict[str, Callable[[], GameState]] = {
    "two_players_attack": scenes.two_players_attack,
    "four_players_over": scenes.four_players_over,
    "four_players_rolled_off": scenes.four_players_rolled_off,
    "eight_players_feeding": scenes.eight_players_feeding,
    "eight_players_expansions": scenes.eight_players_expansions,
    "pack_invitation": scenes.pack_invitation,
    "anglerfish_choice": scenes.anglerfish_choice,
}
TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]


def image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_the_board_is_drawn_for_the_public_view_and_refuses_a_seats_view() -> None:
    state = scenes.two_players_attack()
    assert DRAWERS[TableView] is board.draw
    with pytest.raises(TypeError):
        render_board(RULES.seat_view(state, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_the_board_looks_as_it_did(name: str, tmp_path: Path) -> None:
    data = render_board(RULES.public_view(SCENES[name]()), width=WIDTH)
    path = GOLDEN / f"{name}.png"
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(data)
        return
    actual, expected = image(data), image(path.read_bytes())
    assert actual.size == expected.size, f"size {actual.size}, golden {expected.size}"
    mean, changed = difference(actual, expected)
    if not acceptable(mean, changed):
        out = tmp_path / f"{name}.actual.png"
        out.write_bytes(data)
        pytest.fail(f"{name} differs from {path}: mean {mean:.2f} levels, {changed} blocks changed; see {out}")


@pytest.mark.parametrize(
    ("scene", "widest"),
    [
        ("two_players_attack", 1200),
        ("four_players_over", 1200),
        ("eight_players_feeding", 2400),
        ("eight_players_expansions", 2400),
    ],
)
def test_a_late_game_fits_at_any_table_size(scene: str, widest: int) -> None:
    state = SCENES[scene]()
    view = RULES.public_view(state)
    plan = board.layout(view)
    assert plan.width <= widest and plan.tile_w >= board.TILE_MIN
    # Every player's animals stand on one line, so that the links between them are drawn straight.
    assert all(len(p.lines) == 1 for p in plan.panels)
    assert image(render_board(view)).size == (plan.width, plan.height)


def test_a_long_row_of_animals_continues_on_a_second_line() -> None:
    from tests.origin.scenario import animal, link, player, scenario

    many = [animal(i, "swimming") if i % 3 == 0 else animal(i) for i in range(24)]
    state = scenario(
        options={"two_decks": True},
        players=[player("Ann", *many, links=[link("cooperation", 0, 23)]), player("Bob", animal(30))],
    )
    plan = board.layout(RULES.public_view(state))
    assert plan.width == board.MAX_WIDTH and len(plan.panels[0].lines) == 2
    # The link whose animals stand on different lines runs to the panel's edge on each, naming the far animal.
    halves = [lane for line in plan.panels[0].lines for lane in line.lanes]
    assert sorted(lane.partner or 0 for lane in halves) == [1, 24]
    assert render_board(RULES.public_view(state)).startswith(b"\x89PNG")


@pytest.mark.parametrize("scene", ["two_players_attack", "eight_players_expansions"])
def test_the_board_shows_nothing_a_seat_keeps_secret(scene: str) -> None:
    """Two games that differ only in what no onlooker may see (hands, the cards under the animals, a face-down
    Anglerfish among them, the deck's order, the standing orders) draw the same image."""
    state = SCENES[scene]()
    other = RULES.determinize(RULES.seat_view(state, 1), seed=99)
    assert other != state
    assert render_board(RULES.public_view(other)) == render_board(RULES.public_view(state))


def test_english_trait_names_are_the_rule_books() -> None:
    names = {f"trait.{key}": entry.name for key, entry in rules.book("en", "origin").traits.items()}
    assert {k: v for k, v in english().items() if k.startswith("trait.")} == names
    assert all(f"trait.{t.value}" in DEFAULT_COLOURS for t in Trait)
    assert all(f"link.{t}" in DEFAULT_COLOURS for t in ("communication", "cooperation", "symbiosis", "trematode"))


Drawn = list[tuple[str, dict[str, Any], str]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every (key, fields, text) the board's labels give while a board is drawn."""
    noted: Drawn = []

    class SpyLabels(Labels):
        def __call__(self, key: str, **fields: object) -> str:
            text = super().__call__(key, **fields)
            noted.append((key, dict(fields), text))
            return text

    monkeypatch.setattr(board, "Labels", SpyLabels)
    return noted


@pytest.mark.parametrize("scene", sorted(SCENES))
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_drawn_is_the_languages_own(drawn: Drawn, language: str, scene: str) -> None:
    labels = board_labels(language, "origin")
    render_board(RULES.public_view(SCENES[scene]()), labels=labels)
    assert drawn
    for key, fields, text in drawn:
        assert key in labels, f"{language} has no board label {key!r}"
        assert text == labels[key].format(**fields), f"{key} fell back to English in {language}"


def test_every_english_word_is_the_drawers_own(drawn: Drawn) -> None:
    for scene in SCENES.values():
        render_board(RULES.public_view(scene()))
    assert {key for key, _, _ in drawn} <= set(english()) and set(WORDS) <= set(english())


@pytest.mark.parametrize("scene", ["eight_players_expansions", "pack_invitation"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_long_banner_takes_two_lines_rather_than_cut_off_a_name(
    scene: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Eight players' names, a pack's helper and the traits ignored do not fit one line at 800 pixels in some
    # languages (Ukrainian among them): the banner is wrapped on two lines, every word drawn, none cut off with an
    # ellipsis.
    written: list[str] = []
    wrapped: list[tuple[str, tuple[str, ...]]] = []
    draw, wrap = Pen.text, fitting.wrap

    def spy_draw(pen: Pen, x: float, y: float, value: str, *args: Any) -> None:
        written.append(value)
        draw(pen, x, y, value, *args)

    def spy_wrap(value: str, *args: Any, **kwargs: Any) -> tuple[tuple[str, ...], Any]:
        lines, face = wrap(value, *args, **kwargs)
        wrapped.append((value, lines))
        return lines, face

    monkeypatch.setattr(Pen, "text", spy_draw)
    monkeypatch.setattr(fitting, "wrap", spy_wrap)
    render_board(RULES.public_view(SCENES[scene]()), width=WIDTH, labels=board_labels(language, "origin"))
    banners = [(value, lines) for value, lines in wrapped if "Bartosz Łukasiewicz" in value]
    if scene == "eight_players_expansions" and language == "uk":
        assert banners, "the Ukrainian banner of eight players fits no single line at 800 pixels"
    for value, lines in banners:
        assert len(lines) == 2 and " ".join(lines) == value and all(line in written for line in lines)
    assert not any(line.endswith("…") for line in written if "Bartosz" in line)
