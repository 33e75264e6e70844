"""The original game's board image (renderer/origin/): drawn from the public view only, in every language with that
language's words (the traits named as the rule book names them), readable at 2, 4 and 8 players, and looking as it
did (golden images within a tolerance, as tests/renderer/images.py compares them).

After a deliberate change of the look, regenerate the stored images and look at them before committing:

    RENDERER_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/origin/ui/test_board.py
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from renderer import draw_board, phone, render_board
from renderer.labels import Labels
from renderer.origin import banner, board
from renderer.origin.labels import WORDS, english
from renderer.origin.layout import layout
from renderer.origin.theme import DEFAULT_COLOURS
from renderer.phone import NATURAL_WIDTH
from renderer.registry import DRAWERS
from rules_core.origin.cards import Trait
from rules_core.origin.state import GameState
from rules_core.origin.view import TableView
from tests.origin.ui import scenes
from tests.origin.ui.games import RULES
from tests.renderer.images import REGENERATE, acceptable, difference
from tests.renderer.labels_spy import spy_numbers
from tests.renderer.overflow import spy_overflows
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
    "scene", ["two_players_attack", "four_players_over", "eight_players_feeding", "eight_players_expansions"]
)
def test_a_late_game_fits_at_any_table_size(scene: str) -> None:
    view = RULES.public_view(SCENES[scene]())
    plan = layout(view)
    for (index, full), panel in plan.panels.items():
        # As many cards to a line as fit at their narrowest; every card on a line of its panel.
        assert panel.tile_w >= panel.cards.tile_min and panel.cards.full == full
        assert [i for line in panel.lines for i in line.animals] == list(range(len(view.players[index].animals)))
        assert all(len(line.animals) <= panel.per_line for line in panel.lines)
    assert image(render_board(view)).size == (NATURAL_WIDTH, math.ceil(plan.height * NATURAL_WIDTH / phone.WIDTH))


def test_every_card_is_as_tall_as_its_own_traits() -> None:
    """An animal with one trait beside one with eight is not stretched to its neighbour's height (issue 30: the
    boards were very tall because every card took the tallest card's height)."""
    from tests.origin.scenario import animal, player, scenario

    eight = ("carnivore", "swimming", "running", "mimicry", "big", "burrowing", "camouflage", "sharp_vision")
    state = scenario(players=[player("Ann", animal(0, *eight), animal(1, "swimming"), animal(2)), player("Bob")])
    plan = layout(RULES.public_view(state))
    panel = plan.panels[0, True]
    assert panel.tiles[0] > panel.tiles[1] > panel.tiles[2]
    # Each card is its frame (its back, its food, its padding) and its own trait cards, nothing more.
    frames = {
        round(h - sum(c + panel.cards.chip_gap for c in chips), 6)
        for h, chips in zip(panel.tiles, panel.chips, strict=True)
    }
    assert len(frames) == 1


def test_a_long_row_of_animals_continues_on_further_lines() -> None:
    from tests.origin.scenario import animal, link, player, scenario

    many = [animal(i, "swimming") if i % 3 == 0 else animal(i) for i in range(24)]
    state = scenario(
        options={"two_decks": True},
        players=[player("Ann", *many, links=[link("cooperation", 0, 23)]), player("Bob", animal(30))],
    )
    plan = layout(RULES.public_view(state))
    panel = plan.panels[0, True]
    assert len(panel.lines) == math.ceil(24 / panel.per_line) > 1
    # The link whose animals stand on different lines runs to the panel's edge on each, naming the far animal.
    halves = [lane for line in panel.lines for lane in line.lanes]
    assert sorted(lane.partner or 0 for lane in halves) == [1, 24]
    assert render_board(RULES.public_view(state)).startswith(b"\x89PNG")


def test_a_link_from_the_end_of_a_line_to_the_next_is_named_whole() -> None:
    """The last animal of a line linked to the first of the next: each half runs only a short way to the panel's
    edge, and its name (with the far animal's place) is still drawn whole, not cut to "Co…"."""
    from tests.origin.scenario import animal, link, player, scenario

    def table(links: list[Any]) -> GameState:
        return scenario(players=[player("Ann", *[animal(i) for i in range(8)], links=links), player("Bob")])

    per_line = layout(RULES.public_view(table([]))).panels[0, True].per_line
    view = RULES.public_view(table([link("cooperation", per_line - 1, per_line)]))
    lanes = [lane for line in layout(view).panels[0, True].lines for lane in line.lanes]
    assert sorted(lane.partner or 0 for lane in lanes) == [per_line, per_line + 1]
    drawn = {item.text for item in draw_board(view).lettering}
    assert {f"Cooperation ↔ {per_line}", f"Cooperation ↔ {per_line + 1}"} <= drawn


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
def test_a_long_banner_takes_several_lines_rather_than_cut_off_a_name(scene: str, language: str) -> None:
    # Eight players' names, a pack's helper and the traits ignored do not fit one line of a phone's width: the
    # banner is wrapped (at most BANNER_LINES lines of whole words), every word drawn, none cut off with an
    # ellipsis, every line LEGIBLE.
    labels = board_labels(language, "origin")
    view = RULES.public_view(SCENES[scene]())
    words = banner.banner_words(view, Labels(english(), labels))
    lines = layout(view, labels).banner
    assert "Bartosz Łukasiewicz" in words
    assert 1 < len(lines) <= banner.BANNER_LINES and " ".join(lines) == words
    drawing = draw_board(view, width=WIDTH, labels=labels)
    drawn = {item.text: item for item in drawing.lettering}
    assert all(line in drawn and drawn[line].essential for line in lines)
    assert min(drawn[line].size for line in lines) * phone.PHONE_WIDTH / WIDTH >= phone.LEGIBLE
    assert not any(text.endswith("…") for text in drawn if "Bartosz" in text)


def test_each_animal_shows_the_number_its_name_gives_it_not_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stable names (docs/rulings.md): Ann's row reads animal 3 then animal 1 (her animal 2 is gone), as every log
    line and menu names them."""
    from tests.origin.scenario import animal, player, scenario

    numbers = spy_numbers(monkeypatch)
    state = scenario(
        players=[
            {**player("Ann", animal(3), animal(5)), "animals_made": [5, 9, 3]},
            player("Bob", animal(7)),
        ]
    )
    render_board(RULES.public_view(state))
    assert numbers == [3, 1, 1]


@pytest.mark.parametrize("width", [400, 560, 800, 1000, 1200, 1600])
def test_no_trait_name_runs_over_its_card_at_any_width(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """Text sizes are whole pixels, rounded up, so at some widths a name is relatively wider than the layout measured
    it ("Hibernation Ability" ran over its one-line card at 800 px): it keeps to its card's lines all the same."""
    overflows = spy_overflows(monkeypatch)
    for scene in (scenes.eight_players_feeding, scenes.eight_players_expansions, scenes.four_players_over):
        for language in LANGUAGES:
            render_board(RULES.public_view(scene()), width=width, labels=board_labels(language, "origin"))
    assert overflows == []
