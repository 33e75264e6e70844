"""Boards read on a phone (renderer.phone, issue 30): every rule system at every table size it allows, at moments
along seeded random games, shown 400 pixels wide: up to four players every word at least 9 pixels high; with more,
every word a player needs to decide (the round, the food, each name and status, each species' numbers, the whole
panel of the player to move) that size and only the fine print smaller; and the image of a sensible size.

The sizes are the drawer's own record of every text it drew (``draw_board``'s lettering), scaled to 400 pixels.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from types import ModuleType

import pytest

from renderer import draw_board, phone, render_board
from renderer.dice_combat import layout as dice_combat
from renderer.labels import Labels
from renderer.north_star import layout as north_star
from renderer.north_star.labels import ENGLISH as NORTH_STAR_ENGLISH
from renderer.origin import layout as origin
from renderer.pen import Drawing
from renderer.phone import DETAIL, LEGIBLE, NATURAL_WIDTH, Place
from rules_core.engine import PublicView
from rules_core.registry import find_ruleset
from texts.board_labels import board_labels
from texts.languages import LANGUAGES

NAMES = ("Anna Kovács", "Bartosz Łukasiewicz", "Олександра Шевченко", "Ödön Hősök", "María José", "Tom", "Zoë", "Kai")
TABLES = [
    (name, players)
    for name, most in (("north_star", 6), ("dice_combat", 6), ("origin", 8))
    for players in range(2, most + 1)
]
DRAWERS: dict[str, ModuleType] = {"north_star": north_star, "dice_combat": dice_combat, "origin": origin}
#: A board taller than this many times its width would be a scroll of its own on a phone.
TALLEST = 3.5
MAX_BYTES = 400_000


def moments(name: str, players: int, seed: int, every: int = 30) -> Iterator[PublicView]:
    """The public view every ``every`` actions of a seeded game of random legal moves, and at its end."""
    rules = find_ruleset(name)
    chooser = random.Random(seed)
    state = rules.new_game(players=list(NAMES[:players]), options={}, seed=seed)[0]
    actions = 0
    while rules.outcome(state) is None:
        if actions % every == 0:
            yield rules.public_view(state)
        duties = rules.duties(state)
        seat = duties[chooser.randrange(len(duties))].seat
        legal = rules.legal_actions(state, seat)
        state, _ = rules.apply(state, legal[chooser.randrange(len(legal))])
        actions += 1
    yield rules.public_view(state)


def phone_size(drawing: Drawing, size: int) -> float:
    return size * phone.PHONE_WIDTH / drawing.width


def inside(place: Place, x: float, y: float) -> bool:
    return place.x <= x <= place.x + place.w and place.y <= y <= place.y + place.h


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_board_is_legible_on_a_phone(name: str, players: int) -> None:
    for seed in (1, 2):
        for view in moments(name, players, seed):
            drawing = draw_board(view)
            assert drawing.width == NATURAL_WIDTH and drawing.height <= TALLEST * drawing.width
            assert len(drawing.png) < MAX_BYTES and drawing.png.startswith(b"\x89PNG")
            essential = [item for item in drawing.lettering if item.essential]
            if players <= phone.WHOLE_TABLE:
                assert drawing.smallest() >= LEGIBLE, [(i.text, i.size) for i in drawing.lettering if not i.essential]
            else:
                assert drawing.smallest(essential=True) >= LEGIBLE
                assert drawing.smallest() >= DETAIL
            # Every player's name, and the round, are among the essential words.
            words = " ".join(item.text for item in essential)
            assert all(player.name in words for player in view.players)
            assert str(view.round) in words


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "players"), [(n, p) for n in DRAWERS for p in (4, 6 if n != "origin" else 8)])
def test_every_language_keeps_to_the_same_sizes(name: str, players: int, language: str) -> None:
    """Longer words (Ukrainian, Hungarian...) are cut or wrapped, never drawn smaller than the bounds."""
    labels = board_labels(language, name)
    for view in itertools.islice(moments(name, players, 8, every=40), 0, None, 3):
        drawing = draw_board(view, labels=labels)
        assert drawing.smallest(essential=True) >= LEGIBLE
        assert drawing.smallest() >= (LEGIBLE if players <= phone.WHOLE_TABLE else DETAIL)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tie_break_values_are_drawn_whole_in_every_language(language: str) -> None:
    """A results card a third of the board wide: where "Tie-break: Traits 3 · Population 3" does not fit (in
    Hungarian, say), its values are drawn without the title rather than cut off."""
    view = list(moments("north_star", 6, 8, every=10_000))[-1]
    assert view.outcome is not None
    labels = board_labels(language, "north_star")
    words = Labels(NORTH_STAR_ENGLISH, labels)
    scores = [standing.score for standing in view.outcome.standings]
    tied = [standing for standing in view.outcome.standings if scores.count(standing.score) > 1]
    assert tied
    drawn = [item.text for item in draw_board(view, labels=labels).lettering]
    for standing in tied:
        values = " · ".join(f"{words(f'tiebreak.{i}')} {v}" for i, v in enumerate(standing.tiebreaks))
        assert any(text.endswith(values) for text in drawn), values


@pytest.mark.parametrize(("name", "players"), [(n, p) for n, p in TABLES if p > phone.WHOLE_TABLE])
def test_a_crowded_board_draws_the_player_to_move_in_full_and_first(name: str, players: int) -> None:
    drawer = DRAWERS[name]
    seen = 0
    for view in itertools.islice(moments(name, players, 3, every=13), 14):
        waiting = {d.seat for d in view.decisions if not d.opportunity}
        plan = drawer.layout(view)
        drawing = draw_board(view)
        if len(waiting) != 1:
            assert plan.spotlight == () and not any(place.full for place in plan.places)
            continue
        (seat,) = waiting
        first = plan.places[0]
        assert plan.spotlight == (seat,) and view.players[first.index].seat == seat and first.full
        assert first.w > 2 * plan.places[1].w and all(not place.full for place in plan.places[1:])
        # Every word in the panel of the player to move is LEGIBLE on a phone, their traits' names among them.
        words = [item for item in drawing.lettering if inside(first, item.x, item.y)]
        assert words and all(item.essential and phone_size(drawing, item.size) >= LEGIBLE for item in words)
        # The others keep the seats' order.
        rest = [view.players[place.index].seat for place in plan.places[1:]]
        assert rest == sorted(rest)
        seen += 1
    assert seen, "no moment with one player to move"


@pytest.mark.parametrize(("name", "players"), [("north_star", 6), ("dice_combat", 5), ("origin", 8)])
def test_the_reader_of_a_crowded_board_sees_their_own_panel_in_full(name: str, players: int) -> None:
    view = next(v for v in moments(name, players, 4, every=11) if len({d.seat for d in v.decisions}) == 1)
    acting = view.decisions[0].seat
    reader = next(p.seat for p in view.players if p.seat != acting)
    plan = DRAWERS[name].layout(view, reader=reader)
    assert plan.spotlight == (acting, reader)
    assert [view.players[p.index].seat for p in plan.places[:2]] == [acting, reader]
    assert plan.places[0].full and plan.places[1].full and not plan.places[2].full
    drawing = draw_board(view, reader=reader)
    words = [item for item in drawing.lettering if inside(plan.places[1], item.x, item.y)]
    assert words and all(item.essential for item in words)
    assert drawing.png != render_board(view)


@pytest.mark.parametrize("name", ["north_star", "dice_combat", "origin"])
def test_a_small_table_is_drawn_whole_in_the_seats_order_for_every_reader(name: str) -> None:
    view = list(moments(name, 4, 5))[2]
    plan = DRAWERS[name].layout(view)
    assert [place.index for place in plan.places] == [0, 1, 2, 3] and all(place.full for place in plan.places)
    assert all(render_board(view, reader=seat) == render_board(view) for seat in (0, 3))


@pytest.mark.parametrize("name", ["north_star", "dice_combat", "origin"])
def test_the_sizes_are_the_images_own_at_any_width(name: str) -> None:
    view = list(moments(name, 6, 6))[3]
    natural, narrow = draw_board(view), draw_board(view, width=480)
    assert narrow.width == 480 and narrow.height == pytest.approx(natural.height / 2, abs=1)
    assert narrow.smallest() == pytest.approx(natural.smallest(), abs=0.5)
    # A phone shows the narrow image at its own width: its text, in pixels of that image, is what the reader gets.
    assert min(item.size for item in narrow.lettering) == pytest.approx(natural.smallest() * 480 / 400, abs=1)
