"""The North Star board laid out (renderer.phone): the sizes of its cards in a full panel and a compact one, each
species' card as tall as its own traits, each player's panel as tall as its lines of species, and where each panel
goes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from renderer import parts, phone
from renderer.labels import Labels
from renderer.north_star.labels import ENGLISH
from renderer.pen import measurer
from renderer.phone import DETAIL, GAP, LEGIBLE, MARGIN, WIDTH, Place, Sheet
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import Phase
from rules_core.north_star.view import PlayerTableView, SpeciesView, TableView

HEADER_H = 98.0
#: The empty place of a player without species.
EMPTY_H = {True: 38.0, False: 26.0}


@dataclass(frozen=True, slots=True)
class Cards:
    """How species are drawn in a full panel (every word LEGIBLE) or a compact one (trait names and captions fine
    print; the numbers and the food stay LEGIBLE or large)."""

    full: bool
    tile_min: float
    pad: float
    gap: float
    chip_gap: float
    chip_pad: float
    badge: float
    text: float
    text_min: float
    number: float
    caption: float
    stats_h: float
    caption_y: float
    number_y: float
    token: float
    tokens_h: float
    fat_h: float
    foot_h: float

    def chip_room(self, tile_w: float, waiting: bool) -> float:
        """The width left for a trait's name on its card."""
        return tile_w - 2 * self.pad - self.badge - 7 - (self.badge * 0.75 if waiting else 0)


FULL = Cards(
    full=True,
    tile_min=112,
    pad=4,
    gap=5,
    chip_gap=2,
    chip_pad=2.5,
    badge=12,
    text=10,
    text_min=LEGIBLE,
    number=15,
    caption=LEGIBLE,
    stats_h=34,
    caption_y=8,
    number_y=22.5,
    token=10,
    tokens_h=13,
    fat_h=12,
    foot_h=18,
)
COMPACT = Cards(
    full=False,
    tile_min=52,
    pad=2.5,
    gap=4,
    chip_gap=1.5,
    chip_pad=1.5,
    badge=7,
    text=6.5,
    text_min=DETAIL,
    number=LEGIBLE + 2,
    caption=DETAIL,
    stats_h=22,
    caption_y=4.5,
    number_y=14.5,
    token=7,
    tokens_h=9,
    fat_h=8,
    foot_h=11,
)


@dataclass(frozen=True, slots=True)
class PanelPlan:
    """A player's panel as laid out: full or compact, its cards' width and how many to a line, each card's trait
    cards' heights and its own height, each line's height, and the panel's height."""

    cards: Cards
    tile_w: float
    per_line: int
    chips: tuple[tuple[float, ...], ...]
    tiles: tuple[float, ...]
    lines: tuple[float, ...]
    height: float


@dataclass(frozen=True, slots=True)
class Layout:
    sheet: Sheet
    spotlight: tuple[int, ...]
    chip_text: Mapping[bool, float]
    results_h: float
    places: tuple[Place, ...]
    panels: Mapping[tuple[int, bool], PanelPlan]
    height: int


def status_key(view: TableView, player: PlayerTableView) -> str | None:
    """What a player's status pill tells, as a label key: ``rank`` (the result, at the end), the decision the player
    owes, or what a player who owes nothing has done; None for nothing."""
    if view.phase is Phase.GAME_OVER:
        outcome = view.outcome
        found = outcome is not None and any(s.seat == player.seat for s in outcome.standings)
        return "rank" if found else None
    kind = next((d.kind for d in view.decisions if d.seat == player.seat), None)
    if kind is not None:
        return f"decision.{kind}"
    if view.phase is Phase.FOOD_CARDS and player.food_card_chosen:
        return "status.food_card_chosen"
    if view.phase is Phase.PLAY_CARDS and player.done:
        return "status.done_playing"
    if view.phase is Phase.FEEDING and player.done:
        return "status.stopped_feeding"
    return None


def head_height(view: TableView, player: PlayerTableView, full: bool) -> float:
    """A compact panel's head has a second line for its status, when there is one."""
    return parts.HEAD if full or status_key(view, player) is None else parts.HEAD_COMPACT


def has_fat(species: SpeciesView) -> bool:
    return species.fat > 0 or any(t.trait is Trait.FAT_TISSUE for t in species.traits)


def waiting_effects(view: TableView) -> set[tuple[int, Trait]]:
    return {(e.species, e.trait) for e in view.pending_effects}


def _chip_heights(
    view: TableView, species: SpeciesView, cards: Cards, tile_w: float, size: float, t: Labels
) -> tuple[float, ...]:
    pen = measurer()
    waiting = waiting_effects(view)
    heights = []
    for trait in species.traits:
        lines = 1
        if trait.trait is not None:
            room = cards.chip_room(tile_w, (species.id, trait.trait) in waiting)
            lines = len(pen.wrap(t(f"trait.{trait.trait.value}"), room, size, size, 3, bold=True)[0])
        heights.append(max(cards.badge + 2 * cards.chip_pad, lines * size * 1.12 + 2 * cards.chip_pad))
    return tuple(heights)


def _panel_plan(
    view: TableView, player: PlayerTableView, cards: Cards, w: float, size: float, t: Labels, head: float
) -> PanelPlan:
    tile_w, per_line = parts.card_columns(w, cards.tile_min, cards.gap)
    over = view.phase is Phase.GAME_OVER
    feeding = view.phase in (Phase.FEEDING, Phase.REVEAL_EFFECTS)
    chips = tuple(_chip_heights(view, s, cards, tile_w, size, t) for s in player.species)
    tiles = tuple(
        cards.pad
        + sum(h + cards.chip_gap for h in heights)
        + cards.stats_h
        + (0 if over else cards.tokens_h)
        + (cards.fat_h if has_fat(s) else 0)
        + (cards.foot_h if feeding else 0)
        + cards.pad
        for s, heights in zip(player.species, chips, strict=True)
    )
    lines = tuple(max(tiles[i : i + per_line]) for i in range(0, len(tiles), per_line)) or (EMPTY_H[cards.full],)
    body = sum(lines) + cards.gap * (len(lines) - 1)
    return PanelPlan(cards, tile_w, per_line, chips, tiles, lines, head + parts.PAD + body + parts.PAD + 2)


def layout(view: TableView, labels: Mapping[str, str] | None = None, reader: int | None = None) -> Layout:
    """The arrangement of the board for its number of players (renderer.phone), every species card as tall as
    its own traits."""
    t = Labels(ENGLISH, labels)
    sheet = Sheet(len(view.players))
    seats = [p.seat for p in view.players]
    waiting = [d.seat for d in view.decisions]
    spotlight = phone.spotlit(sheet, waiting, reader, seats)
    names = [
        t(f"trait.{trait.value}")
        for trait in {tr.trait for p in view.players for s in p.species for tr in s.traits}
        if trait is not None
    ]
    chip_text = {}
    for cards in (FULL, COMPACT):
        tile_w, _ = parts.card_columns(sheet.panel_width(cards.full), cards.tile_min, cards.gap)
        room = cards.chip_room(tile_w, False)
        chip_text[cards.full] = parts.shared_text_size(
            measurer(), names, room, size=cards.text, min_size=cards.text_min
        )
    panels: dict[tuple[int, bool], PanelPlan] = {}

    def height(index: int, full: bool) -> float:
        cards = FULL if full else COMPACT
        player = view.players[index]
        head = head_height(view, player, full)
        plan = _panel_plan(view, player, cards, sheet.panel_width(full), chip_text[full], t, head)
        panels[index, full] = plan
        return plan.height

    top = HEADER_H + GAP
    results_h = 0.0
    if view.outcome is not None:
        results_h = parts.results_height(WIDTH, MARGIN, len(view.outcome.standings), sheet.crowded) + GAP
        top += results_h
    places, bottom = phone.arrange(sheet, seats, spotlight, height, top)
    return Layout(sheet, spotlight, chip_text, results_h, places, panels, math.ceil(bottom + MARGIN))
