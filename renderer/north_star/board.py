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
from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from renderer import parts, shapes, text
from renderer.labels import Labels
from renderer.north_star import badges
from renderer.north_star.labels import ENGLISH
from renderer.north_star.theme import DEFAULT_COLOURS
from renderer.pen import BLACK, Pen, check_width, png
from renderer.theme import RGB, mix, palette
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
#: The size of an image preview in a chat client (Discord shows about this much before a click).
PREVIEW = (550, 350)

_WHITE = parts.WHITE


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
    if view.outcome is not None:
        results_h = parts.results_height(width, MARGIN, len(view.outcome.standings)) + GAP
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

    def seat_name(self, seat: int) -> str:
        player = next((p for p in self.view.players if p.seat == seat), None)
        return self.player_name(player) if player is not None else self.t("player_fallback", n=seat + 1)

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
            parts.pill(
                self.pen,
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
            parts.pill(
                self.pen,
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
            parts.pill(
                self.pen,
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

    # A player's panel.
    def panel(self, player: PlayerTableView, x: float, y: float, w: float, h: float) -> None:
        pen, c = self.pen, self.c
        colour = self.player_colour(player.seat)
        active = self.view.turn == player.seat and player.seat in self.owing
        if active:
            parts.glow(pen, x, y, w, h, PANEL_RADIUS, c["active"])
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
            right -= (
                parts.pill(self.pen, right, cy, label, fill, ink, size=16, icon=icon, max_width=room, align="right")
                + 12
            )
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
            _, _, wanted = parts.pill_fit(self.pen, marker, size=13, icon=False, max_width=w)
            if right - left - name_wanted - 12 >= wanted:
                marker_w = wanted
        shown, face = pen.fit(name, max(20.0, right - left - (marker_w + 12 if marker_w else 0)), 26, 17, bold=True)
        pen.text(left, cy, shown, face, c["panel.text"], "lm")
        if marker_w:
            fill = mix(c["first_player"], c["panel"], 0.45)
            after = left + pen.measure(shown, face) + 12
            parts.pill(
                self.pen,
                after,
                cy,
                marker,
                fill,
                mix(c["first_player.edge"], BLACK, 0.4),
                size=13,
                max_width=marker_w + 1,
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
            parts.pill(
                self.pen,
                x + w / 2,
                y + h - 1,
                t("hungry"),
                c["hungry"],
                _WHITE,
                size=12,
                max_width=w - 12,
                align="centre",
            )
        elif self.feeding:
            parts.pill(
                self.pen,
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

        return parts.picture(self.pen, key, w, h + 3, c["panel"], paint)

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

            return parts.picture(self.pen, key, w, CHIP_H, c["card"], paint_back)
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

        return parts.picture(self.pen, key, w, CHIP_H, c["card"], paint)

    def chip_text_size(self) -> int:
        """One text size (in pixels) for every trait name on this board: the largest at which each of them fits
        its card in at most two lines, so that the cards read alike."""
        if self._chip_text_size is None:
            pen = self.pen
            room = _chip_room(self.plan.tile_w - 2 * TILE_PAD) * pen.k
            present = {t.trait for p in self.view.players for s in p.species for t in s.traits}
            names = (self.t(f"trait.{trait.value}") for trait in present if trait is not None)
            self._chip_text_size = parts.shared_text_size(pen, names, room, size=CHIP_TEXT, min_size=CHIP_MIN_TEXT)
        return self._chip_text_size

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
            parts.Results(self.pen, self.c, self.t, name=self.seat_name, colour=self.player_colour).draw(
                view.outcome, top=top - 6, width=plan.width, margin=MARGIN
            )
            top += plan.results_h
        players = view.players
        grid = parts.panel_grid(
            plan.row_heights, plan.columns, len(players), top=top, margin=MARGIN, panel_w=plan.panel_w, gap=GAP
        )
        for index, x, y, row_h in grid:
            self.panel(players[index], x, y, plan.panel_w, row_h)


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
