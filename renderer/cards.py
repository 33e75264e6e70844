"""The sizes of a board's cards and the arithmetic of the trait cards on its tiles, as every rule system's board
works them out:

* a board's card sizes come as a pair, a full panel's (every word LEGIBLE) and a compact one's (fine print), each
  size written once with its two values side by side (:func:`full_and_compact`), the trait cards' sizes that every
  board shares once for all (:data:`TRAIT_CARD_SIZES`);
* where a board's trait cards name a trait beside a mark (:class:`TraitCards`: North Star's species, the original
  game's animals), one text size for every trait name on the board (:func:`trait_text_sizes`), so that the cards read
  alike, and each trait card as tall as its name needs (:func:`chip_heights`).

All lengths are design units (renderer.phone).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from renderer import parts
from renderer.pen import Pen, measurer
from renderer.phone import DETAIL, LEGIBLE, Sheet
from renderer.text import FreeTypeFont

C = TypeVar("C")

#: The sizes every board's trait cards share, as ``(full, compact)`` (:func:`full_and_compact`): the narrowest tile
#: and the gap between tiles, the gap between trait cards and the room around a name, the name's text size and the
#: least it may shrink to (the finest print a phone shows: renderer.phone).
TRAIT_CARD_SIZES: Mapping[str, tuple[float, float]] = {
    "tile_min": (112, 52),
    "gap": (5, 4),
    "chip_gap": (2, 1.5),
    "chip_pad": (2.5, 1.5),
    "text": (10, 6.5),
    "text_min": (LEGIBLE, DETAIL),
}


def full_and_compact(kind: Callable[..., C], **sizes: tuple[float, float]) -> tuple[C, C]:
    """A board's card sizes ``kind`` for a full panel and for a compact one (``full=True``, ``full=False``), from
    each size's two values, ``name=(full, compact)``."""
    full = kind(full=True, **{name: values[0] for name, values in sizes.items()})
    compact = kind(full=False, **{name: values[1] for name, values in sizes.items()})
    return full, compact


class TraitCards(Protocol):
    """A board's sizes of the trait cards on its tiles, full or compact: the narrowest tile and the gap between tiles,
    the trait's name (its size and the least it may shrink to), the room around it on its card, and the shortest a
    card is."""

    @property
    def full(self) -> bool: ...

    @property
    def tile_min(self) -> float: ...

    @property
    def gap(self) -> float: ...

    @property
    def text(self) -> float: ...

    @property
    def text_min(self) -> float: ...

    @property
    def chip_pad(self) -> float: ...

    @property
    def chip_least(self) -> float: ...

    def chip_room(self, tile_w: float, marked: bool) -> float:
        """The width left for a trait's name on its card on a tile ``tile_w`` wide, beside the card's mark when it
        is ``marked`` (what the mark is, each board says)."""
        ...


def shared_text_size(pen: Pen, names: Iterable[str], room: float, *, size: float, min_size: float) -> float:
    """One text size (design units) for every name of a kind on a board (the traits on their cards): the largest
    at which each of ``names`` fits ``room`` units in at most two bold lines, so that the cards read alike; ``size``
    when there are none."""
    sizes = [pen.wrap(name, room, size, min_size, 2, bold=True)[1].size / pen.k for name in names]
    return min(sizes, default=size)


def trait_text_sizes(
    sheet: Sheet, names: Sequence[str], tables: Iterable[TraitCards], language: str
) -> Mapping[bool, float]:
    """For each of a board's card sizes, by whether it is a full panel's: the text size of every trait name (of
    ``names``) on the board, which each fits beside no mark on a tile of a panel as the ``sheet`` lays it out."""
    sizes = {}
    for cards in tables:
        tile_w, _ = parts.card_columns(sheet.panel_width(cards.full), cards.tile_min, cards.gap)
        room = cards.chip_room(tile_w, False)
        pen = measurer(language)
        sizes[cards.full] = shared_text_size(pen, names, room, size=cards.text, min_size=cards.text_min)
    return sizes


#: The line height of a trait's name, in text sizes.
LINE = 1.12
#: The most lines a trait's name takes on its card: enough for the longest name of any language, broken where the
#: language hyphenates it, on a compact card ("Попере-", "джуваль-", "ний", "сигнал").
NAME_LINES = 4
#: How far a trait's name may shrink when drawn (a fraction of its size, never below the board's least) to keep to
#: the lines its card was measured for: text sizes are rounded up to whole pixels, more so at some widths than at
#: the natural one.
SHRINK = 0.85


def trait_name_lines(
    pen: Pen, cards: TraitCards, name: str, room: float, chip_h: float, size: float
) -> tuple[tuple[str, ...], FreeTypeFont]:
    """A trait's name wrapped for drawing on its card ``chip_h`` tall: in no more lines than the layout measured it
    in (``chip_heights``, at the natural width), a little smaller if this width's whole pixels need it, so that the
    name never runs over its card's edges."""
    lines = max(1, min(NAME_LINES, int((chip_h - 2 * cards.chip_pad) / (size * LINE) + 1e-6)))
    least = min(size, max(size * SHRINK, cards.text_min))
    return pen.wrap(name, room, size, least, lines, bold=True)


def chip_heights(
    cards: TraitCards, chips: Iterable[tuple[str | None, bool]], tile_w: float, size: float, language: str
) -> tuple[float, ...]:
    """Each trait card's height on a tile ``tile_w`` wide, from its name (None: a card face down, one line) and
    whether it is marked: its name in at most NAME_LINES lines of the shared text ``size`` in the room beside its mark,
    and no shorter than ``cards.chip_least``."""
    pen = measurer(language)
    heights = []
    for name, marked in chips:
        lines = 1
        if name is not None:
            lines = len(pen.wrap(name, cards.chip_room(tile_w, marked), size, size, NAME_LINES, bold=True)[0])
        heights.append(max(cards.chip_least, lines * size * LINE + 2 * cards.chip_pad))
    return tuple(heights)
