"""The seats' colours (renderer.theme.SEAT_COLOURS): eight colours every board shares, told apart in normal vision
and by the colour-blind (issue 30: on eight-player boards seats 1 and 7, 2 and 6 looked alike), and drawn solid
beside each player's name."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from renderer import draw_board, phone
from renderer.dice_combat.theme import DEFAULT_COLOURS as DICE_COMBAT
from renderer.north_star.theme import DEFAULT_COLOURS as NORTH_STAR
from renderer.origin.theme import DEFAULT_COLOURS as ORIGIN
from renderer.theme import SEAT_COLOURS
from rules_core.registry import find_ruleset
from tests.renderer.colour_vision import MACHADO_2009, VISIONS, ciede2000, seen

#: The least CIEDE2000 difference between two seats' colours, in every vision. About 2 is a just noticeable
#: difference side by side; colours told apart at a glance, apart from each other on a board, need far more.
APART = 18.0
#: The old palette's seats 2 and 5 (blue and purple) were 2.5 apart to the deuteranope.
OLD = ((211, 64, 60), (48, 116, 206), (222, 160, 24), (46, 150, 84), (140, 88, 196), (22, 156, 166), (214, 110, 160))


def closest(colours: tuple[tuple[int, int, int], ...], vision: str | None) -> tuple[float, int, int]:
    seen_as = [seen(colour, vision) for colour in colours]
    return min((ciede2000(seen_as[i], seen_as[j]), i, j) for i, j in itertools.combinations(range(len(colours)), 2))


def test_the_difference_is_ciede2000() -> None:
    # Sharma, Wu and Dalal (2005), Table 1: pairs 1, 7 and 17 of their test data.
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50.0, 0.0, 0.0), (50.0, -1.0, 2.0)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)) == pytest.approx(27.1492, abs=1e-4)


def test_the_simulation_leaves_grey_grey_and_merges_what_a_dichromat_confuses() -> None:
    grey = seen((128, 128, 128))
    for vision in MACHADO_2009:
        assert ciede2000(seen((128, 128, 128), vision), grey) < 1.0
    # Red and green of equal lightness, far apart in normal vision, close for the red-green deficiencies.
    red, green = (200, 90, 60), (110, 130, 50)
    assert ciede2000(seen(red), seen(green)) > 25
    assert ciede2000(seen(red, "deuteranopia"), seen(green, "deuteranopia")) < 10


@pytest.mark.parametrize("vision", VISIONS, ids=lambda v: v or "normal")
def test_every_two_seats_look_apart(vision: str | None) -> None:
    assert len(SEAT_COLOURS) == 8
    difference, first, second = closest(SEAT_COLOURS, vision)
    assert difference >= APART, f"seats {first + 1} and {second + 1}: {difference:.1f}"


def test_the_old_colours_failed_this() -> None:
    assert closest(OLD, "deuteranopia")[0] < APART


@pytest.mark.parametrize("palette", [NORTH_STAR, DICE_COMBAT, ORIGIN], ids=["north_star", "dice_combat", "origin"])
def test_every_rule_system_gives_its_seats_these_colours(palette: dict[str, tuple[int, int, int]]) -> None:
    seats = sorted(key for key in palette if key.startswith("player."))
    assert [palette[key] for key in seats] == list(SEAT_COLOURS[: len(seats)])


@pytest.mark.parametrize(("name", "players"), [("north_star", 6), ("dice_combat", 6), ("origin", 8)])
def test_each_panel_shows_its_seats_colour_solid(name: str, players: int) -> None:
    """The stripe down each panel's left edge is the seat's colour itself, not a tint of it."""
    from renderer.dice_combat import layout as dice_combat
    from renderer.north_star import layout as north_star
    from renderer.origin import layout as origin

    rules = find_ruleset(name)
    view = rules.public_view(rules.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=1)[0])
    layout = {"north_star": north_star, "dice_combat": dice_combat, "origin": origin}[name].layout(view)
    image = Image.open(io.BytesIO(draw_board(view).png)).convert("RGB")
    k = image.width / phone.WIDTH
    for place in layout.places:
        # Inside the stripe (past the panel's edge, which is at most 2 units), halfway down.
        pixel = image.getpixel((round((place.x + 3.5) * k), round((place.y + place.h / 2) * k)))
        expected = SEAT_COLOURS[view.players[place.index].seat]
        assert isinstance(pixel, tuple) and all(abs(a - b) <= 6 for a, b in zip(pixel, expected, strict=True))
