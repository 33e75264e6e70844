"""The paired traits' links under a line of an original "Evolution" player's animals (seed 003: a paired trait is
a card lying between two animals): which lane each link runs in, so that no two cross, and where a link to an animal
on another line ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_core.origin.state import Link
from rules_core.origin.view import PlayerView


@dataclass(frozen=True, slots=True)
class Lane:
    """One link drawn in a lane under a line of animals: from ``start`` to ``end`` (x, design units from the
    panel's content edge), ``lane`` from the top; ``partner`` names the far animal when it is on another line;
    ``label`` is the room its name takes in the lane (a link to another line runs only to the panel's edge, so its
    name is given a card's width inward, kept free of the lane's other links)."""

    link: Link
    start: float
    end: float
    lane: int
    first_x: float | None
    second_x: float | None
    partner: int | None = None
    label: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Line:
    """A line of a player's animals (their indices in the row), as tall as its tallest card, and the links drawn
    under it."""

    animals: tuple[int, ...]
    tile_h: float
    lanes: tuple[Lane, ...]
    lane_count: int


def line_lanes(
    player: PlayerView, indices: Sequence[int], tile_w: float, per_line: int, gap: float
) -> tuple[tuple[Lane, ...], int]:
    """The links of ``player`` drawn under the line holding the animals at ``indices``, each in a lane where it
    crosses no other: a link whose far animal is on another line runs to the panel's edge and names it."""
    position = {a.id: i for i, a in enumerate(player.animals)}
    line_of = {a.id: i // per_line for i, a in enumerate(player.animals)}
    here = {player.animals[i].id for i in indices}
    line = line_of[player.animals[indices[0]].id]
    # Each animal's link ends spread over its tile's bottom edge, so that no two links share a stub.
    ends: dict[int, list[Link]] = {}
    for link in player.links:
        for animal in (link.first, link.second):
            ends.setdefault(animal, []).append(link)

    def stub(animal: int, link: Link) -> float:
        column = position[animal] % per_line
        mine = ends[animal]
        return column * (tile_w + gap) + tile_w * (mine.index(link) + 1) / (len(mine) + 1)

    spans: list[tuple[float, float, Link, float | None, float | None, int | None, tuple[float, float]]] = []
    for link in player.links:
        if link.first not in position or link.second not in position:
            continue
        a, b = link.first in here, link.second in here
        if not (a or b):
            continue
        first_x = stub(link.first, link) if a else None
        second_x = stub(link.second, link) if b else None
        if a and b:
            assert first_x is not None and second_x is not None
            start, end = min(first_x, second_x), max(first_x, second_x)
            spans.append((start, end, link, first_x, second_x, None, (start, end)))
            continue
        # The far end is on another line: run to the edge on its side (earlier lines are to the left).
        near = first_x if a else second_x
        assert near is not None
        far = link.second if a else link.first
        edge = -gap / 2 if line_of[far] < line else per_line * (tile_w + gap) - gap / 2
        start, end = min(near, edge), max(near, edge)
        label = (start, max(end, start + tile_w)) if edge < near else (min(start, end - tile_w), end)
        spans.append((start, end, link, first_x, second_x, position[far] + 1, label))
    spans.sort(key=lambda s: (s[1] - s[0], s[0]))
    taken: list[list[tuple[float, float]]] = []
    lanes = []
    for start, end, link, first_x, second_x, partner, label in spans:
        low, high = min(start, label[0]), max(end, label[1])
        lane = next(
            (i for i, used in enumerate(taken) if all(high < s - 2 or low > e + 2 for s, e in used)), len(taken)
        )
        if lane == len(taken):
            taken.append([])
        taken[lane].append((low, high))
        lanes.append(Lane(link, start, end, lane, first_x, second_x, partner, label))
    return tuple(lanes), len(taken)
