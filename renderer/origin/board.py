"""The original "Evolution"'s board as a PNG, drawn from the public :class:`TableView` only (``render_board``).

Seed 003: animals are cards lying face down, traits are cards tucked under them face up, a paired trait is a card
lying between two animals; red tokens form the food bank, blue ones come from traits, yellow ones are fat. Layout
is computed in design units (a pixel at the board's natural width) and scaled to the width asked for.

What the board shows:

* a header with the turn and phase, the last-turn warning, whether two decks are mixed, the food bank's red
  tokens, the deck and the discard pile;
* a banner while the table waits for an answer out of turn: which carnivore attacks which animal (with its pack's
  helper, the traits Intellect ignores, from ambush) and who defends, who is asked to join a pack hunt, or who
  orders their paired traits;
* with "Time to Fly" (seed 001), the Shells lying in the middle of the table beside the deck;
* at the end of the game, the results band (rank, score, its parts, the tie-break values where scores tie);
* a panel per player, in table order: name, colour, first-player token, the hand as card backs and a count (never
  which cards), and the player's status (whose move it is, who passed, the final score);
* each player's animals from the left, numbered as the menus name them: the animal's own card as its back only, its
  trait cards (one turned sideways when used), the extra food a trait needs, food tokens against the need, yellow
  tokens on the Fat Tissue cards, and the marks: asleep, poisoned, hidden in its Shell, a revealed Anglerfish
  fasting, fed or hungry while feeding, the attacking carnivores and their target (an Anglerfish is drawn only once
  revealed, as a trait card among the others: the view never tells a face-down card);
* the paired traits as links drawn under the animals they join: Communication, Cooperation, Symbiosis and
  Trematode each in its own colour and named, Symbiosis with an arrow from the symbiont to the animal it shelters,
  a link used this round dashed.

Readable with eight players and many animals: the panels go in two columns from three players, the image widens
(up to :data:`MAX_WIDTH`) before the animals narrow, and a row too long for the panel continues on a second line.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from renderer import parts, shapes, text
from renderer.labels import Labels
from renderer.origin import icons
from renderer.origin.labels import english
from renderer.origin.theme import DEFAULT_COLOURS
from renderer.pen import BLACK, Pen, check_width, png
from renderer.theme import RGB, mix, palette
from rules_core.origin.cards import Trait
from rules_core.origin.food import EXTRA_FOOD
from rules_core.origin.setup import decks
from rules_core.origin.state import AnglerfishFrame, AttackFrame, Link, PackFrame, PairFrame, Phase, TieBreak, TraitCard
from rules_core.origin.traits.anglerfish import is_anglerfish
from rules_core.origin.view import AnimalView, PlayerView, TableView

# Page.
MARGIN = 24
GAP = 18
MIN_WIDTH = 1200
MAX_WIDTH = 2400
HEADER_H = 124
BANNER_H = 46
# A player's panel.
PAD = 14
PANEL_HEAD = 50
PANEL_RADIUS = 16
# An animal.
TILE_PREF = 156
TILE_MIN = 108
TILE_GAP = 12
TILE_PAD = 7
BACK_H = 30
CHIP_H = 32
CHIP_GAP = 5
CHIP_TEXT = 14
CHIP_MIN_TEXT = 9
TOKENS_H = 28
FAT_H = 22
MARK_H = 6
#: Trait cards every animal tile has room for at least.
MIN_SLOTS = 1
# The links of paired traits, in lanes under a line of animals.
LANE_H = 26
LANE_TOP = 14
LINE_GAP = 14

_WHITE = parts.WHITE


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
class Lane:
    """One link drawn in a lane under a line of animals: from ``start`` to ``end`` (x, design units from the
    panel's content edge), ``lane`` from the top; ``partner`` names the far animal when it is on another line."""

    link: Link
    start: float
    end: float
    lane: int
    first_x: float | None
    second_x: float | None
    partner: int | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """A line of a player's animals (their indices in the row) and the links drawn under it."""

    animals: tuple[int, ...]
    lanes: tuple[Lane, ...]
    lane_count: int

    @property
    def links_h(self) -> float:
        return LANE_TOP + self.lane_count * LANE_H if self.lane_count else 0.0


@dataclass(frozen=True, slots=True)
class PanelPlan:
    slots: int
    fat_row: bool
    #: The height of the token rows (none once the game is over: nothing is eaten any more).
    rows_h: float
    tile_h: float
    lines: tuple[Line, ...]
    height: float


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    columns: int
    panel_w: float
    tile_w: float
    per_line: int
    banner_h: float
    results_h: float
    panels: tuple[PanelPlan, ...]
    row_heights: tuple[float, ...]
    height: int


def _panel_w(width: float, columns: int) -> float:
    return (width - 2 * MARGIN - (columns - 1) * GAP) / columns


def _fit(most: int, columns: int) -> tuple[int, float]:
    """The narrowest width (MIN_WIDTH to MAX_WIDTH) at which ``most`` animals fit a panel's line at their preferred
    width, and the tile width there (below TILE_MIN when even MAX_WIDTH is too narrow)."""
    count = max(1, most)
    needed = count * TILE_PREF + (count - 1) * TILE_GAP + 2 * PAD
    width = columns * needed + (columns - 1) * GAP + 2 * MARGIN
    width = min(MAX_WIDTH, max(MIN_WIDTH, math.ceil(width)))
    content = _panel_w(width, columns) - 2 * PAD
    return width, min(TILE_PREF, (content - (count - 1) * TILE_GAP) / count)


def _lanes(player: PlayerView, indices: Sequence[int], tile_w: float, per_line: int) -> tuple[tuple[Lane, ...], int]:
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
        return column * (tile_w + TILE_GAP) + tile_w * (mine.index(link) + 1) / (len(mine) + 1)

    spans: list[tuple[float, float, Link, float | None, float | None, int | None]] = []
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
            spans.append((min(first_x, second_x), max(first_x, second_x), link, first_x, second_x, None))
            continue
        # The far end is on another line: run to the edge on its side (earlier lines are to the left).
        near = first_x if a else second_x
        assert near is not None
        far = link.second if a else link.first
        edge = -TILE_GAP / 2 if line_of[far] < line else per_line * (tile_w + TILE_GAP) - TILE_GAP / 2
        spans.append((min(near, edge), max(near, edge), link, first_x, second_x, position[far] + 1))
    spans.sort(key=lambda s: (s[1] - s[0], s[0]))
    taken: list[list[tuple[float, float]]] = []
    lanes = []
    for start, end, link, first_x, second_x, partner in spans:
        lane = next(
            (i for i, used in enumerate(taken) if all(end < s - 4 or start > e + 4 for s, e in used)), len(taken)
        )
        if lane == len(taken):
            taken.append([])
        taken[lane].append((start, end))
        lanes.append(Lane(link, start, end, lane, first_x, second_x, partner))
    return tuple(lanes), len(taken)


def _panel(player: PlayerView, tile_w: float, per_line: int, *, over: bool) -> PanelPlan:
    slots = max([MIN_SLOTS, *(len(a.traits) for a in player.animals)])
    fat_row = any(fat_cards(a) or a.fat for a in player.animals)
    rows_h = 0.0 if over else TOKENS_H + (FAT_H if fat_row else 0) + 4
    tile_h = BACK_H + rows_h + TILE_PAD + slots * (CHIP_H + CHIP_GAP) + MARK_H
    lines = []
    for first in range(0, max(1, len(player.animals)), per_line):
        indices = tuple(range(first, min(first + per_line, len(player.animals))))
        lanes, count = _lanes(player, indices, tile_w, per_line) if indices else ((), 0)
        lines.append(Line(indices, lanes, count))
    body = sum(tile_h + line.links_h for line in lines) + LINE_GAP * (len(lines) - 1)
    return PanelPlan(slots, fat_row, rows_h, tile_h, tuple(lines), PAD + PANEL_HEAD + body + PAD + 4)


def layout(view: TableView) -> Layout:
    """Two columns of panels from three players (one column if a row of animals would not fit them), at the
    narrowest width that shows the longest row of animals at its preferred size."""
    players = view.players
    most = max((len(p.animals) for p in players), default=0)
    columns = 2 if len(players) >= 3 else 1
    width, tile_w = _fit(most, columns)
    if tile_w < TILE_MIN and columns == 2:
        columns = 1
        width, tile_w = _fit(most, columns)
    tile_w = max(TILE_MIN, math.floor(tile_w))
    content = _panel_w(width, columns) - 2 * PAD
    per_line = max(1, int((content + TILE_GAP) // (tile_w + TILE_GAP)))
    over = view.phase is Phase.GAME_OVER
    panels = tuple(_panel(p, tile_w, per_line, over=over) for p in players)
    rows = tuple(max(p.height for p in panels[i : i + columns]) for i in range(0, len(panels), columns))
    banner_h = BANNER_H + GAP if view.interrupts else 0.0
    results_h = 0.0
    if view.outcome is not None:
        results_h = parts.results_height(width, MARGIN, len(view.outcome.standings)) + GAP
    height = HEADER_H + GAP + banner_h + results_h + sum(rows) + GAP * (len(rows) - 1) + MARGIN
    return Layout(
        width=width,
        columns=columns,
        panel_w=_panel_w(width, columns),
        tile_w=tile_w,
        per_line=per_line,
        banner_h=banner_h,
        results_h=results_h,
        panels=panels,
        row_heights=rows,
        height=math.ceil(height),
    )


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
        self.ordering = top.seat if top is not None and isinstance(top.context, PairFrame) else None
        #: A pack hunt waiting for its helper's owner: (who is asked, the hunt).
        self.invited = (top.seat, top.context.hunt) if top is not None and isinstance(top.context, PackFrame) else None
        #: A revealed Anglerfish waiting for its owner to say what it ignores: (who is asked, the question).
        self.lure = (top.seat, top.context) if top is not None and isinstance(top.context, AnglerfishFrame) else None
        #: The hunt whose animals are marked: under way, or waiting for a pack's helper to join.
        self.hunt = self.attack if self.invited is None else self.invited[1]
        self.feeding = view.phase is Phase.FEEDING
        self._chip_text_size: int | None = None

    # Shared pieces.
    def player_colour(self, seat: int) -> RGB:
        return self.c[f"player.{seat % 8}"]

    def trait_colour(self, trait: Trait) -> RGB:
        return self.c.get(f"trait.{trait.value}", self.c["trait.other"])

    def seat_name(self, seat: int) -> str:
        player = next((p for p in self.view.players if p.seat == seat), None)
        name = text.clean(player.name, bold=True) if player is not None else ""
        return name or self.t("player_fallback", n=seat + 1)

    def animal_name(self, animal_id: int) -> str:
        for player in self.view.players:
            for place, animal in enumerate(player.animals, start=1):
                if animal.id == animal_id:
                    return self.t("animal", player=self.seat_name(player.seat), n=place)
        return ""

    # The header: turn, phase, badges, the food bank, the deck and the discard pile.
    def header(self) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        width = self.plan.width
        pen.rect(0, 0, width, HEADER_H, c["header"])
        pen.rect(0, HEADER_H - 3, width, 3, c["header.line"])
        x = MARGIN + 4
        room = width * 0.5 - 130 - x
        title, face = pen.fit(t("title").upper(), room, 15, 11, bold=True)
        pen.text(x, 16, title, face, c["header.muted"])
        turn, face = pen.fit(t("round", n=view.round), room * 0.6, 40, 26, bold=True)
        pen.text(x, 74, turn, face, c["header.text"], "ls")
        badges_x = x + pen.measure(turn, face) + 16
        if view.last_turn and view.phase is not Phase.GAME_OVER:
            icon = shapes.warning(pen.size(20), _WHITE, c["last_turn"])
            fits = x + room - badges_x
            parts.pill(pen, badges_x, 60, t("last_turn"), c["last_turn"], _WHITE, size=18, icon=icon, max_width=fits)
        phase, face = pen.fit(t(f"phase.{view.phase}"), room * 0.6, 24, 16)
        pen.text(x, 108, phase, face, c["header.muted"], "ls")
        if decks(view.options, len(view.players)) > 1:
            after = x + pen.measure(phase, face) + 14
            parts.pill(
                pen, after, 100, t("two_decks"), c["header.line"], c["header.text"], size=13, max_width=x + room - after
            )
        self.food_bank(width * 0.5, HEADER_H / 2 - 6)
        self.counters(width - MARGIN)

    def food_bank(self, cx: float, cy: float) -> None:
        pen, c = self.pen, self.c
        pile = shapes.token_pile(pen.size(56), c["token.red"], c["token.red.edge"], c["token.red.shine"])
        # Until the dice are rolled (after development) the turn's food bank is not known yet.
        number = "–" if self.view.phase is Phase.DEVELOPMENT else str(self.view.food_base)
        face = pen.font(46, bold=True)
        group = 56 + 12 + pen.measure(number, face)
        left = cx - group / 2
        pen.paste(pile, left, cy - 30)
        pen.text(left + 68, cy, number, face, c["header.text"], "lm")
        label, face = pen.fit(self.t("food_bank"), 220, 15, 11, bold=True)
        pen.text(cx, cy + 44, label, face, c["header.muted"], "mm")

    def counters(self, right: float) -> None:
        """The deck and the discard pile: how many cards, as card backs."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        slot = 118
        back = (c["card_back"], c["card_back.edge"], c["card_back.emblem"])
        faded = tuple(mix(colour, c["header"], 0.45) for colour in back)
        entries = [("deck", view.deck_size, back, 3), ("discard", len(view.discard), faded, 2)]
        if view.options.time_to_fly:
            shell = (c["shell"], c["shell.edge"], c["trait.shell"])
            entries.append(("trait.shell", len(view.shells), shell, min(3, max(1, len(view.shells)))))
        for index, (key, count, colours, fan) in enumerate(entries):
            cx = right - slot * (len(entries) - index) + slot / 2
            stack = shapes.card_stack(pen.size(24), pen.size(34), fan, colours[0], colours[1], colours[2])
            pen.paste_centred(stack, cx - 24, 52)
            pen.text(cx + 2, 52, str(count), pen.font(28, bold=True), c["header.text"], "lm")
            label, face = pen.fit(t(key), slot - 8, 15, 10, bold=True)
            pen.text(cx, 98, label, face, c["header.muted"], "mm")

    # What the table waits for besides a turn.
    def banner(self, top: float) -> None:
        pen, c, t = self.pen, self.c, self.t
        width = self.plan.width
        if self.attack is not None:
            defender = next(p.seat for p in self.view.players if any(a.id == self.attack.target for a in p.animals))
            words = self.hunt_words(self.attack)
            words += " · " + t("banner.defends", player=self.seat_name(defender))
            fill, icon = c["attack"], icons.fangs(pen.size(22), _WHITE)
        elif self.invited is not None:
            seat, hunt = self.invited
            words = t(
                "banner.join_pack",
                player=self.seat_name(seat),
                helper=self.animal_name(hunt.helper) if hunt.helper is not None else "",
                carnivore=self.animal_name(hunt.carnivore),
                target=self.animal_name(hunt.target),
            )
            fill, icon = c["active"], icons.fangs(pen.size(22), c["panel.text"])
        elif self.lure is not None:
            seat, lure = self.lure
            words = t(
                "banner.anglerfish",
                player=self.seat_name(seat),
                anglerfish=self.animal_name(lure.anglerfish),
                carnivore=self.animal_name(lure.carnivore),
            )
            fill, icon = c["active"], icons.fangs(pen.size(22), c["panel.text"])
        elif self.ordering is not None:
            words = t("banner.pair_order", player=self.seat_name(self.ordering))
            fill, icon = c["active"], None
        else:
            return
        ink = _WHITE if self.attack is not None else c["panel.text"]
        pen.rect(MARGIN, top, width - 2 * MARGIN, BANNER_H, fill, BANNER_H / 2)
        left = MARGIN + 22
        if icon is not None:
            pen.paste_centred(icon, left + 11, top + BANNER_H / 2)
            left += 34
        words = words[:1].upper() + words[1:]
        room = width - MARGIN - 22 - left
        shown, face = pen.fit(words, room, 22, 14, bold=True)
        if shown == words:
            pen.text(left, top + BANNER_H / 2, shown, face, ink, "lm")
            return
        # Too long for one line (eight players' names, a pack's helper, ignored traits): two lines of smaller text,
        # so that no name is cut off.
        lines, face = text.wrap(words, room * pen.k, pen.size(17), min_size=pen.size(9), max_lines=2, bold=True)
        line_h = face.size * 1.15 / pen.k
        for index, line in enumerate(lines):
            pen.text(left, top + BANNER_H / 2 + (index - (len(lines) - 1) / 2) * line_h, line, face, ink, "lm")

    def hunt_words(self, hunt: AttackFrame) -> str:
        """Which carnivore attacks which animal, with its pack's helper, the traits ignored, from ambush."""
        t = self.t
        words = t("banner.attack", carnivore=self.animal_name(hunt.carnivore), target=self.animal_name(hunt.target))
        if hunt.helper is not None:
            words += " · " + t("banner.pack", helper=self.animal_name(hunt.helper))
        if hunt.ignored:
            names = ", ".join(t(f"trait.{trait.value}") for trait in hunt.ignored)
            words += " · " + t("banner.ignores", traits=names)
        if hunt.ambush:
            words += " · " + t("banner.ambush")
        return words

    # A player's panel.
    def panel(self, player: PlayerView, plan: PanelPlan, x: float, y: float, w: float, h: float) -> None:
        pen, c = self.pen, self.c
        colour = self.player_colour(player.seat)
        active = player.seat in self.owing
        if active:
            parts.glow(pen, x, y, w, h, PANEL_RADIUS, c["active"])
        else:
            pen.shadow(x, y, w, h, PANEL_RADIUS, 10, 0.45, 4)
        edge = 4 if active else 1.5
        pen.framed(x, y, w, h, c["panel"], c["active"] if active else c["panel.edge"], edge, PANEL_RADIUS)
        # The name band: the player's colour, lightly; rounded at the top with the panel, square at the bottom.
        band = mix(colour, c["panel"], 0.8)
        band_h = PAD + PANEL_HEAD - 6 - edge
        radius = PANEL_RADIUS - edge
        pen.rect(x + edge, y + edge, w - 2 * edge, band_h, band, radius)
        pen.rect(x + edge, y + edge + radius, w - 2 * edge, band_h - radius, band)
        pen.rect(x + edge, y + edge + band_h, w - 2 * edge, 2, mix(colour, c["panel"], 0.3))
        self.panel_head(player, x, y, w)
        self.animals(player, plan, x + PAD, y + PAD + PANEL_HEAD)

    def panel_head(self, player: PlayerView, x: float, y: float, w: float) -> None:
        """First-player token and name on the left; the hand's size and the status on the right."""
        pen, c, view = self.pen, self.c, self.view
        cy = y + PAD + PANEL_HEAD / 2 - 4
        left = x + PAD + 14
        right = x + w - PAD
        if view.first_player == player.seat:
            token = shapes.first_player_token(pen.size(30), c["first_player"], c["first_player.edge"], _WHITE)
            pen.paste_centred(token, left + 15, cy)
            left += 38
        status = self.status(player)
        if status is not None:
            label, fill, ink, icon = status
            room = max(0.32 * w, (right - left) * 0.5)
            right -= parts.pill(pen, right, cy, label, fill, ink, size=16, icon=icon, max_width=room, align="right")
            right -= 12
        if view.phase is not Phase.GAME_OVER:
            count = str(player.hand_size)
            face = pen.font(22, bold=True)
            pen.text(right, cy, count, face, c["panel.text"], "rm")
            right -= pen.measure(count, face) + 24
            back = (c["card_back"], c["card_back.edge"], c["card_back.emblem"])
            pen.paste_centred(shapes.card_stack(pen.size(18), pen.size(26), 3, *back), right + 4, cy)
            right -= 24
        shown, face = pen.fit(self.seat_name(player.seat), max(20.0, right - left), 26, 15, bold=True)
        pen.text(left, cy, shown, face, c["panel.text"], "lm")

    def status(self, player: PlayerView) -> tuple[str, RGB, RGB, Image.Image | None] | None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        if view.outcome is not None:
            standing = next((s for s in view.outcome.standings if s.seat == player.seat), None)
            if standing is None:
                return None
            label = f"{t('rank', rank=standing.rank)} · {t('score')} {standing.score}"
            if player.seat in view.outcome.winners:
                return label, c["winner"], c["panel.text"], shapes.crown(pen.size(18), _WHITE, c["winner.edge"])
            return label, mix(c["status"], c["panel"], 0.75), c["panel.text"], None
        kind = self.owing.get(player.seat)
        if kind is not None:
            icon = shapes.play_arrow(pen.size(14), c["panel.text"])
            return t(f"decision.{kind}"), c["active"], c["panel.text"], icon
        if player.passed:
            icon = shapes.check_mark(pen.size(15), c["done"])
            return t("status.passed"), mix(c["done"], c["panel"], 0.8), mix(c["done"], BLACK, 0.3), icon
        return None

    # A player's animals and the links between them.
    def animals(self, player: PlayerView, plan: PanelPlan, x: float, y: float) -> None:
        pen, c, layout_ = self.pen, self.c, self.plan
        w = layout_.tile_w
        if not player.animals:
            pen.framed(x, y, w, plan.tile_h, c["panel"], c["slot"], 2, 10)
            label, face = pen.fit(self.t("no_animals"), w - 16, 15, 10)
            pen.text(x + w / 2, y + plan.tile_h / 2, label, face, c["panel.muted"], "mm")
            return
        top = y
        for line in plan.lines:
            for column, index in enumerate(line.animals):
                self.tile(player.animals[index], index + 1, plan, x + column * (w + TILE_GAP), top)
            for lane in line.lanes:
                self.link(lane, x, top + plan.tile_h)
            # The names go on top of every line and stub, so that no stub crosses one.
            for lane in line.lanes:
                self.link_name(lane, x, top + plan.tile_h)
            top += plan.tile_h + line.links_h + LINE_GAP

    def link(self, lane: Lane, x: float, bottom: float) -> None:
        """A paired trait in its lane: stubs down from the animals it joins, a line between them with its name,
        an arrow into the animal a symbiont shelters; dashed once used this round."""
        pen = self.pen
        colour = self.link_colour(lane.link)
        y = bottom + LANE_TOP + lane.lane * LANE_H + LANE_H / 2
        self.segment(x + lane.start, x + lane.end, y, colour, dashed=lane.link.used)
        for end_x, is_second in ((lane.first_x, False), (lane.second_x, True)):
            if end_x is None:
                continue
            pen.rect(x + end_x - 1.5, bottom - 2, 3, y - bottom + 3, colour)
            if lane.link.trait is Trait.SYMBIOSIS and is_second:
                # The arrow points into the sheltered animal.
                tip = bottom - 1
                pen.draw.polygon(
                    [
                        (pen.px(x + end_x), pen.px(tip)),
                        (pen.px(x + end_x - 6), pen.px(tip + 9)),
                        (pen.px(x + end_x + 6), pen.px(tip + 9)),
                    ],
                    fill=colour,
                )
            else:
                pen.paste_centred(shapes.disc(pen.size(8), colour), x + end_x, y)

    def link_name(self, lane: Lane, x: float, bottom: float) -> None:
        """The paired trait's name on its link (with the far animal's place when that is on another line)."""
        pen = self.pen
        colour = self.link_colour(lane.link)
        y = bottom + LANE_TOP + lane.lane * LANE_H + LANE_H / 2
        label = self.t(f"trait.{lane.link.trait.value}")
        if lane.partner is not None:
            label = f"{label} ↔ {lane.partner}"
        span = lane.end - lane.start
        parts.pill(
            pen,
            x + lane.start + span / 2,
            y,
            label,
            mix(colour, _WHITE, 0.82),
            mix(colour, BLACK, 0.45),
            size=11,
            max_width=max(40.0, span - 16),
            align="centre",
        )

    def link_colour(self, link: Link) -> RGB:
        colour = self.c.get(f"link.{link.trait.value}", self.c["trait.other"])
        return mix(colour, self.c["panel"], 0.45) if link.used else colour

    def segment(self, x0: float, x1: float, y: float, colour: RGB, *, dashed: bool) -> None:
        if not dashed:
            self.pen.rect(x0, y - 1.5, x1 - x0, 3, colour)
            return
        dash = x0
        while dash < x1:
            self.pen.rect(dash, y - 1.5, min(8.0, x1 - dash), 3, colour)
            dash += 13

    # An animal.
    def tile(self, animal: AnimalView, place: int, plan: PanelPlan, x: float, y: float) -> None:
        pen, c = self.pen, self.c
        w, h = self.plan.tile_w, plan.tile_h
        hunters = () if self.hunt is None else (self.hunt.carnivore, self.hunt.helper)
        attacking = animal.id in hunters
        attacked = self.hunt is not None and self.hunt.target == animal.id
        if attacking or attacked:
            pen.rect(x - 4, y - 4, w + 8, h + 8, c["attack"], 13)
        pen.paste(self.tile_base(plan), x, y)
        self.card_back(place, x, y, w)
        # The tokens first, under the card: what changes most while feeding, in one place on every tile.
        if plan.rows_h:
            self.tokens(animal, x + 5, y + BACK_H + 4, w - 10)
            if plan.fat_row:
                self.fat(animal, x + 5, y + BACK_H + 4 + TOKENS_H, w - 10)
        chip_y = y + BACK_H + plan.rows_h + TILE_PAD
        for trait in animal.traits:
            pen.paste(self.chip(trait), x + TILE_PAD, chip_y)
            chip_y += CHIP_H + CHIP_GAP
        self.mark(animal, x, y, w, attack="attacking" if attacking else "attacked" if attacked else None)

    def card_back(self, place: int, x: float, y: float, w: float) -> None:
        """The animal's own card, face down: only its back, with the animal's place in the row."""
        pen, c = self.pen, self.c
        key = ("origin.back", w, c["card_back"], c["card_back.emblem"])

        def paint(p: Pen) -> None:
            p.rect(0, 0, w, BACK_H + 10, c["card_back"], 10)
            p.paste_centred(icons.paw(p.size(22), mix(c["card_back"], c["card_back.emblem"], 0.45)), 44, BACK_H / 2)

        pen.paste(parts.picture(pen, key, w, BACK_H, c["card"], paint), x, y)
        badge = shapes.disc(pen.size(24), c["card_back.emblem"], mix(c["card_back.emblem"], BLACK, 0.35), 0.1)
        pen.paste_centred(badge, x + 16, y + BACK_H / 2)
        pen.text(x + 16, y + BACK_H / 2, str(place), pen.font(14, bold=True), c["card_back"], "mm")

    def tile_base(self, plan: PanelPlan) -> Image.Image:
        """An animal tile without its animal: the card and the band of its token rows."""
        c = self.c
        w, h = self.plan.tile_w, plan.tile_h
        colours = (c["panel"], c["panel.edge"], c["card"], c["card.edge"], c["slot"])
        key = ("origin.tile", w, h, plan.rows_h, colours)

        def paint(pen: Pen) -> None:
            pen.rect(0, 3, w, h, mix(c["panel.edge"], BLACK, 0.1), 10)
            pen.framed(0, 0, w, h, c["card"], c["card.edge"], 1.5, 10)
            if plan.rows_h:
                pen.rect(5, BACK_H + 4, w - 10, plan.rows_h - 4, c["slot"], 7)

        return parts.picture(self.pen, key, w, h + 3, c["panel"], paint)

    def chip(self, card: TraitCard) -> Image.Image:
        """A trait card under an animal: its colour, its name, the extra food it needs; faded with a sideways card
        when used this turn (or round). A revealed Anglerfish's own card (its Carnivore) shows as the Anglerfish."""
        c = self.c
        w = self.plan.tile_w - 2 * TILE_PAD
        trait, used = face(card), card.used
        colour = self.trait_colour(trait)
        if used:
            colour = mix(colour, c["card"], 0.5)
        name = self.t(f"trait.{trait.value}")
        extra = EXTRA_FOOD.get(card.trait, 0)
        size = self.chip_text_size()
        key = ("origin.chip", trait, name, w, used, colour, c["card"], size)

        def paint(pen: Pen) -> None:
            pen.rect(0, 0, w, CHIP_H, mix(colour, _WHITE, 0.8), 7)
            pen.rect(0, 0, 6, CHIP_H, colour, 3)
            ink = mix(colour, BLACK, 0.55)
            room = w - 16 - (22 if extra or used else 0)
            lines, face = text.wrap(name, room * pen.k, size, min_size=pen.size(CHIP_MIN_TEXT), max_lines=2, bold=True)
            line_h = face.size * 1.12 / pen.k
            top = CHIP_H / 2 - line_h * (len(lines) - 1) / 2
            for index, line in enumerate(lines):
                pen.text(12, top + index * line_h, line, face, ink, "lm")
            if used:
                pen.paste_centred(icons.sideways(pen.size(18), ink), w - 13, CHIP_H / 2)
            elif extra:
                pen.paste_centred(shapes.disc(pen.size(20), colour), w - 13, CHIP_H / 2)
                pen.text(w - 13, CHIP_H / 2, f"+{extra}", pen.font(10, bold=True), _WHITE, "mm")

        return parts.picture(self.pen, key, w, CHIP_H, c["card"], paint)

    def chip_text_size(self) -> int:
        """One text size for every trait name on this board: the largest at which each fits its card in two
        lines, so that the cards read alike."""
        if self._chip_text_size is None:
            pen = self.pen
            room = (self.plan.tile_w - 2 * TILE_PAD - 16 - 22) * pen.k
            present = {face(t) for p in self.view.players for a in p.animals for t in a.traits}
            names = (self.t(f"trait.{trait.value}") for trait in present)
            self._chip_text_size = parts.shared_text_size(pen, names, room, size=CHIP_TEXT, min_size=CHIP_MIN_TEXT)
        return self._chip_text_size

    def tokens(self, animal: AnimalView, x: float, y: float, w: float) -> None:
        """Food tokens against the need: one disc a token eaten, an empty ring a token still needed."""
        pen, c = self.pen, self.c
        count = max(need(animal), animal.food)
        size = min(18.0, (w - 10 - (count - 1) * 3) / count)
        gap = min(4.0, size / 5)
        left = x + (w - count * size - (count - 1) * gap) / 2
        cy = y + TOKENS_H / 2
        px = pen.size(size)
        full = shapes.food_token(px, c["token.red"], c["token.red.edge"], c["token.red.shine"])
        hungry = self.feeding and not animal.hibernating and animal.food < need(animal)
        empty = shapes.ring(px, c["hungry"] if hungry else c["token.empty"], 0.14)
        for index in range(count):
            pen.paste_centred(full if index < animal.food else empty, left + index * (size + gap) + size / 2, cy)

    def fat(self, animal: AnimalView, x: float, y: float, w: float) -> None:
        """Yellow tokens on the Fat Tissue cards: a filled drop a token stored, an outline a card still empty."""
        pen, c = self.pen, self.c
        count = max(fat_cards(animal), animal.fat)
        if not count:
            return
        size = min(16.0, (w - 10 - (count - 1) * 3) / count)
        left = x + (w - count * size - (count - 1) * 3) / 2
        stored = shapes.fat_token(pen.size(size), c["token.yellow"], c["token.yellow.edge"], False)
        room = shapes.fat_token(pen.size(size), c["token.yellow"], mix(c["token.yellow.edge"], c["slot"], 0.35), True)
        for index in range(count):
            picture = stored if index < animal.fat else room
            pen.paste_centred(picture, left + index * (size + 3) + size / 2, y + FAT_H / 2 - 3)

    def mark(self, animal: AnimalView, x: float, y: float, w: float, *, attack: str | None) -> None:
        """On the animal's card: its part in the attack waiting for an answer; else, while feeding, asleep, poisoned,
        fed or hungry (the tile's foot stays free for the links of its paired traits)."""
        pen, c, t = self.pen, self.c, self.t
        icon: Image.Image | None
        if attack is not None:
            key, fill = attack, c["attack"]
            icon = (
                icons.fangs(pen.size(13), _WHITE) if attack == "attacking" else icons.target(pen.size(13), _WHITE, fill)
            )
        elif not self.feeding:
            return
        elif animal.in_shell:
            key, fill, icon = "in_shell", c["in_shell"], None
        elif animal.fasting:
            key, fill, icon = "fasting", c["fasting"], None
        elif animal.poisoned:
            key, fill, icon = "poisoned", c["poisoned"], icons.poison(pen.size(13), _WHITE, c["poisoned"])
        elif animal.hibernating:
            key, fill, icon = "asleep", c["asleep"], icons.moon(pen.size(12), _WHITE, c["asleep"])
        elif animal.food >= need(animal):
            key, fill, icon = "fed", c["fed"], shapes.check_mark(pen.size(12), _WHITE)
        else:
            key, fill, icon = "hungry", c["hungry"], None
        right, cy = x + w - 5, y + BACK_H / 2
        parts.pill(pen, right, cy, t(key), fill, _WHITE, size=11, icon=icon, max_width=w - 36, align="right")

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
            self.banner(top - 4)
            top += plan.banner_h
        if view.outcome is not None:
            parts.Results(
                self.pen, self.c, self.t, name=self.seat_name, colour=self.player_colour, tiebreak=self.tiebreak
            ).draw(view.outcome, top=top - 6, width=plan.width, margin=MARGIN)
            top += plan.results_h
        grid = parts.panel_grid(
            plan.row_heights, plan.columns, len(view.players), top=top, margin=MARGIN, panel_w=plan.panel_w, gap=GAP
        )
        for index, x, y, row_h in grid:
            self.panel(view.players[index], plan.panels[index], x, y, plan.panel_w, row_h)


def draw(
    view: TableView,
    *,
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
    colours: Mapping[str, str | tuple[int, int, int]] | None = None,
) -> bytes:
    """The public table of a game of the original "Evolution" as PNG bytes (``renderer.render_board`` calls this
    for its :class:`TableView`). ``width`` is the image width in pixels (default: the board's natural width, 1200
    to 2400 px, growing with the number of animals); the height follows. ``labels`` overrides any of the English
    words (:mod:`renderer.origin.labels`: a translation); ``colours`` any of
    :data:`renderer.origin.theme.DEFAULT_COLOURS` by name, as ``"#rrggbb"`` or an RGB tuple.
    """
    check_width(width)
    plan = layout(view)
    scale = 1.0 if width is None else width / plan.width
    size = (plan.width if width is None else width, max(1, round(plan.height * scale)))
    colour_map = palette(DEFAULT_COLOURS, colours)
    image = Image.new("RGB", size, colour_map["background"])
    Board(view, Pen(image, scale), plan, colour_map, Labels(english(), labels)).draw()
    return png(image)
