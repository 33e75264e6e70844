"""The North Star board as a PNG, drawn from the public :class:`TableView` only (``renderer.render_board``).

``render_board`` is a pure function of the view plus keyword-only presentation options, in the manner of
python-chess's ``chess.svg.board``. The board is laid out for a phone (renderer.phone): in design units, 400 wide,
drawn at the width asked for.

What the board shows:

* a header with the round and phase, the last-round warning (or "next round is the last"), the quick-game rule,
  and a line of the food and the cards: the watering hole with its plant food and the face-down food cards put on
  it this round (how many, never which), the food bank, the deck and the discard pile;
* at the end of the game, a results band: rank, score, its parts (food, population, traits), the tie-break
  values where scores tie, and the winner or winners;
* a panel per player, in seat order: name (cleaned to what the font can draw, fitted and truncated by measured
  width), colour, first-player token, hand size, and the player's status (whose turn it is, who still owes a
  choice in the simultaneous phases, who has finished); on a crowded board (renderer.phone) the panel of the player
  to move comes first, in full, and the others are compact, two to a row;
* each player's species left to right in table order, each card as tall as its own traits: its number (the one
  its name gives it for its whole life, docs/rulings.md "Stable names"), trait cards
  (face-down ones as card backs; traits whose reveal effect waits to be ordered carry an hourglass), body size,
  population, the food eaten as tokens against the population, fat stored against the body size for Fat Tissue,
  and, while food is handed out (revealing and feeding), whether each species is hungry or fed.

Where everything goes is worked out first (renderer.north_star.layout); this module draws it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from renderer import parts, shapes, text
from renderer.cards import trait_name_lines
from renderer.labels import Labels
from renderer.north_star import badges
from renderer.north_star.labels import ENGLISH
from renderer.north_star.layout import (
    HEADER_H,
    Cards,
    Layout,
    PanelPlan,
    has_fat,
    head_height,
    layout,
    status_key,
    waiting_effects,
)
from renderer.north_star.theme import DEFAULT_COLOURS
from renderer.pen import BLACK, Drawing, Pen, Picture, canvas, finish
from renderer.phone import DETAIL, GAP, LEGIBLE, MARGIN, WIDTH, Place
from renderer.theme import RGB, mix, palette
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import Phase
from rules_core.north_star.view import PlayerTableView, SpeciesView, TableView

_WHITE = parts.WHITE


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
        self.pending = waiting_effects(view)

    # Shared pieces.
    def player_colour(self, seat: int) -> RGB:
        return self.c[f"player.{seat % 6}"]

    def player_name(self, player: PlayerTableView) -> str:
        return text.clean(player.name, bold=True) or self.t("player_fallback", n=player.seat + 1)

    def seat_name(self, seat: int) -> str:
        player = next((p for p in self.view.players if p.seat == seat), None)
        return self.player_name(player) if player is not None else self.t("player_fallback", n=seat + 1)

    # The header: round, phase, warnings; then the watering hole, the food bank, the deck and the discard.
    def header(self) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        x = MARGIN + 2
        room = WIDTH - MARGIN - x
        heading_end, phase_end = parts.header_band(
            pen, c, height=HEADER_H, title=t("title"), heading=t("round", n=view.round), phase=t(f"phase.{view.phase}"),
            room=room, heading_room=room * 0.5, phase_room=room * 0.6,
        )  # fmt: skip
        badges_x = heading_end + 7
        if view.last_round and view.phase is not Phase.GAME_OVER:
            icon = shapes.warning(pen.size(9), _WHITE, c["last_round"])
            parts.pill(
                pen, badges_x, 28.5, t("last_round"), c["last_round"], _WHITE, icon=icon, max_width=x + room - badges_x
            )
        elif view.next_round_last:
            icon = shapes.warning(pen.size(9), c["header"], c["next_round_last"])
            fill, ink = c["next_round_last"], c["header"]
            parts.pill(pen, badges_x, 28.5, t("next_round_last"), fill, ink, icon=icon, max_width=x + room - badges_x)
        if view.quick_game:
            after = phase_end + 7
            fill, ink = c["header.line"], c["header.text"]
            parts.pill(pen, after, 47, t("quick_game"), fill, ink, max_width=x + room - after, bold=False)
        self.counters(60)

    def counters(self, top: float) -> None:
        """The watering hole, the food bank, the deck and the discard pile in a line, each a number beside its
        picture over its name."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        faded = tuple(mix(c[k], c["header"], 0.45) for k in ("card_back", "card_back.edge", "card_back.star"))
        back = (c["card_back"], c["card_back.edge"], c["card_back.star"])
        cells: list[tuple[str, int, Image.Image, float]] = [
            ("watering_hole", view.watering_hole, self.pond().image, 124.0),
            (
                "food_bank",
                view.food_bank,
                shapes.token_pile(pen.size(18), c["food"], c["food.edge"], c["food.shine"]),
                0,
            ),
            ("deck", view.deck_size, shapes.card_stack(pen.size(10), pen.size(14), 3, *back), 0),
            ("discard", view.discard_size, shapes.card_stack(pen.size(10), pen.size(14), 2, *faded), 0),
        ]
        rest = (WIDTH - 2 * MARGIN - cells[0][3]) / (len(cells) - 1)
        left: float = MARGIN
        number_face = pen.font(15, bold=True)
        for key, count, picture, wanted in cells:
            cell_w = wanted or rest
            number = str(count)
            picture_w = picture.width / pen.k
            group = picture_w + 4 + pen.measure(number, number_face)
            placed = self.placed_cards() if key == "watering_hole" else 0
            if placed:
                group += 6 + 8 + 4 * (placed - 1)
            gx = left + (cell_w - group) / 2
            cy = top + 12
            pen.paste(picture, gx, cy - picture.height / pen.k / 2)
            gx += picture_w + 4
            pen.text(gx, cy, number, number_face, c["header.text"], "lm")
            if placed:
                # The food cards put on the watering hole this round, face down: how many, never which.
                card = shapes.card_back(pen.size(8), pen.size(11.5), *back)
                gx += pen.measure(number, number_face) + 6
                for i in range(placed):
                    pen.paste(card, gx + i * 4, cy - 6.5 + (i % 2) * 1.2)
            label, face = pen.fit(t(key), cell_w - 4, LEGIBLE, LEGIBLE, bold=True)
            pen.text(left + cell_w / 2, top + 29, label, face, c["header.muted"], "mm")
            left += cell_w

    def pond(self) -> Picture:
        """The watering hole: a pool with a leaf of plant food."""
        pen, c = self.pen, self.c
        w, h = 30.0, 18.0

        def paint(p: Pen) -> None:
            p.paste(shapes.pond(p.size(w), p.size(h), c["water"], c["water.shore"], c["water.ripple"]), 0, 0)
            p.paste_centred(shapes.leaf(p.size(11), c["plant"], c["plant.vein"]), w / 2, h / 2)

        key = ("north_star.pond", c["water"], c["water.shore"], c["water.ripple"], c["plant"], c["plant.vein"])
        return parts.picture(pen, key, w, h, c["header"], paint)

    def placed_cards(self) -> int:
        return sum(1 for p in self.view.players if p.food_card_chosen)

    # A player's panel.
    def panel(self, player: PlayerTableView, place: Place) -> None:
        pen, c, t = self.pen, self.c, self.t
        plan = self.plan.panels[place.index, place.full]
        colour = self.player_colour(player.seat)
        active = self.view.turn == player.seat and player.seat in self.owing
        compact = not place.full
        head_h = head_height(self.view, player, place.full)
        parts.panel(pen, c, place.x, place.y, place.w, place.h, seat=colour, active=active, head=head_h)
        first = self.view.first_player == player.seat
        token = (
            shapes.first_player_token(pen.size(13), c["first_player"], c["first_player.edge"], _WHITE)
            if first
            else None
        )
        show_hand = self.view.phase is not Phase.GAME_OVER
        stack = shapes.card_stack(
            pen.size(8), pen.size(11.5), 3, c["card_back"], c["card_back.edge"], c["card_back.star"]
        )
        marker = None
        if first:
            marker = parts.Status(
                t("first_player"), mix(c["first_player"], c["panel"], 0.45), mix(c["first_player.edge"], BLACK, 0.4)
            )
        head = parts.Head(
            self.player_name(player),
            token,
            player.hand_size if show_hand else None,
            stack if show_hand else None,
            self.status(player),
            marker,
        )
        parts.panel_head(
            pen, c, head, parts.content_left(place.x), place.y, place.x + place.w - 2 - parts.PAD, compact=compact
        )
        self.species_row(player, plan, parts.content_left(place.x), place.y + head_h + parts.PAD)

    def status(self, player: PlayerTableView) -> parts.Status | None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        key = status_key(view, player)
        if key is None:
            return None
        if key == "rank":
            assert view.outcome is not None
            return parts.standing_status(pen, c, t, view.outcome, player.seat)
        if key.startswith("decision."):
            if view.turn == player.seat:
                arrow = shapes.play_arrow(pen.size(7), c["panel.text"])
                return parts.Status(t(key), c["active"], c["panel.text"], arrow)
            waiting = shapes.hourglass(pen.size(7.5), _WHITE)
            return parts.Status(t(key), mix(c["status"], c["panel"], 0.2), _WHITE, waiting)
        return parts.done_status(pen, c, t(key))

    def species_row(self, player: PlayerTableView, plan: PanelPlan, x: float, y: float) -> None:
        cards = plan.cards
        if not player.species:
            self.empty_tile(plan, x, y)
            return
        top = y
        for line_index, line_h in enumerate(plan.lines):
            first = line_index * plan.per_line
            for column, species in enumerate(player.species[first : first + plan.per_line]):
                index = first + column
                number = player.number(species.id) or 0
                self.tile(species, number, plan, index, x + column * (plan.tile_w + cards.gap), top)
            top += line_h + cards.gap

    def empty_tile(self, plan: PanelPlan, x: float, y: float) -> None:
        pen, c = self.pen, self.c
        w, h = plan.tile_w, plan.lines[0]
        pen.framed(x, y, w, h, c["panel"], c["slot"], 0.8, 4)
        size = plan.cards.text_min
        label, face = pen.fit(self.t("no_species"), w - 6, size, size)
        with pen.fine_print(not plan.cards.full):
            pen.text(x + w / 2, y + h / 2, label, face, c["panel.muted"], "mm")

    # A species.
    def tile(self, species: SpeciesView, number: int, plan: PanelPlan, index: int, x: float, y: float) -> None:
        pen, c, t = self.pen, self.c, self.t
        cards = plan.cards
        w, h = plan.tile_w, plan.tiles[index]
        fine = not cards.full
        pen.rect(x, y + 1.2, w, h, mix(c["panel.edge"], BLACK, 0.1), 4)
        pen.framed(x, y, w, h, c["card"], c["card.edge"], 0.6, 4)
        disc = cards.number_h - 3
        parts.number_disc(
            pen, x + cards.pad + disc / 2, y + cards.pad + disc / 2, disc, number, c["board"], c["panel.text"]
        )
        chip_y = y + cards.pad + cards.number_h
        for trait, chip_h in zip(species.traits, plan.chips[index], strict=True):
            waiting = trait.trait is not None and (species.id, trait.trait) in self.pending
            pen.place(self.chip_picture(trait.trait, waiting, plan, chip_h), x + cards.pad, chip_y)
            chip_y += chip_h + cards.chip_gap
        stats_y = chip_y
        self.stats(species, cards, x + cards.pad, stats_y, w - 2 * cards.pad)
        row_y = stats_y + cards.stats_h
        if self.view.phase is not Phase.GAME_OVER:
            self.tokens(species, cards, x + cards.pad, row_y, w - 2 * cards.pad)
            row_y += cards.tokens_h
        if has_fat(species):
            self.fat(species, cards, x + cards.pad, row_y, w - 2 * cards.pad)
            row_y += cards.fat_h
        if self.feeding:
            hungry = species.hungry
            key, fill = ("hungry", c["hungry"]) if hungry else ("fed", c["fed"])
            size = LEGIBLE if cards.full else DETAIL
            icon = None if hungry else shapes.check_mark(pen.size(size), _WHITE)
            with pen.fine_print(fine):
                parts.pill(
                    pen,
                    x + w / 2,
                    row_y + cards.foot_h / 2 - 0.5,
                    t(key),
                    fill,
                    _WHITE,
                    size=size,
                    min_size=size,
                    icon=icon,
                    max_width=w - 4,
                    align="centre",
                )

    def stats(self, species: SpeciesView, cards: Cards, x: float, y: float, w: float) -> None:
        """Body size and population, each a number under its caption, on the card's board."""
        pen, c = self.pen, self.c
        half = w / 2
        pen.rect(x, y, w, cards.stats_h - 2, c["board"], 3)
        pen.rect(x + half - 0.3, y + 3, 0.6, cards.stats_h - 8, mix(c["board"], BLACK, 0.15))
        number = pen.font(cards.number, bold=True)
        for index, (key, value) in enumerate((("body_size", species.body_size), ("population", species.population))):
            cx = x + half * index + half / 2
            with pen.fine_print(not cards.full):
                caption = self.caption(key, half - 3, cards.caption)
                shown, face = pen.fit(caption, half - 3, cards.caption, cards.caption, bold=True)
                pen.text(cx, y + cards.caption_y, shown, face, c["panel.muted"], "mm")
            pen.text(cx, y + cards.number_y, str(value), number, c["panel.text"], "mm")

    def caption(self, key: str, room: float, size: float) -> str:
        """The caption ``key`` in capitals, or its short form when the full one would not fit ``room``."""
        full = self.t(key).upper()
        if self.pen.measure(full, self.pen.font(size, bold=True)) <= room:
            return full
        return self.t(f"{key}.short").upper()

    def chip_picture(self, trait: Trait | None, waiting: bool, plan: PanelPlan, chip_h: float) -> Picture:
        """A trait card on a species: face up, its badge and name; face down, the card back."""
        c, cards = self.c, plan.cards
        w = plan.tile_w - 2 * cards.pad
        if trait is None:
            back = (c["card_back"], c["card_back.edge"], c["card_back.star"])
            key: tuple[object, ...] = ("back", w, chip_h, back, c["card"])

            def paint_back(pen: Pen) -> None:
                pen.paste(shapes.card_back(pen.size(w), pen.size(chip_h), *back), 0, 0)

            return parts.picture(self.pen, key, w, chip_h, c["card"], paint_back)
        colour = c[f"trait.{trait.value}"]
        name = self.t(f"trait.{trait.value}")
        size = self.plan.chip_text[cards.full]
        key = ("chip", trait, name, w, chip_h, waiting, colour, c["card"], size, cards.full)
        badge = cards.badge

        def paint(pen: Pen) -> None:
            with pen.fine_print(not cards.full):
                pen.rect(0, 0, w, chip_h, mix(colour, _WHITE, 0.8), 3)
                pen.paste(badges.trait_badge(trait, pen.size(badge), colour), 2, (chip_h - badge) / 2)
                room = cards.chip_room(plan.tile_w, waiting)
                lines, face = trait_name_lines(pen, cards, name, room, chip_h, size)
                ink = mix(colour, BLACK, 0.55)
                pen.lines(badge + 5, chip_h / 2, lines, face, ink)
                if waiting:
                    pen.paste_centred(shapes.hourglass(pen.size(badge * 0.6), ink), w - badge * 0.45, chip_h / 2)

        return parts.picture(self.pen, key, w, chip_h, c["card"], paint)

    def tokens(self, species: SpeciesView, cards: Cards, x: float, y: float, w: float) -> None:
        pen, c = self.pen, self.c
        count = max(species.population, species.food)
        if count <= 0:
            return
        size = min(cards.token, (w - 2 - (count - 1) * 1.5) / count)
        gap = min(1.5, size / 5)
        total = count * size + (count - 1) * gap
        left = x + (w - total) / 2
        cy = y + cards.tokens_h / 2
        px = pen.size(size)
        hungry = self.feeding and species.hungry
        full = shapes.food_token(px, c["food"], c["food.edge"], c["food.shine"])
        empty = shapes.ring(px, c["hungry"] if hungry else c["food.empty"], 0.14)
        for index in range(count):
            picture = full if index < species.food else empty
            pen.paste_centred(picture, left + index * (size + gap) + size / 2, cy)

    def fat(self, species: SpeciesView, cards: Cards, x: float, y: float, w: float) -> None:
        pen, c = self.pen, self.c
        count = max(species.body_size, species.fat)
        size = min(cards.token * 0.9, (w - 18 - (count - 1) * 1.2) / max(1, count))
        with pen.fine_print(not cards.full):
            caption, face = pen.fit(self.t("fat").upper(), 18, cards.caption, cards.caption, bold=True)
            caption_w = pen.measure(caption, face) + 2
            total = caption_w + count * size + (count - 1) * 1.2
            left = x + (w - total) / 2
            cy = y + cards.fat_h / 2
            pen.text(left, cy, caption, face, c["fat.edge"], "lm")
        px = pen.size(size)
        stored = shapes.fat_token(px, c["fat"], c["fat.edge"], False)
        room = shapes.fat_token(px, c["fat"], mix(c["fat.edge"], c["board"], 0.35), True)
        for index in range(count):
            pen.paste_centred(
                stored if index < species.fat else room, left + caption_w + index * (size + 1.2) + size / 2, cy
            )

    # The whole board.
    def draw(self) -> None:
        plan, view = self.plan, self.view
        self.header()
        if view.outcome is not None:
            parts.Results(
                self.pen, self.c, self.t, name=self.seat_name, colour=self.player_colour, crowded=plan.sheet.crowded
            ).draw(view.outcome, top=HEADER_H + GAP, width=WIDTH, margin=MARGIN)
        for place in plan.places:
            self.panel(view.players[place.index], place)


def draw(
    view: TableView,
    *,
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
    colours: Mapping[str, str | tuple[int, int, int]] | None = None,
    reader: int | None = None,
) -> Drawing:
    """The public table of a North Star game drawn (``renderer.render_board`` calls this for a :class:`TableView`).
    ``width`` is the image width in pixels (default: renderer.phone.NATURAL_WIDTH); the height follows.
    ``labels`` overrides any of :data:`renderer.north_star.labels.ENGLISH` (a translation); ``colours`` overrides
    any of :data:`renderer.north_star.theme.DEFAULT_COLOURS` by name, as ``"#rrggbb"`` or an RGB tuple; ``reader``
    is the seat whose panel a crowded board draws in full (renderer.phone).
    """
    plan = layout(view, labels, reader)
    colour_map = palette(DEFAULT_COLOURS, colours)
    t = Labels(ENGLISH, labels)
    pen = canvas(plan.height, width, colour_map["background"], t.language)
    Board(view, pen, plan, colour_map, t).draw()
    return finish(pen)
