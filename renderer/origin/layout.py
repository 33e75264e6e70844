"""The original "Evolution"'s board laid out (renderer.phone): the sizes of its cards in a full panel and a compact
one, each animal's card as tall as its own traits, each player's panel as tall as its lines of animals and their
links, and where each panel goes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from renderer import parts, phone
from renderer.cards import TRAIT_CARD_SIZES, chip_heights, full_and_compact, trait_text_sizes
from renderer.labels import Labels
from renderer.origin.banner import banner_lines
from renderer.origin.labels import english
from renderer.origin.lanes import Line, line_lanes
from renderer.phone import DETAIL, GAP, LEGIBLE, MARGIN, Place, Sheet
from rules_core.origin.cards import Trait
from rules_core.origin.food import EXTRA_FOOD
from rules_core.origin.state import Phase, TraitCard
from rules_core.origin.traits.anglerfish import is_anglerfish
from rules_core.origin.view import AnimalView, PlayerView, TableView

HEADER_H = 98.0


@dataclass(frozen=True, slots=True)
class Cards:
    """How animals are drawn in a full panel (every word LEGIBLE) or a compact one (trait names, marks' words and
    links' names fine print; the animal's number and its food stay LEGIBLE or large)."""

    full: bool
    tile_min: float
    pad: float
    gap: float
    back_h: float
    badge: float
    chip_gap: float
    chip_pad: float
    edge: float
    text: float
    text_min: float
    mark: float
    token: float
    tokens_h: float
    fat_h: float
    lane_h: float
    lane_top: float
    line_gap: float
    empty_h: float

    def chip_room(self, tile_w: float, marked: bool) -> float:
        """The width left for a trait's name on its card (beside the extra food it needs or its sideways mark, when
        ``marked``: renderer.cards.TraitCards)."""
        return tile_w - 2 * self.pad - self.edge - 5 - (self.tag if marked else 0)

    @property
    def chip_least(self) -> float:
        """The shortest a trait card is: a line of its name's largest text."""
        return self.text + 2 * self.chip_pad + 2

    @property
    def tag(self) -> float:
        """The room of a trait card's extra food or sideways mark."""
        return self.text + 4


FULL, COMPACT = full_and_compact(
    Cards,
    **TRAIT_CARD_SIZES,
    pad=(3, 2),
    back_h=(19, 13),
    badge=(13, 11),
    edge=(3, 2),
    mark=(LEGIBLE, DETAIL),
    token=(10, 7),
    tokens_h=(14, 9),
    fat_h=(11, 7.5),
    lane_h=(17, 11),
    lane_top=(5, 3),
    line_gap=(6, 4),
    empty_h=(40, 26),
)


def need(animal: AnimalView) -> int:
    """Tokens the animal needs (seed 003: one, plus the number on its Big, Carnivore, Parasite cards; seed 001: one
    more for each Trematode joining it)."""
    return 1 + animal.trematodes + sum(EXTRA_FOOD.get(t.trait, 0) for t in animal.traits)


def face(card: TraitCard) -> Trait:
    """The trait a card under an animal shows: a revealed Anglerfish's card (seed 001) is its Carnivore."""
    return Trait.ANGLERFISH if is_anglerfish(card.card) else card.trait


def fat_cards(animal: AnimalView) -> int:
    return sum(1 for t in animal.traits if t.trait is Trait.FAT_TISSUE)


@dataclass(frozen=True, slots=True)
class PanelPlan:
    """A player's panel as laid out: full or compact, its cards' width and how many to a line, each card's trait
    cards' heights and its own height, its lines, and the panel's height."""

    cards: Cards
    tile_w: float
    per_line: int
    chips: tuple[tuple[float, ...], ...]
    tiles: tuple[float, ...]
    lines: tuple[Line, ...]
    height: float

    def links_h(self, line: Line) -> float:
        return self.cards.lane_top + line.lane_count * self.cards.lane_h if line.lane_count else 0.0


@dataclass(frozen=True, slots=True)
class Layout:
    sheet: Sheet
    spotlight: tuple[int, ...]
    chip_text: Mapping[bool, float]
    banner: tuple[str, ...]
    banner_h: float
    results_h: float
    places: tuple[Place, ...]
    panels: Mapping[tuple[int, bool], PanelPlan]
    height: int


def tagged(card: TraitCard) -> bool:
    """Whether a trait card carries a mark beside its name: the extra food it needs, or that it was used."""
    return card.used or EXTRA_FOOD.get(card.trait, 0) > 0


def _chip_heights(animal: AnimalView, cards: Cards, tile_w: float, size: float, t: Labels) -> tuple[float, ...]:
    chips = ((t(f"trait.{face(card).value}"), tagged(card)) for card in animal.traits)
    return chip_heights(cards, chips, tile_w, size, t.language)


def token_rows_h(animal: AnimalView, cards: Cards, over: bool) -> float:
    """The height of an animal's token rows: its food, and its fat when it has a Fat Tissue card or fat (none once
    the game is over: nothing is eaten any more)."""
    if over:
        return 0.0
    return cards.tokens_h + (cards.fat_h if fat_cards(animal) or animal.fat else 0.0) + 2


def _panel_plan(
    view: TableView, player: PlayerView, cards: Cards, w: float, size: float, t: Labels, head: float
) -> PanelPlan:
    tile_w, per_line = parts.card_columns(w, cards.tile_min, cards.gap)
    over = view.phase is Phase.GAME_OVER
    chips = tuple(_chip_heights(a, cards, tile_w, size, t) for a in player.animals)
    tiles = tuple(
        cards.back_h + token_rows_h(a, cards, over) + cards.pad + sum(h + cards.chip_gap for h in heights) + cards.pad
        for a, heights in zip(player.animals, chips, strict=True)
    )
    lines = []
    for first in range(0, len(player.animals), per_line):
        indices = tuple(range(first, min(first + per_line, len(player.animals))))
        lanes, count = line_lanes(player, indices, tile_w, per_line, cards.gap)
        lines.append(Line(indices, max(tiles[i] for i in indices), lanes, count))
    plan = PanelPlan(cards, tile_w, per_line, chips, tiles, tuple(lines), 0.0)
    body = sum(line.tile_h + plan.links_h(line) for line in lines) + cards.line_gap * (len(lines) - 1)
    if not lines:
        body = cards.empty_h
    return PanelPlan(cards, tile_w, per_line, chips, tiles, tuple(lines), head + parts.PAD + body + parts.PAD + 2)


def status_key(view: TableView, player: PlayerView) -> str | None:
    """What a player's status pill tells, as a label key: ``rank`` (the result, at the end), the decision the player
    owes now, or that they passed; None for nothing."""
    if view.outcome is not None:
        return "rank" if any(s.seat == player.seat for s in view.outcome.standings) else None
    kind = next((d.kind for d in view.decisions if d.seat == player.seat and not d.opportunity), None)
    if kind is not None:
        return f"decision.{kind}"
    return "status.passed" if player.passed else None


def head_height(view: TableView, player: PlayerView, full: bool) -> float:
    """A compact panel's head has a second line for its status, when there is one."""
    return parts.HEAD if full or status_key(view, player) is None else parts.HEAD_COMPACT


def layout(view: TableView, labels: Mapping[str, str] | None = None, reader: int | None = None) -> Layout:
    """The arrangement of the board for its number of players (renderer.phone), every animal's card as tall as
    its own traits."""
    t = Labels(english(), labels)
    sheet = Sheet(len(view.players))
    seats = [p.seat for p in view.players]
    waiting = [d.seat for d in view.decisions if not d.opportunity]
    spotlight = phone.spotlit(sheet, waiting, reader, seats)
    present = {face(card) for p in view.players for a in p.animals for card in a.traits}
    names = [t(f"trait.{trait.value}") for trait in present]
    chip_text = trait_text_sizes(sheet, names, (FULL, COMPACT), t.language)

    def plan(index: int, full: bool) -> PanelPlan:
        player = view.players[index]
        head = head_height(view, player, full)
        return _panel_plan(view, player, FULL if full else COMPACT, sheet.panel_width(full), chip_text[full], t, head)

    top = HEADER_H + GAP
    banner, banner_h = banner_lines(view, t)
    top += banner_h
    results_h = parts.results_band(view.outcome, sheet.crowded)
    top += results_h
    places, bottom, panels = phone.arrange(sheet, seats, spotlight, plan, top)
    return Layout(sheet, spotlight, chip_text, banner, banner_h, results_h, places, panels, math.ceil(bottom + MARGIN))
