"""North Star's board image: format, size, edge cases, the public-view-only contract, options."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageFont

from renderer import render_board
from renderer.north_star.labels import ENGLISH
from renderer.north_star.layout import layout
from renderer.north_star.theme import DEFAULT_COLOURS
from renderer.phone import NATURAL_WIDTH
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState, Phase
from rules_core.north_star.view import TableView
from tests.north_star.scenario import RULES, player, scenario, species
from tests.north_star.ui import states
from tests.renderer.labels_spy import spy_numbers
from tests.renderer.overflow import spy_overflows
from texts.board_labels import board_labels
from texts.languages import LANGUAGES

MAX_BYTES = 400_000


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def view_of(state: GameState) -> TableView:
    return RULES.public_view(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_mid_game_board_is_a_png_of_a_sensible_size(players):
    view = view_of(states.mid_feeding(players))
    assert view.phase is Phase.FEEDING
    data = render_board(view)
    image = open_png(data)
    assert image.width == NATURAL_WIDTH
    assert 400 <= image.height <= 3 * image.width
    assert len(data) < MAX_BYTES


def test_width_sets_the_image_width_and_the_height_follows():
    view = view_of(states.mid_feeding(4))
    natural = open_png(render_board(view))
    small = open_png(render_board(view, width=800))
    assert small.width == 800
    assert small.height == pytest.approx(natural.height * 800 / natural.width, abs=1)


@pytest.mark.parametrize("width", [0, 199, 8001])
def test_an_unreasonable_width_is_refused(width):
    with pytest.raises(ValueError):
        render_board(view_of(states.mid_feeding(2)), width=width)


def test_the_same_view_renders_to_the_same_bytes():
    view = view_of(states.mid_feeding(4, seed=5))
    assert render_board(view) == render_board(view)


def test_a_player_without_species():
    state = scenario(
        watering_hole=2,
        players=[player("Ann", species(0, pop=2)), player("Bob"), player("Cy", species(1))],
    )
    view = view_of(state)
    assert view.players[1].species == ()
    open_png(render_board(view))


def test_six_players_with_eight_species_each_stay_within_bounds():
    view = view_of(states.crowded())
    assert len(view.players) == 6 and all(len(p.species) == 8 for p in view.players)
    data = render_board(view)
    image = open_png(data)
    assert image.width == NATURAL_WIDTH
    assert image.height <= 4 * image.width
    assert len(data) < MAX_BYTES


def test_long_names_in_any_script_and_emoji_do_not_break_the_board():
    view = view_of(states.six_by_eight_long_names())
    assert len(view.players[0].name) == 60
    assert any("🦖" in p.name for p in view.players)
    open_png(render_board(view))


def test_a_name_made_only_of_emoji_or_unsupported_script():
    state = scenario(
        players=[player("🎲🎲", species(0)), player("李小龍", species(1)), player("Ünő ł ж 😀", species(2))]
    )
    open_png(render_board(view_of(state)))


def test_a_finished_random_game_shows_its_outcome():
    for players in (2, 4, 6):
        view = view_of(states.finished(players))
        assert view.outcome is not None and view.phase is Phase.GAME_OVER
        data = render_board(view)
        assert open_png(data).width == NATURAL_WIDTH
        assert len(data) < MAX_BYTES


def test_a_tied_game_over_with_a_tie_break():
    view = view_of(states.tied_game_over())
    assert view.outcome is not None
    first, second = view.outcome.standings[:2]
    assert first.score == second.score and first.rank < second.rank
    open_png(render_board(view))


def test_the_game_over_board_has_room_for_the_results():
    finished = view_of(states.finished(4))
    assert layout(finished).results_h > 0
    assert layout(view_of(states.mid_feeding(4))).results_h == 0


@pytest.mark.parametrize(
    "make",
    [states.food_card_phase, states.play_card_phase_with_hidden_traits, states.reveal_phase],
    ids=["food_cards", "play_cards", "reveal_effects"],
)
def test_every_phase_renders(make):
    open_png(render_board(view_of(make())))


# Only the public view.
def test_a_game_state_is_refused():
    state = states.mid_feeding(3)
    with pytest.raises(TypeError, match="public view"):
        render_board(state)  # type: ignore[arg-type]


def test_a_seat_view_is_refused_even_though_it_holds_the_table():
    state = states.mid_feeding(3)
    seat_view = RULES.seat_view(state, 0)
    with pytest.raises(TypeError, match="public view"):
        render_board(seat_view)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        render_board(RULES.seat_view(state, 1))  # type: ignore[arg-type]
    open_png(render_board(RULES.public_view(state)))


def test_nothing_private_reaches_the_image():
    """Two games that differ only in what the table may not see: hands (same sizes), food-card picks, the
    identity of a face-down trait, food bags and the deck's order."""
    one = states.play_card_phase_with_hidden_traits(face_down="horns", hand=["fertile"], bag=4, seed=0)
    other = states.play_card_phase_with_hidden_traits(face_down="climbing", hand=["foraging"], bag=11, seed=99)
    assert one != other
    assert one.players[0].hand != other.players[0].hand
    assert one.players[0].bag != other.players[0].bag
    assert one.deck != other.deck
    hidden = [t for t in one.players[1].species[0].traits if not t.face_up]
    hidden_other = [t for t in other.players[1].species[0].traits if not t.face_up]
    assert hidden[0].trait is Trait.HORNS and hidden_other[0].trait is Trait.CLIMBING
    assert RULES.public_view(one) == RULES.public_view(other)
    assert render_board(view_of(one)) == render_board(view_of(other))


def test_nothing_private_reaches_the_image_during_the_food_card_pick():
    one = states.food_card_phase()
    data = RULES.dump_position(one)
    data["players"][0]["food_card"], data["players"][0]["hand"][0] = (
        data["players"][0]["hand"][0],
        data["players"][0]["food_card"],
    )
    data["players"][2]["bag"] = 17
    other = RULES.load_position(data)
    assert one.players[0].food_card != other.players[0].food_card
    assert render_board(view_of(one)) == render_board(view_of(other))


# Options.
def test_a_translation_replaces_the_words():
    view = view_of(states.mid_feeding(2))
    translated = render_board(view, labels={"round": "Kör {n}", "phase.feeding": "Etetés"})
    assert translated != render_board(view)
    open_png(translated)


def test_a_broken_translation_falls_back_to_english():
    view = view_of(states.mid_feeding(2))
    assert render_board(view, labels={"round": "Kör {missing}"}) == render_board(view)


def test_long_translations_are_fitted_not_overflowing():
    view = view_of(states.crowded(players=4, per_player=5))
    long = {
        key: value.upper() + " ЗАХИСНОГО НАЙДОВШОГО ЗАГОЛОВКУ" for key, value in ENGLISH.items() if "{" not in value
    }
    open_png(render_board(view, labels=long))


def test_every_trait_has_an_english_name_and_a_colour():
    for trait in Trait:
        assert f"trait.{trait.value}" in ENGLISH
        assert f"trait.{trait.value}" in DEFAULT_COLOURS


def test_colours_can_be_overridden_by_name():
    view = view_of(states.mid_feeding(2))
    image = open_png(render_board(view, colours={"background": "#ff00ff"})).convert("RGB")
    # The PNG is palette-based, so a flat colour may come back a few levels off.
    corner = image.getpixel((image.width - 1, image.height - 1))
    assert isinstance(corner, tuple)
    assert all(abs(a - b) <= 6 for a, b in zip(corner, (255, 0, 255), strict=True))


def test_an_unknown_colour_name_is_refused():
    with pytest.raises(ValueError, match="unknown colour"):
        render_board(view_of(states.mid_feeding(2)), colours={"backgroud": "#000000"})


def test_the_default_bitmap_font_is_never_used(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("ImageFont.load_default was called")

    monkeypatch.setattr(ImageFont, "load_default", refuse)
    render_board(view_of(states.mid_feeding(3)), labels={"round": "Раунд {n}"})


def test_each_species_shows_the_number_its_name_gives_it_not_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stable names (docs/rulings.md): Ann's row reads species 3 then species 1 (her species 2 is gone), as every log
    line and menu names them."""
    numbers = spy_numbers(monkeypatch)
    state = scenario(
        players=[
            {**player("Ann", species(3), species(5)), "species_made": [5, 9, 3]},
            player("Bob", species(7)),
        ]
    )
    render_board(view_of(state))
    assert numbers == [3, 1, 1]


@pytest.mark.parametrize("width", [400, 560, 800, 1000, 1200, 1600])
def test_no_trait_name_runs_over_its_card_at_any_width(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """Text sizes are whole pixels, rounded up, so at some widths a name is relatively wider than the layout measured
    it: it keeps to its card's lines all the same, in every language."""
    overflows = spy_overflows(monkeypatch)
    for state in (states.mid_feeding(4), states.crowded(), states.reveal_phase(), states.tied_game_over()):
        for language in LANGUAGES:
            render_board(view_of(state), width=width, labels=board_labels(language, "north_star"))
    assert overflows == []


def test_the_longest_trait_names_are_whole_on_a_crowded_boards_compact_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Six players with eight species each, in every language: a name too long for a compact card breaks where its
    language hyphenates it, over as many lines as it needs ("Попере-", "джуваль-", "ний", "сигнал"), never cut off."""
    found = spy_overflows(monkeypatch, cut_off=True)
    for language in LANGUAGES:
        render_board(view_of(states.crowded()), labels=board_labels(language, "north_star"))
    assert found == []
