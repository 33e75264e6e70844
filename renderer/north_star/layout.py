"""The North Star board laid out (renderer.phone): the sizes of its cards in a full panel and a compact one, each
species' card as tall as its own traits, each player's panel as tall as its lines of species, and where each panel
goes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from renderer import parts, phone
from renderer.cards import TRAIT_CARD_SIZES, chip_heights, full_and_compact, trait_text_sizes
from renderer.labels import Labels
from renderer.north_star.labels import ENGLISH
from renderer.phone import DETAIL, GAP, LEGIBLE, MARGIN, Place, Sheet
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
    #: The line at a card's top that bears the species' number on a disc.
    number_h: float
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

    def chip_room(self, tile_w: float, marked: bool) -> float:
        """The width left for a trait's name on its card (beside the hourglass of a reveal effect waiting to be
        ordered, when ``marked``: renderer.cards.TraitCards)."""
        return tile_w - 2 * self.pad - self.badge - 7 - (self.badge * 0.75 if marked else 0)

    @property
    def chip_least(self) -> float:
        """The shortest a trait card is: its badge's height."""
        return self.badge + 2 * self.chip_pad


FULL, COMPACT = full_and_compact(
    Cards,
    **TRAIT_CARD_SIZES,
    pad=(4, 2.5),
    number_h=(15, 13),
    badge=(12, 7),
    number=(15, LEGIBLE + 2),
    caption=(LEGIBLE, DETAIL),
    stats_h=(34, 22),
    caption_y=(8, 4.5),
    number_y=(22.5, 14.5),
    token=(10, 7),
    tokens_h=(13, 9),
    fat_h=(12, 8),
    foot_h=(18, 11),
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
    waiting = waiting_effects(view)
    chips = (
        (None, False) if card.trait is None else (t(f"trait.{card.trait.value}"), (species.id, card.trait) in waiting)
        for card in species.traits
    )
    return chip_heights(cards, chips, tile_w, size, t.language)


def _panel_plan(
    view: TableView, player: PlayerTableView, cards: Cards, w: float, size: float, t: Labels, head: float
) -> PanelPlan:
    tile_w, per_line = parts.card_columns(w, cards.tile_min, cards.gap)
    over = view.phase is Phase.GAME_OVER
    feeding = view.phase in (Phase.FEEDING, Phase.REVEAL_EFFECTS)
    chips = tuple(_chip_heights(view, s, cards, tile_w, size, t) for s in player.species)
    tiles = tuple(
        cards.pad
        + cards.number_h
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
    chip_text = trait_text_sizes(sheet, names, (FULL, COMPACT), t.language)

    def plan(index: int, full: bool) -> PanelPlan:
        player = view.players[index]
        head = head_height(view, player, full)
        return _panel_plan(view, player, FULL if full else COMPACT, sheet.panel_width(full), chip_text[full], t, head)

    top = HEADER_H + GAP
    results_h = parts.results_band(view.outcome, sheet.crowded)
    top += results_h
    places, bottom, panels = phone.arrange(sheet, seats, spotlight, plan, top)
    return Layout(sheet, spotlight, chip_text, results_h, places, panels, math.ceil(bottom + MARGIN))
