"""The original "Evolution"'s board as a PNG, drawn from the public :class:`TableView` only (``render_board``).

Seed 003: animals are cards lying face down, traits are cards tucked under them face up, a paired trait is a card
lying between two animals; red tokens form the food bank, blue ones come from traits, yellow ones are fat. The board
is laid out for a phone (renderer.phone): in design units, 400 wide, drawn at the width asked for.

What the board shows:

* a header with the turn and phase, the last-turn warning, whether two decks are mixed, and a line of the food
  bank's red tokens, the deck and the discard pile (and, with "Time to Fly", seed 001, the Shells lying in the
  middle of the table);
* a banner while the table waits for an answer out of turn: which carnivore attacks which animal (with its pack's
  helper, the traits Intellect ignores, from ambush) and who defends, who is asked to join a pack hunt, or who
  orders their paired traits;
* at the end of the game, the results band (rank, score, its parts, the tie-break values where scores tie);
* a panel per player, in table order: name, colour, first-player token, the hand as card backs and a count (never
  which cards), and the player's status (whose move it is, who passed, the final score); on a crowded board
  (renderer.phone) the panel of the player to move comes first, in full, and the others are compact, two to a row;
* each player's animals from the left, numbered as the menus name them, each card as tall as its own traits: the
  animal's own card as its back only, its trait cards (one turned sideways when used), the extra food a trait
  needs, food tokens against the need, yellow tokens on the Fat Tissue cards, and the marks: asleep, poisoned,
  hidden in its Shell, a revealed Anglerfish fasting, fed or hungry while feeding, the attacking carnivores and
  their target (an Anglerfish is drawn only once revealed, as a trait card among the others: the view never tells a
  face-down card);
* the paired traits as links drawn under the animals they join: Communication, Cooperation, Symbiosis and
  Trematode each in its own colour and named, Symbiosis with an arrow from the symbiont to the animal it shelters,
  a link used this round dashed; a row too long for the panel continues on a second line, and a link to an animal
  on another line runs to the panel's edge and names it.

Where everything goes is worked out first (renderer.origin.layout, with the links' lanes in renderer.origin.lanes
and the banner's words in renderer.origin.banner); this module draws it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from renderer import parts, shapes
from renderer.cards import trait_name_lines
from renderer.labels import Labels
from renderer.origin import icons
from renderer.origin.banner import BANNER_PAD, BANNER_TEXT, banner_icon, banner_room, seat_name
from renderer.origin.labels import english
from renderer.origin.lanes import Lane, Line
from renderer.origin.layout import (
    HEADER_H,
    Cards,
    Layout,
    PanelPlan,
    face,
    fat_cards,
    head_height,
    layout,
    need,
    status_key,
    tagged,
    token_rows_h,
)
from renderer.origin.theme import DEFAULT_COLOURS
from renderer.pen import BLACK, Drawing, Pen, Picture, canvas, finish
from renderer.phone import GAP, LEGIBLE, MARGIN, WIDTH, Place
from renderer.theme import RGB, mix, palette
from rules_core.origin.cards import Trait
from rules_core.origin.food import EXTRA_FOOD
from rules_core.origin.setup import decks
from rules_core.origin.state import AttackFrame, Link, PackFrame, Phase, TieBreak, TraitCard
from rules_core.origin.view import AnimalView, PlayerView, TableView

_WHITE = parts.WHITE


class Board:
    """One rendering: the view, the options, and the pen."""

    def __init__(self, view: TableView, pen: Pen, plan: Layout, colours: dict[str, RGB], labels: Labels) -> None:
        self.view = view
        self.pen = pen
        self.plan = plan
        self.c = colours
        self.t = labels
        self.owing = {d.seat: d.kind for d in view.decisions if not d.opportunity}
        top = view.interrupts.top
        self.attack = top.context if top is not None and isinstance(top.context, AttackFrame) else None
        #: A pack hunt waiting for its helper's owner: the hunt.
        self.invited = top.context.hunt if top is not None and isinstance(top.context, PackFrame) else None
        #: The hunt whose animals are marked: under way, or waiting for a pack's helper to join.
        self.hunt = self.attack if self.invited is None else self.invited
        self.feeding = view.phase is Phase.FEEDING

    # Shared pieces.
    def player_colour(self, seat: int) -> RGB:
        return self.c[f"player.{seat % 8}"]

    def trait_colour(self, trait: Trait) -> RGB:
        return self.c.get(f"trait.{trait.value}", self.c["trait.other"])

    def seat_name(self, seat: int) -> str:
        return seat_name(self.view, self.t, seat)

    # The header: turn, phase, badges; then the food bank, the deck, the discard pile (and the Shells).
    def header(self) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        x = MARGIN + 2
        room = WIDTH - MARGIN - x
        heading_end, phase_end = parts.header_band(
            pen, c, height=HEADER_H, title=t("title"), heading=t("round", n=view.round), phase=t(f"phase.{view.phase}"),
            room=room, heading_room=room * 0.5, phase_room=room * 0.6,
        )  # fmt: skip
        badges_x = heading_end + 7
        if view.last_turn and view.phase is not Phase.GAME_OVER:
            icon = shapes.warning(pen.size(9), _WHITE, c["last_turn"])
            fits = x + room - badges_x
            parts.pill(pen, badges_x, 28.5, t("last_turn"), c["last_turn"], _WHITE, icon=icon, max_width=fits)
        if decks(view.options, len(view.players)) > 1:
            after = phase_end + 7
            fill, ink = c["header.line"], c["header.text"]
            parts.pill(pen, after, 47, t("two_decks"), fill, ink, max_width=x + room - after)
        self.counters(60)

    def counters(self, top: float) -> None:
        """The food bank, the deck, the discard pile (and the Shells) in a line: a number beside its picture over
        its name."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        back = (c["card_back"], c["card_back.edge"], c["card_back.emblem"])
        faded = tuple(mix(colour, c["header"], 0.45) for colour in back)
        # Until the dice are rolled (after development) the turn's food bank is not known yet.
        food = "–" if view.phase is Phase.DEVELOPMENT else str(view.food_base)
        pile = shapes.token_pile(pen.size(18), c["token.red"], c["token.red.edge"], c["token.red.shine"])
        cells: list[tuple[str, str, Image.Image]] = [
            ("food_bank", food, pile),
            ("deck", str(view.deck_size), shapes.card_stack(pen.size(10), pen.size(14), 3, *back)),
            ("discard", str(len(view.discard)), shapes.card_stack(pen.size(10), pen.size(14), 2, *faded)),
        ]
        if view.options.time_to_fly:
            shell = (c["shell"], c["shell.edge"], c["trait.shell"])
            fan = min(3, max(1, len(view.shells)))
            cells.append(
                ("trait.shell", str(len(view.shells)), shapes.card_stack(pen.size(10), pen.size(14), fan, *shell))
            )
        cell_w = (WIDTH - 2 * MARGIN) / len(cells)
        number_face = pen.font(15, bold=True)
        for index, (key, number, picture) in enumerate(cells):
            left = MARGIN + index * cell_w
            picture_w = picture.width / pen.k
            group = picture_w + 4 + pen.measure(number, number_face)
            gx = left + (cell_w - group) / 2
            cy = top + 12
            pen.paste(picture, gx, cy - picture.height / pen.k / 2)
            pen.text(gx + picture_w + 4, cy, number, number_face, c["header.text"], "lm")
            label, face_ = pen.fit(t(key), cell_w - 4, LEGIBLE, LEGIBLE, bold=True)
            pen.text(left + cell_w / 2, top + 29, label, face_, c["header.muted"], "mm")

    # What the table waits for besides a turn.
    def banner(self, top: float) -> None:
        pen, c = self.pen, self.c
        lines = self.plan.banner
        h = self.plan.banner_h - GAP
        icon: Image.Image | None
        if self.attack is not None:
            fill, ink, icon = c["attack"], _WHITE, icons.fangs(pen.size(11), _WHITE)
        elif banner_icon(self.view):
            fill, ink, icon = c["active"], c["panel.text"], icons.fangs(pen.size(11), c["panel.text"])
        else:
            fill, ink, icon = c["active"], c["panel.text"], None
        pen.rect(MARGIN, top, WIDTH - 2 * MARGIN, h, fill, min(h / 2, 12))
        left = MARGIN + BANNER_PAD + 2
        if icon is not None:
            pen.paste_centred(icon, left + 5.5, top + h / 2)
            left += 16
        # Measured at the natural scale (the layout's height), drawn at the pen's: the same lines, each fitted.
        face_ = pen.font(BANNER_TEXT, bold=True)
        step = BANNER_TEXT * 1.2
        first = top + h / 2 - step * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            shown, face_ = pen.fit(line, banner_room(icon is not None), BANNER_TEXT, LEGIBLE, bold=True)
            pen.text(left, first + index * step, shown, face_, ink, "lm")

    # A player's panel.
    def panel(self, player: PlayerView, place: Place) -> None:
        pen, c = self.pen, self.c
        plan = self.plan.panels[place.index, place.full]
        active = player.seat in self.owing
        head_h = head_height(self.view, player, place.full)
        parts.panel(
            pen, c, place.x, place.y, place.w, place.h, seat=self.player_colour(player.seat), active=active, head=head_h
        )
        first = self.view.first_player == player.seat
        token = (
            shapes.first_player_token(pen.size(13), c["first_player"], c["first_player.edge"], _WHITE)
            if first
            else None
        )
        show_hand = self.view.phase is not Phase.GAME_OVER
        stack = shapes.card_stack(
            pen.size(8), pen.size(11.5), 3, c["card_back"], c["card_back.edge"], c["card_back.emblem"]
        )
        head = parts.Head(
            self.seat_name(player.seat),
            token,
            player.hand_size if show_hand else None,
            stack if show_hand else None,
            self.status(player),
        )
        parts.panel_head(
            pen,
            c,
            head,
            parts.content_left(place.x),
            place.y,
            place.x + place.w - 2 - parts.PAD,
            compact=not place.full,
        )
        self.animals(player, plan, parts.content_left(place.x), place.y + head_h + parts.PAD)

    def status(self, player: PlayerView) -> parts.Status | None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        key = status_key(view, player)
        if key is None:
            return None
        if key == "rank":
            assert view.outcome is not None
            return parts.standing_status(pen, c, t, view.outcome, player.seat)
        if key.startswith("decision."):
            return parts.Status(t(key), c["active"], c["panel.text"], shapes.play_arrow(pen.size(7), c["panel.text"]))
        return parts.done_status(pen, c, t(key))

    # A player's animals and the links between them.
    def animals(self, player: PlayerView, plan: PanelPlan, x: float, y: float) -> None:
        pen, c, cards = self.pen, self.c, plan.cards
        w = plan.tile_w
        if not player.animals:
            pen.framed(x, y, w, cards.empty_h, c["panel"], c["slot"], 0.8, 4)
            label, face_ = pen.fit(self.t("no_animals"), w - 6, cards.text_min, cards.text_min)
            with pen.fine_print(not cards.full):
                pen.text(x + w / 2, y + cards.empty_h / 2, label, face_, c["panel.muted"], "mm")
            return
        top = y
        for line in plan.lines:
            for column, index in enumerate(line.animals):
                animal = player.animals[index]
                number = player.number(animal.id) or 0
                self.tile(animal, number, index, plan, x + column * (w + cards.gap), top)
            bottom = top + line.tile_h
            for lane in line.lanes:
                self.link(lane, plan, line, x, top, bottom)
            # The names go on top of every line and stub, so that no stub crosses one.
            with pen.fine_print(not cards.full):
                for lane in line.lanes:
                    self.link_name(lane, cards, x, bottom)
            top = bottom + plan.links_h(line) + cards.line_gap

    def link(self, lane: Lane, plan: PanelPlan, line: Line, x: float, top: float, bottom: float) -> None:
        """A paired trait in its lane: stubs down from the animals it joins (from each card's own foot), a line
        between them with its name, an arrow into the animal a symbiont shelters; dashed once used this round."""
        pen, cards = self.pen, plan.cards
        colour = self.link_colour(lane.link)
        y = bottom + cards.lane_top + lane.lane * cards.lane_h + cards.lane_h / 2
        self.segment(x + lane.start, x + lane.end, y, colour, dashed=lane.link.used)
        for end_x, is_second in ((lane.first_x, False), (lane.second_x, True)):
            if end_x is None:
                continue
            column = int(end_x // (plan.tile_w + cards.gap))
            foot = top + plan.tiles[line.animals[column]]
            pen.rect(x + end_x - 0.6, foot - 1, 1.2, y - foot + 1.2, colour)
            if lane.link.trait is Trait.SYMBIOSIS and is_second:
                # The arrow points into the sheltered animal.
                tip = foot - 0.5
                pen.draw.polygon(
                    [
                        (pen.px(x + end_x), pen.px(tip)),
                        (pen.px(x + end_x - 2.6), pen.px(tip + 4)),
                        (pen.px(x + end_x + 2.6), pen.px(tip + 4)),
                    ],
                    fill=colour,
                )
            else:
                pen.paste_centred(shapes.disc(pen.size(3.5), colour), x + end_x, y)

    def link_name(self, lane: Lane, cards: Cards, x: float, bottom: float) -> None:
        """The paired trait's name on its link (with the far animal's place when that is on another line)."""
        pen = self.pen
        colour = self.link_colour(lane.link)
        y = bottom + cards.lane_top + lane.lane * cards.lane_h + cards.lane_h / 2
        label = self.t(f"trait.{lane.link.trait.value}")
        if lane.partner is not None:
            label = f"{label} ↔ {lane.partner}"
        start, end = lane.label
        span = end - start
        parts.pill(
            pen,
            x + start + span / 2,
            y,
            label,
            mix(colour, _WHITE, 0.82),
            mix(colour, BLACK, 0.45),
            size=cards.mark,
            min_size=cards.mark,
            max_width=max(cards.mark * 4, span - 6),
            align="centre",
        )

    def link_colour(self, link: Link) -> RGB:
        colour = self.c.get(f"link.{link.trait.value}", self.c["trait.other"])
        return mix(colour, self.c["panel"], 0.45) if link.used else colour

    def segment(self, x0: float, x1: float, y: float, colour: RGB, *, dashed: bool) -> None:
        if not dashed:
            self.pen.rect(x0, y - 0.6, x1 - x0, 1.2, colour)
            return
        dash = x0
        while dash < x1:
            self.pen.rect(dash, y - 0.6, min(3.5, x1 - dash), 1.2, colour)
            dash += 5.5

    # An animal.
    def tile(self, animal: AnimalView, number: int, index: int, plan: PanelPlan, x: float, y: float) -> None:
        pen, c, cards = self.pen, self.c, plan.cards
        w, h = plan.tile_w, plan.tiles[index]
        hunters = () if self.hunt is None else (self.hunt.carnivore, self.hunt.helper)
        attacking = animal.id in hunters
        attacked = self.hunt is not None and self.hunt.target == animal.id
        if attacking or attacked:
            pen.rect(x - 1.6, y - 1.6, w + 3.2, h + 3.2, c["attack"], 5.5)
        pen.rect(x, y + 1.2, w, h, mix(c["panel.edge"], BLACK, 0.1), 4)
        pen.framed(x, y, w, h, c["card"], c["card.edge"], 0.6, 4)
        self.card_back(number, cards, x, y, w)
        # The tokens first, under the card: what changes most while feeding, in one place on every tile.
        rows_h = token_rows_h(animal, cards, self.view.phase is Phase.GAME_OVER)
        if rows_h:
            pen.rect(x + 2, y + cards.back_h + 1.5, w - 4, rows_h - 1.5, c["slot"], 3)
            self.tokens(animal, cards, x + 2, y + cards.back_h + 1.5, w - 4)
            if fat_cards(animal) or animal.fat:
                self.fat(animal, cards, x + 2, y + cards.back_h + 1.5 + cards.tokens_h, w - 4)
        chip_y = y + cards.back_h + rows_h + cards.pad
        for trait, chip_h in zip(animal.traits, plan.chips[index], strict=True):
            pen.place(self.chip(trait, plan, chip_h), x + cards.pad, chip_y)
            chip_y += chip_h + cards.chip_gap
        self.mark(animal, cards, x, y, w, attack="attacking" if attacking else "attacked" if attacked else None)

    def card_back(self, number: int, cards: Cards, x: float, y: float, w: float) -> None:
        """The animal's own card, face down: only its back, with the animal's number (the menus and logs name an
        animal by it)."""
        pen, c = self.pen, self.c
        key = ("origin.back", w, cards.back_h, cards.full, c["card_back"], c["card_back.emblem"])

        def paint(p: Pen) -> None:
            p.rect(0, 0, w, cards.back_h + 4, c["card_back"], 4)
            if cards.full:
                paw = icons.paw(p.size(10), mix(c["card_back"], c["card_back.emblem"], 0.45))
                p.paste_centred(paw, cards.badge + 11, cards.back_h / 2)

        pen.place(parts.picture(pen, key, w, cards.back_h, c["card"], paint), x, y)
        parts.number_disc(
            pen,
            x + 2 + cards.badge / 2,
            y + cards.back_h / 2,
            cards.badge,
            number,
            c["card_back.emblem"],
            c["card_back"],
        )

    def chip(self, card: TraitCard, plan: PanelPlan, chip_h: float) -> Picture:
        """A trait card under an animal: its colour, its name, the extra food it needs; faded with a sideways card
        when used this turn (or round). A revealed Anglerfish's own card (its Carnivore) shows as the Anglerfish."""
        c, cards = self.c, plan.cards
        w = plan.tile_w - 2 * cards.pad
        trait, used = face(card), card.used
        colour = self.trait_colour(trait)
        if used:
            colour = mix(colour, c["card"], 0.5)
        name = self.t(f"trait.{trait.value}")
        extra = EXTRA_FOOD.get(card.trait, 0)
        size = self.plan.chip_text[cards.full]
        key = ("origin.chip", trait, name, w, chip_h, used, extra, colour, c["card"], size, cards.full)

        def paint(pen: Pen) -> None:
            with pen.fine_print(not cards.full):
                pen.rect(0, 0, w, chip_h, mix(colour, _WHITE, 0.8), 3)
                pen.rect(0, 0, cards.edge, chip_h, colour, 1.2)
                ink = mix(colour, BLACK, 0.55)
                room = cards.chip_room(plan.tile_w, tagged(card))
                lines, face_ = trait_name_lines(pen, cards, name, room, chip_h, size)
                pen.lines(cards.edge + 3, chip_h / 2, lines, face_, ink)
                tag = cards.tag
                if used:
                    pen.paste_centred(icons.sideways(pen.size(tag - 2), ink), w - tag / 2 - 1, chip_h / 2)
                elif extra:
                    pen.paste_centred(shapes.disc(pen.size(tag), colour), w - tag / 2 - 1, chip_h / 2)
                    pen.text(
                        w - tag / 2 - 1, chip_h / 2, f"+{extra}", pen.font(cards.text_min, bold=True), _WHITE, "mm"
                    )

        return parts.picture(self.pen, key, w, chip_h, c["card"], paint)

    def tokens(self, animal: AnimalView, cards: Cards, x: float, y: float, w: float) -> None:
        """Food tokens against the need: one disc a token eaten, an empty ring a token still needed."""
        pen, c = self.pen, self.c
        count = max(need(animal), animal.food)
        size = min(cards.token, (w - 4 - (count - 1) * 1.2) / count)
        gap = min(1.6, size / 5)
        left = x + (w - count * size - (count - 1) * gap) / 2
        cy = y + cards.tokens_h / 2
        px = pen.size(size)
        full = shapes.food_token(px, c["token.red"], c["token.red.edge"], c["token.red.shine"])
        hungry = self.feeding and not animal.hibernating and animal.food < need(animal)
        empty = shapes.ring(px, c["hungry"] if hungry else c["token.empty"], 0.14)
        for index in range(count):
            pen.paste_centred(full if index < animal.food else empty, left + index * (size + gap) + size / 2, cy)

    def fat(self, animal: AnimalView, cards: Cards, x: float, y: float, w: float) -> None:
        """Yellow tokens on the Fat Tissue cards: a filled drop a token stored, an outline a card still empty."""
        pen, c = self.pen, self.c
        count = max(fat_cards(animal), animal.fat)
        if not count:
            return
        size = min(cards.token * 0.9, (w - 4 - (count - 1) * 1.2) / count)
        left = x + (w - count * size - (count - 1) * 1.2) / 2
        stored = shapes.fat_token(pen.size(size), c["token.yellow"], c["token.yellow.edge"], False)
        room = shapes.fat_token(pen.size(size), c["token.yellow"], mix(c["token.yellow.edge"], c["slot"], 0.35), True)
        for index in range(count):
            picture = stored if index < animal.fat else room
            pen.paste_centred(picture, left + index * (size + 1.2) + size / 2, y + cards.fat_h / 2 - 0.5)

    def mark(self, animal: AnimalView, cards: Cards, x: float, y: float, w: float, *, attack: str | None) -> None:
        """On the animal's card: its part in the attack waiting for an answer; else, while feeding, asleep,
        poisoned, fed or hungry (the tile's foot stays free for the links of its paired traits). On a compact card
        the mark's colour says it and its word is fine print."""
        pen, c, t = self.pen, self.c, self.t
        icon_size = cards.mark * 1.1
        icon: Image.Image | None
        if attack is not None:
            key, fill = attack, c["attack"]
            icon = (
                icons.fangs(pen.size(icon_size), _WHITE)
                if attack == "attacking"
                else icons.target(pen.size(icon_size), _WHITE, fill)
            )
        elif not self.feeding:
            return
        elif animal.in_shell:
            key, fill, icon = "in_shell", c["in_shell"], None
        elif animal.fasting:
            key, fill, icon = "fasting", c["fasting"], None
        elif animal.poisoned:
            key, fill, icon = "poisoned", c["poisoned"], icons.poison(pen.size(icon_size), _WHITE, c["poisoned"])
        elif animal.hibernating:
            key, fill, icon = "asleep", c["asleep"], icons.moon(pen.size(icon_size), _WHITE, c["asleep"])
        elif animal.food >= need(animal):
            key, fill, icon = "fed", c["fed"], shapes.check_mark(pen.size(icon_size), _WHITE)
        else:
            key, fill, icon = "hungry", c["hungry"], None
        right, cy = x + w - 2, y + cards.back_h / 2
        room = w - cards.badge - 6 - (14 if cards.full else 0)
        with pen.fine_print(not cards.full):
            parts.pill(
                pen,
                right,
                cy,
                t(key),
                fill,
                _WHITE,
                size=cards.mark,
                min_size=cards.mark,
                icon=icon,
                max_width=room,
                align="right",
            )

    def tiebreak(self, index: int) -> str:
        """What a standing's tie-break value ``index`` is, by the game's tie-break (``scoring.tiebreaks``)."""
        if self.view.options.tie_break is TieBreak.DISCARDS:
            return self.t("tiebreak.discards" if index == 0 else "tiebreak.roll")
        return self.t(f"tiebreak.{index}")

    # The whole board.
    def draw(self) -> None:
        plan, view = self.plan, self.view
        self.header()
        top: float = HEADER_H + GAP
        if plan.banner_h:
            self.banner(top)
            top += plan.banner_h
        if view.outcome is not None:
            parts.Results(
                self.pen,
                self.c,
                self.t,
                name=self.seat_name,
                colour=self.player_colour,
                crowded=plan.sheet.crowded,
                tiebreak=self.tiebreak,
            ).draw(view.outcome, top=top, width=WIDTH, margin=MARGIN)
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
    """The public table of a game of the original "Evolution" drawn (``renderer.render_board`` calls this for its
    :class:`TableView`). ``width`` is the image width in pixels (default: renderer.phone.NATURAL_WIDTH); the height
    follows. ``labels`` overrides any of the English words (:mod:`renderer.origin.labels`: a translation);
    ``colours`` any of :data:`renderer.origin.theme.DEFAULT_COLOURS` by name, as ``"#rrggbb"`` or an RGB tuple;
    ``reader`` is the seat whose panel a crowded board draws in full (renderer.phone).
    """
    plan = layout(view, labels, reader)
    colour_map = palette(DEFAULT_COLOURS, colours)
    t = Labels(english(), labels)
    pen = canvas(plan.height, width, colour_map["background"], t.language)
    Board(view, pen, plan, colour_map, t).draw()
    return finish(pen)
