"""The North Star board as a PNG, drawn from the public :class:`TableView` only (``renderer.render_board``).

``render_board`` is a pure function of the view plus keyword-only presentation options, in the manner of
python-chess's ``chess.svg.board``. Layout is computed in design units (one unit is one pixel of the image at its
natural width) and scaled to the requested width, so every size below is in design units.

What the board shows:

* a header with the round and phase, the last-round warning (or "next round is the last"), the quick-game rule,
  the watering hole with its plant food and the face-down food cards put on it this round (how many, never
  which), the food bank, the deck and the discard pile;
* at the end of the game, a results band: rank, score, its parts (food, population, traits), the tie-break
  values where scores tie, and the winner or winners;
* a panel per player, in seat order: name (cleaned to what the font can draw, fitted and truncated by measured
  width), colour, first-player token, hand size, and the player's status (whose turn it is, who still owes a
  choice in the simultaneous phases, who has finished);
* each player's species left to right in table order: trait cards (face-down ones as card backs; traits whose
  reveal effect waits to be ordered carry an hourglass), body size, population, the food eaten as tokens against
  the population, fat stored against the body size for Fat Tissue, and, while food is handed out (revealing
  and feeding), whether each species is hungry or fed.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PIL import Image

from renderer import shapes, text
from renderer.labels import Labels
from renderer.north_star import badges
from renderer.north_star.labels import ENGLISH
from renderer.north_star.theme import DEFAULT_COLOURS
from renderer.pen import BLACK, Pen, check_width, png
from renderer.text import FreeTypeFont
from renderer.theme import RGB, mix, palette
from rules_core.engine import Outcome, Standing
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import Phase
from rules_core.north_star.view import PlayerTableView, SpeciesView, TableView

# Page.
MARGIN = 24
GAP = 18
MIN_WIDTH = 1200
MAX_WIDTH = 1600
HEADER_H = 136
# A player's panel.
PAD = 14
PANEL_HEAD = 50
PANEL_RADIUS = 16
# A species tile.
TILE_MIN = 128
TILE_MAX = 176
TILE_GAP = 12
TILE_PAD = 8
CHIP_H = 38
CHIP_GAP = 6
CHIP_TEXT = 15
CHIP_MIN_TEXT = 10
STATS_H = 60
TOKENS_H = 30
FAT_H = 26
# The results band at the end of the game.
RESULTS_TITLE = 40
RESULT_CARD_H = 130
RESULT_CARD_MAX = 300
RESULT_CARD_MIN = 200
#: The size of an image preview in a chat client (Discord shows about this much before a click).
PREVIEW = (550, 350)

#: Cached parts of boards (tiles, trait cards), shared by all renderings and threads.
_PICTURES: OrderedDict[tuple[object, ...], Image.Image] = OrderedDict()
_PICTURES_LOCK = threading.Lock()
_PICTURES_MAX = 512

_WHITE: RGB = (255, 255, 255)
_MEDALS: dict[int, RGB] = {1: (236, 188, 64), 2: (178, 186, 196), 3: (196, 132, 78)}


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    columns: int
    panel_w: float
    tile_w: float
    per_line: int
    tile_h: float
    slots: int
    tokens_h: float
    fat_row: bool
    results_h: float
    panel_heights: tuple[float, ...]
    row_heights: tuple[float, ...]
    height: int


def _lines(count: int, per_line: int) -> int:
    return max(1, math.ceil(count / per_line))


def _content_width(width: float, columns: int) -> float:
    panel = (width - 2 * MARGIN - (columns - 1) * GAP) / columns
    return panel - 2 * PAD


def _per_line(content: float) -> int:
    return max(1, int((content + TILE_GAP) // (TILE_MIN + TILE_GAP)))


def _has_fat(species: SpeciesView) -> bool:
    return species.fat > 0 or any(t.trait is Trait.FAT_TISSUE for t in species.traits)


def _plan(view: TableView, columns: int) -> Layout:
    counts = [len(p.species) for p in view.players]
    most = max(counts, default=0)
    wanted = max(most, {1: 4, 2: 3}.get(columns, 2))
    needed = wanted * TILE_MAX + (wanted - 1) * TILE_GAP
    width = MIN_WIDTH
    while width < MAX_WIDTH and _content_width(width, columns) < needed:
        width += 8
    width = min(width, MAX_WIDTH)
    content = _content_width(width, columns)
    per_line = _per_line(content)
    shown = max(1, min(most, per_line))
    tile_w = min(TILE_MAX, math.floor((content - (shown - 1) * TILE_GAP) / shown))
    fat_row = any(_has_fat(s) for p in view.players for s in p.species)
    # A slot for every trait card a species may hold (more, should a view ever show more).
    slots = max([view.trait_limit, *(len(s.traits) for p in view.players for s in p.species)])
    # Food tokens show what each species has eaten; after the game there is nothing to eat.
    tokens_h = 0 if view.phase is Phase.GAME_OVER else TOKENS_H
    tile_h = TILE_PAD + slots * (CHIP_H + CHIP_GAP) + 2 + STATS_H + tokens_h + (FAT_H if fat_row else 0) + 14
    panel_heights = tuple(
        PAD + PANEL_HEAD + _lines(c, per_line) * (tile_h + TILE_GAP) - TILE_GAP + PAD + 4 for c in counts
    )
    rows = [max(panel_heights[i : i + columns]) for i in range(0, len(panel_heights), columns)]
    results_h = 0.0
    result_rows = 0
    if view.outcome is not None:
        result_rows = _result_rows(width, len(view.outcome.standings))
        results_h = RESULTS_TITLE + result_rows * (RESULT_CARD_H + 12) - 12 + GAP
    height = HEADER_H + GAP + results_h + sum(rows) + GAP * (len(rows) - 1) + MARGIN
    return Layout(
        width=width,
        columns=columns,
        panel_w=(width - 2 * MARGIN - (columns - 1) * GAP) / columns,
        tile_w=tile_w,
        per_line=per_line,
        tile_h=tile_h,
        slots=slots,
        tokens_h=tokens_h,
        fat_row=fat_row,
        results_h=results_h,
        panel_heights=panel_heights,
        row_heights=tuple(rows),
        height=math.ceil(height),
    )


def _result_rows(width: float, count: int) -> int:
    per_row = count
    while per_row > 1 and (width - 2 * MARGIN - (per_row - 1) * 12) / per_row < RESULT_CARD_MIN:
        per_row -= 1
    return math.ceil(count / per_row) if count else 0


def _score(plan: Layout, view: TableView) -> float:
    """How small the board would look in a chat preview (lower is better): the reduction needed to fit a
    550 x 350 preview box, made worse by species rows broken over several lines and by empty grid cells."""
    shrink = max(plan.width / PREVIEW[0], plan.height / PREVIEW[1])
    players = max(1, len(view.players))
    extra_lines = sum(_lines(len(p.species), plan.per_line) - 1 for p in view.players) / players
    holes = -len(view.players) % plan.columns
    return shrink * (1 + 0.25 * extra_lines + 0.08 * holes)


def layout(view: TableView) -> Layout:
    """The arrangement of the board: one, two or three columns of player panels, whichever shows largest in a
    chat preview, at the narrowest width (1200 to 1600 units) that fits the longest row of species."""
    candidates = [_plan(view, columns) for columns in range(1, min(3, max(1, len(view.players))) + 1)]
    return min(candidates, key=lambda plan: _score(plan, view))


def _chip_badge(chip_w: float) -> float:
    """The trait badge's diameter: smaller on narrow cards, to leave the name room."""
    return CHIP_H - 8 if chip_w >= 150 else CHIP_H - 14


def _chip_room(chip_w: float) -> float:
    """The width left for a trait's name on its card."""
    return chip_w - _chip_badge(chip_w) - 14


class Board:
    """One rendering: the view, the options, and the pen."""

    def __init__(self, view: TableView, pen: Pen, plan: Layout, colours: dict[str, RGB], labels: Labels) -> None:
        self.view = view
        self.pen = pen
        self.plan = plan
        self.c = colours
        self.t = labels
        self.owing = {d.seat: d.kind for d in view.decisions}
        self.feeding = view.phase in (Phase.FEEDING, Phase.REVEAL_EFFECTS)
        self.pending = {(e.species, e.trait) for e in view.pending_effects}
        self._chip_text_size: int | None = None

    # Shared pieces.
    def player_colour(self, seat: int) -> RGB:
        return self.c[f"player.{seat % 6}"]

    def player_name(self, player: PlayerTableView) -> str:
        return text.clean(player.name, bold=True) or self.t("player_fallback", n=player.seat + 1)

    def pill_fit(
        self, label: str, *, size: float, icon: bool, max_width: float, bold: bool = True
    ) -> tuple[str, FreeTypeFont, float]:
        """The text, font and width a pill of ``label`` takes within ``max_width``."""
        h = size * 1.75
        icon_w = h * 0.62 if icon else 0.0
        shown, face = self.pen.fit(label, max_width - h * 0.9 - icon_w, size, size * 0.72, bold=bold)
        return shown, face, self.pen.measure(shown, face) + h * 0.9 + icon_w

    def pill(
        self,
        x: float,
        cy: float,
        label: str,
        fill: RGB,
        ink: RGB,
        *,
        size: float = 17,
        icon: Image.Image | None = None,
        max_width: float = 400,
        align: str = "left",
        bold: bool = True,
    ) -> float:
        """A rounded label; returns its width. ``align="right"`` puts its right edge at ``x``."""
        h = size * 1.75
        icon_w = h * 0.62 if icon is not None else 0.0
        shown, face, w = self.pill_fit(label, size=size, icon=icon is not None, max_width=max_width, bold=bold)
        left = x - w if align == "right" else x - w / 2 if align == "centre" else x
        self.pen.rect(left, cy - h / 2, w, h, fill, h / 2)
        text_x = left + h * 0.45
        if icon is not None:
            self.pen.paste_centred(icon, text_x + icon_w * 0.42, cy)
            text_x += icon_w
        self.pen.text(text_x, cy, shown, face, ink, "lm")
        return w

    # The header: round, phase, warnings, watering hole, food bank, deck and discard.
    def header(self) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        width = self.plan.width
        pen.rect(0, 0, width, HEADER_H, c["header"])
        pen.rect(0, HEADER_H - 3, width, 3, c["header.line"])
        x = MARGIN + 4
        room = width * 0.55 - 130 - x
        title, face = pen.fit(t("title").upper(), room, 15, 11, bold=True)
        pen.text(x, 16, title, face, c["header.muted"])
        round_text, face = pen.fit(t("round", n=view.round), room * 0.6, 40, 26, bold=True)
        pen.text(x, 76, round_text, face, c["header.text"], "ls")
        badges_x = x + pen.measure(round_text, face) + 16
        if view.last_round and view.phase is not Phase.GAME_OVER:
            icon = shapes.warning(pen.size(20), _WHITE, c["last_round"])
            self.pill(
                badges_x,
                62,
                t("last_round"),
                c["last_round"],
                _WHITE,
                size=18,
                icon=icon,
                max_width=x + room - badges_x,
            )
        elif view.next_round_last:
            icon = shapes.warning(pen.size(18), c["header"], c["next_round_last"])
            self.pill(
                badges_x,
                62,
                t("next_round_last"),
                c["next_round_last"],
                c["header"],
                size=16,
                icon=icon,
                max_width=x + room - badges_x,
            )
        phase_text, face = pen.fit(t(f"phase.{view.phase}"), room * 0.6, 24, 16)
        pen.text(x, 112, phase_text, face, c["header.muted"], "ls")
        if view.quick_game:
            after_phase = x + pen.measure(phase_text, face) + 14
            self.pill(
                after_phase,
                104,
                t("quick_game"),
                c["header.line"],
                c["header.text"],
                size=13,
                max_width=x + room - after_phase,
                bold=False,
            )
        self.watering_hole(width * 0.55, HEADER_H / 2 - 4)
        self.counters(width - MARGIN)

    def watering_hole(self, cx: float, cy: float) -> None:
        pen, c, view = self.pen, self.c, self.view
        pw, ph = 232, 92
        picture = shapes.pond(pen.size(pw), pen.size(ph), c["water"], c["water.shore"], c["water.ripple"])
        pen.paste(picture, cx - pw / 2, cy - ph / 2 - 6)
        placed = sum(1 for p in view.players if p.food_card_chosen)
        fan = 20 + 9 * (placed - 1) if placed else 0
        leaf = shapes.leaf(pen.size(38), c["plant"], c["plant.vein"])
        number = str(view.watering_hole)
        face = pen.font(44, bold=True)
        number_w = pen.measure(number, face)
        group = fan + (14 if placed else 0) + 38 + 8 + number_w
        left = cx - group / 2 - 6
        if placed:
            # The food cards put on the watering hole this round, face down: how many, never which.
            back = shapes.card_back(
                pen.size(20), pen.size(29), c["card_back"], c["card_back.edge"], c["card_back.star"]
            )
            for i in range(placed):
                pen.paste(back, left + i * 9, cy - 22 + (i % 2) * 3)
            left += fan + 14
        pen.paste(leaf, left, cy - 6 - 19)
        pen.text(left + 46 + 2, cy - 4 + 2, number, face, mix(c["water"], BLACK, 0.5), "lm")
        pen.text(left + 46, cy - 4, number, face, _WHITE, "lm")
        label, face = pen.fit(self.t("watering_hole"), pw + 40, 15, 11, bold=True)
        pen.text(cx, cy + ph / 2 + 6, label, face, c["header.muted"], "mm")

    def counters(self, right: float) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        slot = 118
        entries = [
            ("food_bank", view.food_bank, shapes.token_pile(pen.size(40), c["food"], c["food.edge"], c["food.shine"])),
            (
                "deck",
                view.deck_size,
                shapes.card_stack(
                    pen.size(24), pen.size(34), 3, c["card_back"], c["card_back.edge"], c["card_back.star"]
                ),
            ),
            (
                "discard",
                view.discard_size,
                shapes.card_stack(
                    pen.size(24),
                    pen.size(34),
                    2,
                    mix(c["card_back"], c["header"], 0.45),
                    mix(c["card_back.edge"], c["header"], 0.45),
                    mix(c["card_back.star"], c["header"], 0.5),
                ),
            ),
        ]
        for index, (key, count, picture) in enumerate(entries):
            cx = right - slot * (len(entries) - index) + slot / 2
            pen.paste_centred(picture, cx - 24, 52)
            pen.text(cx + 2, 52, str(count), pen.font(28, bold=True), c["header.text"], "lm")
            label, face = pen.fit(t(key), slot - 8, 15, 10, bold=True)
            pen.text(cx, 98, label, face, c["header.muted"], "mm")

    # The results band.
    def results(self, outcome: Outcome, top: float) -> None:
        pen, c, t = self.pen, self.c, self.t
        width = self.plan.width
        label, face = pen.fit(t("results"), width / 2, 24, 16, bold=True)
        pen.text(MARGIN + 4, top + 26, label, face, c["header.text"], "ls")
        count = len(outcome.standings)
        rows = _result_rows(width, count)
        per_row = math.ceil(count / rows) if rows else 1
        card_w = min(RESULT_CARD_MAX, (width - 2 * MARGIN - (per_row - 1) * 12) / max(1, per_row))
        by_seat = {p.seat: p for p in self.view.players}
        shared = len(outcome.winners) > 1
        scores = [s.score for s in outcome.standings]
        for index, standing in enumerate(outcome.standings):
            row, column = divmod(index, per_row)
            x = MARGIN + column * (card_w + 12)
            y = top + RESULTS_TITLE + row * (RESULT_CARD_H + 12)
            player = by_seat.get(standing.seat)
            tied = scores.count(standing.score) > 1
            self.result_card(x, y, card_w, standing, player, standing.seat in outcome.winners, shared, tied)

    def result_card(
        self,
        x: float,
        y: float,
        w: float,
        standing: Standing,
        player: PlayerTableView | None,
        winner: bool,
        shared: bool,
        tied: bool,
    ) -> None:
        pen, c, t = self.pen, self.c, self.t
        h = RESULT_CARD_H
        colour = self.player_colour(standing.seat)
        pen.shadow(x, y, w, h, 14, 8, 0.35, 3)
        if winner:
            pen.framed(x, y, w, h, c["panel"], c["winner"], 4, 14)
        else:
            pen.framed(x, y, w, h, c["panel"], c["panel.edge"], 1.5, 14)
        pen.rect(x + 4, y + 12, 6, h - 24, colour, 3)
        medal = _MEDALS.get(standing.rank, mix(c["panel.muted"], c["panel"], 0.3))
        pen.paste_centred(shapes.disc(pen.size(36), medal, mix(medal, BLACK, 0.3), 0.08), x + 34, y + 30)
        shown, face = pen.fit(str(standing.rank), 28, 19, 10, bold=True)
        pen.text(x + 34, y + 30, shown, face, _WHITE if standing.rank <= 3 else c["panel.text"], "mm")
        score_face = pen.font(34, bold=True)
        score_text = str(standing.score)
        score_w = pen.measure(score_text, score_face)
        pen.text(x + w - 14, y + 30, score_text, score_face, c["panel.text"], "rm")
        name = self.player_name(player) if player is not None else t("player_fallback", n=standing.seat + 1)
        room = (w - 60 - score_w - 22) * pen.k
        lines, face = text.wrap(name, room, pen.size(20), min_size=pen.size(12), max_lines=2, bold=True)
        line_h = face.size * 1.15 / pen.k
        top = y + 30 - line_h * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            pen.text(x + 60, top + index * line_h, line, face, c["panel.text"], "lm")
        if winner:
            # A ribbon across the top edge of the card.
            caption = t("shared_win" if shared else "winner")
            crown = shapes.crown(pen.size(16), _WHITE, c["winner.edge"])
            self.pill(
                x + w / 2, y, caption, c["winner.edge"], _WHITE, size=12, icon=crown, max_width=w - 40, align="centre"
            )
        pen.rect(x + 16, y + 60, w - 32, 1.5, c["panel.edge"])
        cells = [(t(f"score.{key}"), value) for key, value in standing.details]
        cell_w = (w - 28) / max(1, len(cells))
        for index, (caption, value) in enumerate(cells):
            cx = x + 14 + cell_w * (index + 0.5)
            pen.text(cx, y + 78, str(value), pen.font(20, bold=True), c["panel.text"], "mm")
            shown, face = pen.fit(caption, cell_w - 4, 12, 8)
            pen.text(cx, y + 96, shown, face, c["panel.muted"], "mm")
        if tied and standing.tiebreaks:
            parts = [f"{t(f'tiebreak.{i}')} {v}" for i, v in enumerate(standing.tiebreaks)]
            line = f"{t('tiebreak')}: " + " · ".join(parts)
            shown, face = pen.fit(line, w - 24, 12, 8, bold=True)
            pen.text(x + w / 2, y + 116, shown, face, c["winner.edge"] if winner else c["panel.muted"], "mm")

    # A player's panel.
    def panel(self, player: PlayerTableView, x: float, y: float, w: float, h: float) -> None:
        pen, c = self.pen, self.c
        colour = self.player_colour(player.seat)
        active = self.view.turn == player.seat and player.seat in self.owing
        if active:
            pen.shadow(x, y, w, h, PANEL_RADIUS, 14, 0.9, 0)
            glow_w, glow_h = self._glow_size(w, h)
            spread = pen.size(10)
            for dx, dy, mask in shapes.shadow_rim(glow_w, glow_h, pen.px(PANEL_RADIUS), spread, 1.0, 2):
                pen.image.paste(c["active"], (pen.px(x) - spread + dx, pen.px(y) - spread + dy), mask)
        else:
            pen.shadow(x, y, w, h, PANEL_RADIUS, 10, 0.45, 4)
        pen.framed(
            x, y, w, h, c["panel"], c["active"] if active else c["panel.edge"], 4 if active else 1.5, PANEL_RADIUS
        )
        # The name band: the player's colour, lightly; rounded at the top with the panel, square at the bottom.
        inset = 4 if active else 1.5
        band = mix(colour, c["panel"], 0.8)
        band_h = PAD + PANEL_HEAD - 6 - inset
        radius = PANEL_RADIUS - inset
        pen.rect(x + inset, y + inset, w - 2 * inset, band_h, band, radius)
        pen.rect(x + inset, y + inset + radius, w - 2 * inset, band_h - radius, band)
        pen.rect(x + inset, y + inset + band_h, w - 2 * inset, 2, mix(colour, c["panel"], 0.3))
        self.panel_head(player, x, y, w, colour)
        self.species_row(player, x + PAD, y + PAD + PANEL_HEAD)

    def _glow_size(self, w: float, h: float) -> tuple[int, int]:
        x0, y0, x1, y1 = self.pen._box(0, 0, w, h)
        return x1 - x0, y1 - y0

    def panel_head(self, player: PlayerTableView, x: float, y: float, w: float, colour: RGB) -> None:
        """First-player token and name on the left; hand size and status on the right. The status gets the room
        the name does not need (down to a third of the panel), the name what the status leaves; the words
        "first player" follow the name when there is room for both."""
        pen, c, view = self.pen, self.c, self.view
        cy = y + PAD + PANEL_HEAD / 2 - 4
        left = x + PAD + 14
        right = x + w - PAD
        name = self.player_name(player)
        first = view.first_player == player.seat
        if first:
            token = shapes.first_player_token(pen.size(30), c["first_player"], c["first_player.edge"], _WHITE)
            pen.paste_centred(token, left + 15, cy)
            left += 38
        show_hand = view.phase is not Phase.GAME_OVER
        hand_face = pen.font(22, bold=True)
        hand_text = str(player.hand_size)
        hand_w = pen.measure(hand_text, hand_face) + 46 if show_hand else 0.0
        name_wanted = min(pen.measure(name, pen.font(26, bold=True)), 0.45 * w)
        status = self.status(player)
        if status is not None:
            label, fill, ink, icon = status
            room = max(0.32 * w, right - left - hand_w - name_wanted - 12)
            right -= self.pill(right, cy, label, fill, ink, size=16, icon=icon, max_width=room, align="right") + 12
        if show_hand:
            right -= hand_w - 46
            pen.text(right, cy, hand_text, hand_face, c["panel.text"], "lm")
            hand = shapes.card_stack(
                pen.size(18), pen.size(26), 3, c["card_back"], c["card_back.edge"], c["card_back.star"]
            )
            pen.paste_centred(hand, right - 18, cy)
            right -= 46
        marker = self.t("first_player")
        marker_w = 0.0
        if first:
            _, _, wanted = self.pill_fit(marker, size=13, icon=False, max_width=w)
            if right - left - name_wanted - 12 >= wanted:
                marker_w = wanted
        shown, face = pen.fit(name, max(20.0, right - left - (marker_w + 12 if marker_w else 0)), 26, 17, bold=True)
        pen.text(left, cy, shown, face, c["panel.text"], "lm")
        if marker_w:
            fill = mix(c["first_player"], c["panel"], 0.45)
            after = left + pen.measure(shown, face) + 12
            self.pill(
                after, cy, marker, fill, mix(c["first_player.edge"], BLACK, 0.4), size=13, max_width=marker_w + 1
            )

    def status(self, player: PlayerTableView) -> tuple[str, RGB, RGB, Image.Image | None] | None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        seat = player.seat
        if view.phase is Phase.GAME_OVER:
            outcome = view.outcome
            standing = next((s for s in outcome.standings if s.seat == seat), None) if outcome else None
            if standing is None:
                return None
            label = f"{t('rank', rank=standing.rank)} · {t('score')} {standing.score}"
            if outcome is not None and seat in outcome.winners:
                return label, c["winner"], c["panel.text"], shapes.crown(pen.size(18), _WHITE, c["winner.edge"])
            return label, mix(c["status"], c["panel"], 0.75), c["panel.text"], None
        kind = self.owing.get(seat)
        if kind is not None:
            label = t(f"decision.{kind}")
            if view.turn == seat:
                return label, c["active"], c["panel.text"], shapes.play_arrow(pen.size(14), c["panel.text"])
            return label, mix(c["status"], c["panel"], 0.2), _WHITE, shapes.hourglass(pen.size(15), _WHITE)
        done_key = None
        if view.phase is Phase.FOOD_CARDS and player.food_card_chosen:
            done_key = "status.food_card_chosen"
        elif view.phase is Phase.PLAY_CARDS and player.done:
            done_key = "status.done_playing"
        elif view.phase is Phase.FEEDING and player.done:
            done_key = "status.stopped_feeding"
        if done_key is None:
            return None
        return (
            t(done_key),
            mix(c["done"], c["panel"], 0.8),
            mix(c["done"], BLACK, 0.3),
            shapes.check_mark(pen.size(15), c["done"]),
        )

    def species_row(self, player: PlayerTableView, x: float, y: float) -> None:
        plan = self.plan
        if not player.species:
            self.empty_tile(x, y)
            return
        for index, species in enumerate(player.species):
            line, column = divmod(index, plan.per_line)
            self.tile(species, x + column * (plan.tile_w + TILE_GAP), y + line * (plan.tile_h + TILE_GAP))

    def empty_tile(self, x: float, y: float) -> None:
        pen, c, plan = self.pen, self.c, self.plan
        pen.framed(x, y, plan.tile_w, plan.tile_h, c["panel"], c["slot"], 2, 10)
        label, face = pen.fit(self.t("no_species"), plan.tile_w - 16, 15, 10)
        pen.text(x + plan.tile_w / 2, y + plan.tile_h / 2, label, face, c["panel.muted"], "mm")

    # A species.
    def tile(self, species: SpeciesView, x: float, y: float) -> None:
        pen, c, plan, t = self.pen, self.c, self.plan, self.t
        w, h = plan.tile_w, plan.tile_h
        hungry = self.feeding and species.hungry
        pen.paste(self.tile_base(), x, y)
        chip_y = y + TILE_PAD
        for trait in species.traits:
            waiting = trait.trait is not None and (species.id, trait.trait) in self.pending
            pen.paste(self.chip_picture(trait.trait, waiting), x + TILE_PAD, chip_y)
            chip_y += CHIP_H + CHIP_GAP
        board_y = y + TILE_PAD + plan.slots * (CHIP_H + CHIP_GAP) + 2
        number = pen.font(30, bold=True)
        for index, value in enumerate((species.body_size, species.population)):
            cx = x + 5 + (w - 10) / 4 * (2 * index + 1)
            pen.text(cx, board_y + 40, str(value), number, c["panel.text"], "mm")
        if plan.tokens_h:
            self.tokens(species, x + 5, board_y + STATS_H, w - 10, hungry)
        if plan.fat_row and _has_fat(species):
            self.fat(species, x + 5, board_y + STATS_H + plan.tokens_h, w - 10)
        if hungry:
            self.pill(x + w / 2, y + h - 1, t("hungry"), c["hungry"], _WHITE, size=12, max_width=w - 12, align="centre")
        elif self.feeding:
            self.pill(
                x + w / 2,
                y + h - 1,
                t("fed"),
                c["fed"],
                _WHITE,
                size=12,
                max_width=w - 12,
                align="centre",
                icon=shapes.check_mark(pen.size(12), _WHITE),
            )

    def tile_base(self) -> Image.Image:
        """A species tile without its species: card, shadow, empty trait slots, the board and its captions."""
        c, plan = self.c, self.plan
        w, h = plan.tile_w, plan.tile_h
        half = (w - 10) / 2
        captions = tuple(self.caption(key, half - 8) for key in ("body_size", "population"))
        colours = tuple(c[k] for k in ("panel", "panel.edge", "card", "card.edge", "slot", "board", "panel.muted"))
        key = ("tile", w, h, plan.slots, plan.tokens_h, plan.fat_row, captions, colours)

        def paint(pen: Pen) -> None:
            pen.rect(0, 3, w, h, mix(c["panel.edge"], BLACK, 0.1), 10)
            pen.framed(0, 0, w, h, c["card"], c["card.edge"], 1.5, 10)
            for slot in range(plan.slots):
                pen.rect(
                    TILE_PAD,
                    TILE_PAD + slot * (CHIP_H + CHIP_GAP),
                    w - 2 * TILE_PAD,
                    CHIP_H,
                    mix(c["slot"], c["card"], 0.45),
                    8,
                )
            board_y = TILE_PAD + plan.slots * (CHIP_H + CHIP_GAP) + 2
            board_h = STATS_H + plan.tokens_h + (FAT_H if plan.fat_row else 0)
            pen.rect(5, board_y, w - 10, board_h, c["board"], 8)
            pen.rect(5 + half - 0.75, board_y + 10, 1.5, STATS_H - 18, mix(c["board"], BLACK, 0.15))
            for index, caption in enumerate(captions):
                shown, face = pen.fit(caption, half - 8, 12, 9, bold=True)
                pen.text(5 + half * index + half / 2, board_y + 14, shown, face, c["panel.muted"], "mm")

        return self.picture(key, w, h + 3, c["panel"], paint)

    def caption(self, key: str, room: float) -> str:
        """The caption ``key`` in capitals, or its short form when the full one would not fit ``room``."""
        full = self.t(key).upper()
        if self.pen.measure(full, self.pen.font(9, bold=True)) <= room:
            return full
        return self.t(f"{key}.short").upper()

    def chip_picture(self, trait: Trait | None, waiting: bool) -> Image.Image:
        """A trait card on a species: face up, its badge and name; face down, the card back."""
        c = self.c
        w = self.plan.tile_w - 2 * TILE_PAD
        if trait is None:
            back = (c["card_back"], c["card_back.edge"], c["card_back.star"])
            key: tuple[object, ...] = ("back", w, back, c["card"])

            def paint_back(pen: Pen) -> None:
                pen.paste(shapes.card_back(pen.size(w), pen.size(CHIP_H), *back), 0, 0)

            return self.picture(key, w, CHIP_H, c["card"], paint_back)
        colour = c[f"trait.{trait.value}"]
        name = self.t(f"trait.{trait.value}")
        size = self.chip_text_size()
        key = ("chip", trait, name, w, waiting, colour, c["card"], size)
        badge = _chip_badge(w)

        def paint(pen: Pen) -> None:
            pen.rect(0, 0, w, CHIP_H, mix(colour, _WHITE, 0.8), 8)
            pen.paste(badges.trait_badge(trait, pen.size(badge), colour), 4, (CHIP_H - badge) / 2)
            room = _chip_room(w) - (16 if waiting else 0)
            lines, face = text.wrap(name, room * pen.k, size, min_size=pen.size(CHIP_MIN_TEXT), max_lines=2, bold=True)
            ink = mix(colour, BLACK, 0.55)
            line_h = face.size * 1.12 / pen.k
            top = CHIP_H / 2 - line_h * (len(lines) - 1) / 2
            for index, line in enumerate(lines):
                pen.text(badge + 10, top + index * line_h, line, face, ink, "lm")
            if waiting:
                pen.paste_centred(shapes.hourglass(pen.size(14), ink), w - 10, CHIP_H / 2)

        return self.picture(key, w, CHIP_H, c["card"], paint)

    def chip_text_size(self) -> int:
        """One text size (in pixels) for every trait name on this board: the largest at which each of them fits
        its card in at most two lines, so that the cards read alike."""
        if self._chip_text_size is None:
            pen = self.pen
            room = _chip_room(self.plan.tile_w - 2 * TILE_PAD) * pen.k
            present = {t.trait for p in self.view.players for s in p.species for t in s.traits}
            sizes = [
                round(
                    text.wrap(
                        self.t(f"trait.{trait.value}"),
                        room,
                        pen.size(CHIP_TEXT),
                        min_size=pen.size(CHIP_MIN_TEXT),
                        max_lines=2,
                        bold=True,
                    )[1].size
                )
                for trait in present
                if trait is not None
            ]
            self._chip_text_size = min(sizes, default=pen.size(CHIP_TEXT))
        return self._chip_text_size

    def picture(
        self, key: tuple[object, ...], w: float, h: float, background: RGB, paint: Callable[[Pen], None]
    ) -> Image.Image:
        """A part of the board drawn once per size, scale and content, and cached for later renderings."""
        full_key = (*key, self.pen.k)
        with _PICTURES_LOCK:
            cached = _PICTURES.get(full_key)
            if cached is not None:
                _PICTURES.move_to_end(full_key)
                return cached
        image = Image.new("RGB", (self.pen.size(w), self.pen.size(h)), background)
        paint(Pen(image, self.pen.k))
        with _PICTURES_LOCK:
            _PICTURES[full_key] = image
            while len(_PICTURES) > _PICTURES_MAX:
                _PICTURES.popitem(last=False)
        return image

    def tokens(self, species: SpeciesView, x: float, y: float, w: float, hungry: bool) -> None:
        pen, c = self.pen, self.c
        count = max(species.population, species.food)
        if count <= 0:
            return
        size = min(20.0, (w - 16 - (count - 1) * 4) / count)
        gap = min(4.0, size / 5)
        total = count * size + (count - 1) * gap
        left = x + (w - total) / 2
        cy = y + TOKENS_H / 2 - 2
        px = pen.size(size)
        full = shapes.food_token(px, c["food"], c["food.edge"], c["food.shine"])
        empty = shapes.ring(px, c["hungry"] if hungry else c["food.empty"], 0.14)
        for index in range(count):
            picture = full if index < species.food else empty
            pen.paste_centred(picture, left + index * (size + gap) + size / 2, cy)

    def fat(self, species: SpeciesView, x: float, y: float, w: float) -> None:
        pen, c = self.pen, self.c
        count = max(species.body_size, species.fat)
        size = min(18.0, (w - 40 - (count - 1) * 3) / count)
        caption, face = pen.fit(self.t("fat"), 34, 11, 8, bold=True)
        caption_w = pen.measure(caption.upper(), face) + 6
        total = caption_w + count * size + (count - 1) * 3
        left = x + (w - total) / 2
        cy = y + FAT_H / 2 - 4
        pen.text(left, cy, caption.upper(), face, c["fat.edge"], "lm")
        px = pen.size(size)
        stored = shapes.fat_token(px, c["fat"], c["fat.edge"], False)
        room = shapes.fat_token(px, c["fat"], mix(c["fat.edge"], c["board"], 0.35), True)
        for index in range(count):
            pen.paste_centred(
                stored if index < species.fat else room, left + caption_w + index * (size + 3) + size / 2, cy
            )

    # The whole board.
    def draw(self) -> None:
        plan, view = self.plan, self.view
        self.header()
        top: float = HEADER_H + GAP
        if view.outcome is not None:
            self.results(view.outcome, top - 6)
            top += plan.results_h
        players = view.players
        for row, row_h in enumerate(plan.row_heights):
            for column in range(plan.columns):
                index = row * plan.columns + column
                if index >= len(players):
                    break
                x = MARGIN + column * (plan.panel_w + GAP)
                self.panel(players[index], x, top, plan.panel_w, row_h)
            top += row_h + GAP


def draw(
    view: TableView,
    *,
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
    colours: Mapping[str, str | tuple[int, int, int]] | None = None,
) -> bytes:
    """The public table of a North Star game as PNG bytes (``renderer.render_board`` calls this for a
    :class:`TableView`). ``width`` is the image width in pixels (default: the board's natural width, 1200 to 1600
    px, growing with the number of species); the height follows. ``labels`` overrides any of
    :data:`renderer.north_star.labels.ENGLISH` (a translation); ``colours`` overrides any of
    :data:`renderer.north_star.theme.DEFAULT_COLOURS` by name, as ``"#rrggbb"`` or an RGB tuple.
    """
    check_width(width)
    plan = layout(view)
    scale = 1.0 if width is None else width / plan.width
    size = (plan.width if width is None else width, max(1, round(plan.height * scale)))
    colour_map = palette(DEFAULT_COLOURS, colours)
    image = Image.new("RGB", size, colour_map["background"])
    Board(view, Pen(image, scale), plan, colour_map, Labels(ENGLISH, labels)).draw()
    return png(image)
