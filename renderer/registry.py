"""Which drawer draws which rule system's board, by the type of its public view.

A new rule system's board is a package under ``renderer`` plus one line in :data:`DRAWERS`; tests may
``DRAWERS.register`` one of their own for a while.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from renderer.dice_combat import board as dice_combat_board
from renderer.north_star import board as north_star_board
from renderer.origin import board as origin_board
from renderer.pen import Drawing
from rules_core.dice_combat.view import TableView as DiceCombatTable
from rules_core.engine import PublicView
from rules_core.north_star.view import TableView as NorthStarTable
from rules_core.origin.view import TableView as OriginTable
from rules_core.registries import Registry

#: Draws a public view: ``(view, *, width, labels, colours, reader) -> Drawing``.
Drawer = Callable[..., Drawing]

DRAWERS: Registry[type[PublicView], Drawer] = Registry(
    {NorthStarTable: north_star_board.draw, OriginTable: origin_board.draw, DiceCombatTable: dice_combat_board.draw}
)


def draw_board(
    view: PublicView,
    *,
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
    colours: Mapping[str, str | tuple[int, int, int]] | None = None,
    reader: int | None = None,
) -> Drawing:
    """The public view of a game drawn by its rule system's drawer: the PNG and every text on it (how small each is
    on a phone: renderer.phone).

    Only a public view is accepted (by type: a seat's view or a whole state is refused with TypeError), so nothing
    private can reach an image. ``width`` is the image width in pixels (default: the board's natural width,
    renderer.phone.NATURAL_WIDTH); ``labels`` overrides the drawer's English words (a translation:
    ``texts.board_labels``); ``colours`` overrides the drawer's colours by name; ``reader`` is the seat of
    the player the image is shown to alone (the Board button), whose panel a crowded board then draws in full.
    """
    if not isinstance(view, PublicView):
        raise TypeError(f"render_board takes a public view, not {type(view).__name__}")
    drawer = DRAWERS.get(type(view))
    if drawer is None:
        raise TypeError(f"no board is drawn for {type(view).__name__}")
    return drawer(view, width=width, labels=labels, colours=colours, reader=reader)


def render_board(
    view: PublicView,
    *,
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
    colours: Mapping[str, str | tuple[int, int, int]] | None = None,
    reader: int | None = None,
) -> bytes:
    """The public view of a game as PNG bytes (:func:`draw_board`'s image)."""
    return draw_board(view, width=width, labels=labels, colours=colours, reader=reader).png
