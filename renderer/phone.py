"""Boards read on a phone (issue 30): where most people read Discord, an attached image is shown about
:data:`PHONE_WIDTH` pixels wide, so every board is designed in units of those pixels and drawn :data:`SCALE` times
larger (a board :data:`WIDTH` units wide is a :data:`NATURAL_WIDTH`-pixel image).

Up to :data:`WHOLE_TABLE` players, every word on a board is at least :data:`LEGIBLE` units high. A larger table
does not fit in so few pixels with every word that size, so it is *crowded*: each player's panel is compact (in
two columns), with everything a player needs to decide still :data:`LEGIBLE` (the round and phase, the food, every
name, whose move it is and what each player owes, each species' or animal's numbers and food) and only the finer
print smaller (trait names on compact cards, captions), down to :data:`DETAIL` units; the panel of the player the
table waits for (and of the reader who asked for the board, when one did) is drawn in full across the board,
above the others, every word :data:`LEGIBLE`. The full-size image (a tap on it, or the Board button) shows the
finer print at a readable size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

#: How wide a phone shows an attached image, in pixels, and a board's width in design units.
PHONE_WIDTH = WIDTH = 400
#: The image's pixels per design unit: the natural image is sharp when opened full size on a large screen.
SCALE = 2.4
NATURAL_WIDTH = math.ceil(WIDTH * SCALE)
#: The smallest text a phone shows legibly, in pixels at PHONE_WIDTH (a font's size: its em height).
LEGIBLE = 9.0
#: The smallest fine print on a crowded board.
DETAIL = 5.5
#: Up to this many players every word is LEGIBLE; more players make the board crowded.
WHOLE_TABLE = 4
#: Page margins and the gap between panels, in design units.
MARGIN = 8
GAP = 6


@dataclass(frozen=True, slots=True)
class Sheet:
    """How a board is laid out for its number of players: one column of full panels, or (crowded) a column of
    spotlit full panels over two columns of compact ones."""

    players: int

    @property
    def crowded(self) -> bool:
        return self.players > WHOLE_TABLE

    @property
    def columns(self) -> int:
        return 2 if self.crowded else 1

    def panel_width(self, full: bool) -> float:
        """A panel's width: the page's, or a column's."""
        if full or not self.crowded:
            return WIDTH - 2 * MARGIN
        return (WIDTH - 2 * MARGIN - GAP) / 2


def spotlit(sheet: Sheet, waiting: Collection[int], reader: int | None, seats: Sequence[int]) -> tuple[int, ...]:
    """The seats whose panels a crowded board draws in full: the one player the table waits for (none while
    several decide at once), then the reader (when one asked and holds a seat)."""
    if not sheet.crowded:
        return ()
    chosen = [seat for seat in waiting] if len(waiting) == 1 else []
    if reader is not None and reader in seats and reader not in chosen:
        chosen.append(reader)
    return tuple(chosen)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a player's panel goes: its index in the table's order, its box, and whether it is drawn in full."""

    index: int
    x: float
    y: float
    w: float
    h: float
    full: bool


class Planned(Protocol):
    """A panel as its board lays it out: at least, how tall it is."""

    @property
    def height(self) -> float: ...


P = TypeVar("P", bound=Planned)


def arrange(
    sheet: Sheet, seats: Sequence[int], spotlight: Sequence[int], plan: Callable[[int, bool], P], top: float
) -> tuple[tuple[Place, ...], float, dict[tuple[int, bool], P]]:
    """The panels' places from ``top``: each spotlit panel alone in a row, then the others in table order, a row of
    ``sheet.columns`` as tall as its tallest (``plan(index, full)`` lays a panel out); the bottom of the last row;
    and each panel's plan, by its index and whether it is drawn in full."""
    first = [seats.index(seat) for seat in spotlight]
    rest = [index for index in range(len(seats)) if index not in first]
    rows: list[list[int]] = [[index] for index in first]
    rows += [rest[i : i + sheet.columns] for i in range(0, len(rest), sheet.columns)]
    places: list[Place] = []
    plans: dict[tuple[int, bool], P] = {}
    y = top
    for row in rows:
        full = row[0] in first or not sheet.crowded
        w = sheet.panel_width(full)
        for index in row:
            plans[index, full] = plan(index, full)
        row_h = max(plans[index, full].height for index in row)
        for column, index in enumerate(row):
            places.append(Place(index, MARGIN + column * (w + GAP), y, w, row_h, full))
        y += row_h + GAP
    return tuple(places), (y - GAP if rows else y), plans
