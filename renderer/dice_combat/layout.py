"""The dice-combat board laid out (renderer.phone): the sizes of a species' card in a full panel and a compact one,
each player's panel as tall as its species' cards need, the bands of the fight under way, of the last fight and of
the standings, and where each panel goes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from renderer import parts, phone, text
from renderer.cards import full_and_compact
from renderer.dice_combat.labels import CARD_NAMES, ENGLISH
from renderer.labels import Labels
from renderer.pen import measurer
from renderer.phone import DETAIL, GAP, LEGIBLE, MARGIN, WIDTH, Place, Sheet
from rules_core.dice_combat.cards import SPECIES, Kind
from rules_core.dice_combat.effects import kinds
from rules_core.dice_combat.state import Phase, Species
from rules_core.dice_combat.view import PlayerTableView, TableView

HEADER_H = 98.0
#: The fight under way: its title, each side's row, the prey's cards (a few to a row).
FIGHT_TITLE = 17.0
SIDE_H = 40.0
PREY_CHIPS = 3
#: The last fight's band: its title, each side's roll as dice faces, the pairs compared between them.
LAST_TITLE = 17.0
ROLL_H = 19.0
MARKS_H = 10.0
#: The standings at the end, a few to a row.
RESULTS_TITLE = 18.0
RESULT_H = 46.0
RESULTS_PER_ROW = 3


@dataclass(frozen=True, slots=True)
class Cards:
    """How a species is drawn in a full panel (every word LEGIBLE) or a compact one (the cards' names and the
    values' captions fine print; the values themselves, the name and the hunts LEGIBLE)."""

    full: bool
    name: float
    name_h: float
    stats_h: float
    icon: float
    number: float
    caption: float
    chip_columns: int
    chip_text: float
    chip_min: float
    chip_pad: float
    chip_gap: float
    foot_h: float


FULL, COMPACT = full_and_compact(
    Cards,
    name=(12, LEGIBLE + 1),
    name_h=(17, 14),
    stats_h=(33, 25),
    icon=(10, 7),
    number=(12, LEGIBLE + 1),
    caption=(LEGIBLE, DETAIL),
    chip_columns=(3, 2),
    chip_text=(LEGIBLE, 6.5),
    chip_min=(LEGIBLE, DETAIL),
    chip_pad=(3, 1.5),
    chip_gap=(2.5, 1.5),
    foot_h=(14, 13),
)


def species_kinds(species: Species) -> list[tuple[Kind, bool]]:
    """The species' evolution kinds, those it was born with first (marked innate), then its cards as played."""
    innate = len(SPECIES[species.card].innate)
    return [(kind, index < innate) for index, kind in enumerate(kinds(species))]


@dataclass(frozen=True, slots=True)
class PanelPlan:
    """A player's panel as laid out: full or compact, its chips' width, each row of chips' height, its height."""

    cards: Cards
    chip_w: float
    rows: tuple[float, ...]
    height: float


@dataclass(frozen=True, slots=True)
class Layout:
    sheet: Sheet
    spotlight: tuple[int, ...]
    fight_h: float
    prey_rows: tuple[float, ...]
    last_fight_h: float
    results_h: float
    places: tuple[Place, ...]
    panels: Mapping[tuple[int, bool], PanelPlan]
    height: int


def _chip_rows(species: Species, cards: Cards, chip_w: float, columns: int, t: Labels) -> tuple[float, ...]:
    """Each row of a species' cards: as tall as its name that takes the most lines."""
    pen = measurer(t.language)
    heights = []
    for kind, _ in species_kinds(species):
        name = text.clean(t(f"trait.{kind.value}"), bold=True)
        lines = len(pen.wrap(name, chip_w - 2 * cards.chip_pad - 2, cards.chip_text, cards.chip_min, 2, bold=True)[0])
        heights.append(lines * cards.chip_text * 1.12 + 2 * cards.chip_pad + 1)
    return tuple(max(heights[i : i + columns]) for i in range(0, len(heights), columns))


def status_key(view: TableView, player: PlayerTableView) -> str | None:
    """What a player's status pill tells, as a label key: ``extinct`` (with the rank), ``survivor`` at the end, or the
    decision the player owes; None for nothing."""
    if player.extinct:
        return "extinct"
    if view.outcome is not None:
        return "survivor"
    kind = next((d.kind for d in view.decisions if d.seat == player.seat and not d.opportunity), None)
    return None if kind is None else f"decision.{kind}"


def head_height(view: TableView, player: PlayerTableView, full: bool) -> float:
    """A compact panel's head has a second line for its status, when there is one."""
    return parts.HEAD if full or status_key(view, player) is None else parts.HEAD_COMPACT


def _panel_plan(view: TableView, player: PlayerTableView, cards: Cards, w: float, t: Labels, head: float) -> PanelPlan:
    inner = w - 4 - parts.STRIPE - 2 * parts.PAD - 2 * 4
    chip_w = (inner - (cards.chip_columns - 1) * cards.chip_gap) / cards.chip_columns
    rows = _chip_rows(player.species, cards, chip_w, cards.chip_columns, t) or (cards.chip_text + 2 * cards.chip_pad,)
    chips_h = sum(rows) + cards.chip_gap * (len(rows) - 1)
    foot = cards.foot_h if view.phase is Phase.HUNTING and not player.extinct else 4.0
    card_h = 3 + cards.name_h + cards.stats_h + 3 + chips_h + foot
    return PanelPlan(cards, chip_w, rows, head + 2 + card_h + parts.PAD + 1)


def _prey_rows(view: TableView, t: Labels) -> tuple[float, ...]:
    if view.hunt is None:
        return ()
    w = (WIDTH - 2 * MARGIN - 24 - (PREY_CHIPS - 1) * FULL.chip_gap) / PREY_CHIPS
    return _chip_rows(view.hunt.prey, FULL, w, PREY_CHIPS, t)


def layout(view: TableView, labels: Mapping[str, str] | None = None, reader: int | None = None) -> Layout:
    """The arrangement of the board for its number of players (renderer.phone): the fight under way or the last
    one's dice under the header, every panel as tall as its species' cards need."""
    t = Labels({**ENGLISH, **CARD_NAMES}, labels)
    sheet = Sheet(len(view.players))
    seats = [p.seat for p in view.players]
    waiting = [d.seat for d in view.decisions if not d.opportunity]
    spotlight = phone.spotlit(sheet, waiting, reader, seats)

    def plan(index: int, full: bool) -> PanelPlan:
        player = view.players[index]
        cards = FULL if full else COMPACT
        return _panel_plan(view, player, cards, sheet.panel_width(full), t, head_height(view, player, full))

    top = HEADER_H + GAP
    results_h = 0.0
    if view.outcome is not None:
        rows = math.ceil(len(view.outcome.standings) / RESULTS_PER_ROW)
        results_h = RESULTS_TITLE + rows * (RESULT_H + GAP) + 4 + GAP
        top += results_h
    fight_h = 0.0
    prey_rows = _prey_rows(view, t)
    if view.hunt is not None or view.attack is not None:
        prey_h = sum(prey_rows) + FULL.chip_gap * len(prey_rows) + (14 if prey_rows else 0)
        fight_h = FIGHT_TITLE + 2 * SIDE_H + prey_h + 8 + GAP
        top += fight_h
    # The last fight's dice stay in view until the next fight begins (its own box shows the dice to come).
    last_fight_h = LAST_TITLE + 2 * ROLL_H + MARKS_H + 8 + GAP if view.last_fight is not None and not fight_h else 0.0
    top += last_fight_h
    places, bottom, panels = phone.arrange(sheet, seats, spotlight, plan, top)
    return Layout(
        sheet, spotlight, fight_h, prey_rows, last_fight_h, results_h, places, panels, math.ceil(bottom + MARGIN)
    )
