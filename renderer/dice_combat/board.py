"""The dice-combat board as a PNG, drawn from the public :class:`TableView` only (``renderer.render_board``).

Seed 004 ("Is the evolution baby!!!"): one species per player with Strength, Energy, Population and Food, an
environment card in force each period, hunts and attacks fought with dice. The board shows:

* a header with the period and its round, the environment in force (a cold one marked) or the final age and what
  it costs, and the cards left in the species, evolution and environment decks;
* the fight under way: a hunt (the hunter, the prey drawn from the deck with its Strength, Energy and cards, the
  dice each side will roll, who rolls for the prey) or an attack (attacker and defender, their dice);
* between fights, the last one's dice: each side's roll high to low (the larger roll's dropped dice faded), each
  compared pair marked won, tied or lost for the hunter or attacker, and the count of each;
* a panel per player in seat order: name, colour, the starting player's token, hand size, what the player owes
  now (the player whose turn it is lit up), their species with its four values (population beside its ceiling,
  its Energy), its evolution cards (those it was born with marked), the hunts made in the hunting round; an extinct
  species greyed with its rank; on a crowded board (renderer.phone) the panel of the player to move comes first,
  in full, and the others are compact, two to a row;
* at the end, the standings: the last species standing, then the others by how long they lasted.

The board is laid out for a phone (renderer.phone): in design units, 400 wide, drawn at the width asked for.
Nothing private is drawn: hands and decks are counts.

Where everything goes is worked out first (renderer.dice_combat.layout); this module draws it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from renderer import parts, shapes, text
from renderer.dice_combat import icons
from renderer.dice_combat.labels import CARD_NAMES, ENGLISH
from renderer.dice_combat.layout import (
    FIGHT_TITLE,
    FULL,
    HEADER_H,
    LAST_TITLE,
    MARKS_H,
    PREY_CHIPS,
    RESULT_H,
    RESULTS_PER_ROW,
    RESULTS_TITLE,
    ROLL_H,
    SIDE_H,
    Cards,
    Layout,
    PanelPlan,
    head_height,
    layout,
    species_kinds,
    status_key,
)
from renderer.dice_combat.theme import DEFAULT_COLOURS
from renderer.labels import Labels
from renderer.pen import Drawing, Pen, canvas, finish
from renderer.phone import DETAIL, GAP, LEGIBLE, MARGIN, WIDTH, Place
from renderer.theme import RGB, light, mix, palette
from rules_core.dice_combat import combat
from rules_core.dice_combat.cards import ENVIRONMENTS, SPECIES, Kind
from rules_core.dice_combat.effects import Role, hunt_limit
from rules_core.dice_combat.state import HUNTS_PER_PERIOD, Phase, Species
from rules_core.dice_combat.view import PlayerTableView, TableView
from rules_core.engine import Outcome

RADIUS = 7.0
#: The dice of the last fight's band: their size and the step between them.
DIE = 12.0
DIE_STEP = 14.0
_WHITE: RGB = (255, 255, 255)
_BLACK: RGB = (0, 0, 0)
#: One side of a fight: its role, its player's name (none for a prey), its species card, its seat (none for a prey).
Side = tuple[str, str, int, int | None]


class Board:
    """One rendering: the view, the options, and the pen."""

    def __init__(self, view: TableView, pen: Pen, plan: Layout, colours: dict[str, RGB], labels: Labels) -> None:
        self.view = view
        self.pen = pen
        self.plan = plan
        self.c = colours
        self.t = labels
        #: Each seat's duty now (opportunities, like buying population, are nobody's turn).
        self.owing = {d.seat: d.kind for d in view.decisions if not d.opportunity}

    # Shared pieces.

    def player_colour(self, seat: int) -> RGB:
        return self.c[f"player.{seat % 6}"]

    def player_name(self, player: PlayerTableView) -> str:
        return text.clean(player.name, bold=True) or self.t("player_fallback", n=player.seat + 1)

    def card_name(self, key: str) -> str:
        return text.clean(self.t(f"trait.{key}"), bold=True)

    def die(self, value: int, colour: RGB, size: float = DIE) -> Image.Image:
        """A die of ``colour`` showing ``value``, its pips dark on a light colour."""
        pip = self.c["panel.text"] if light(colour) else _WHITE
        return icons.die(self.pen.size(size), value, colour, pip)

    def dice_row(self, x: float, cy: float, count: int, colour: RGB) -> float:
        """``count`` dice side by side from ``x`` (a number beside them past six); returns the right edge."""
        pen = self.pen
        shown = min(count, 6)
        picture = self.die(6, colour)
        for index in range(shown):
            pen.paste_centred(picture, x + index * DIE_STEP + DIE / 2, cy)
        right = x + shown * DIE_STEP
        if count > shown:
            label = f"×{count}"
            face = pen.font(LEGIBLE + 1, bold=True)
            pen.text(right + 1, cy, label, face, self.c["fight.text"], "lm")
            right += pen.measure(label, face) + 2
        return right

    # The header.

    def header(self) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        room = 150.0
        heading, phase = t("period", n=view.round), t(f"phase.{view.phase}")
        parts.header_band(
            pen, c, height=HEADER_H, title=t("title"), heading=heading, phase=phase,
            room=room, heading_room=room, phase_room=room,
        )  # fmt: skip
        self.environment(MARGIN + 2 + room + 8, 6)
        self.decks(60)

    def environment(self, x: float, y: float) -> None:
        """The environment card in force, or the final age and its loss, or nothing before the first period."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        w, h = WIDTH - MARGIN - x, 48.0
        if view.environment is None and not view.final_age:
            return
        if view.environment is None:
            pen.framed(x, y, w, h, mix(c["final_age"], c["header"], 0.55), c["final_age"], 1, 5)
            head, face = pen.fit(t("final_age", n=view.final_age), w - 12, 13, LEGIBLE, bold=True)
            pen.text(x + 6, y + 14, head, face, c["header.text"], "lm")
            lines, face = pen.wrap(t("final_age.loss", n=view.final_age), w - 12, LEGIBLE, LEGIBLE, 2)
            pen.lines(x + 6, y + 34, lines, face, c["header.text"])
            return
        card = ENVIRONMENTS[view.environment]
        edge = c["environment.cold"] if card.cold else c["environment"]
        pen.framed(x, y, w, h, mix(c["environment"], c["header"], 0.4), edge, 1, 5)
        right = x + w - 5
        if card.cold:
            icon = icons.snowflake(pen.size(8), c["header"])
            right -= (
                parts.pill(
                    pen,
                    right,
                    y + 10,
                    t("cold"),
                    c["environment.cold"],
                    c["header"],
                    icon=icon,
                    max_width=w / 2,
                    align="right",
                )
                + 4
            )
        caption, face = pen.fit(t("environment").upper(), right - x - 6, LEGIBLE, LEGIBLE, bold=True)
        pen.text(x + 6, y + 10, caption, face, c["header.muted"], "lm")
        name, face = pen.fit(self.card_name(card.name), w - 12, 14, LEGIBLE, bold=True)
        pen.text(x + 6, y + 26, name, face, c["header.text"], "lm")
        if view.environment_deck_size == 0:
            note, face = pen.fit(t("final_age_next"), w - 12, LEGIBLE, LEGIBLE, bold=True)
            pen.text(x + 6, y + 40, note, face, c["active"], "lm")

    def decks(self, top: float) -> None:
        """The cards left in each deck, in a line: species, evolution, environments."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        stack = shapes.card_stack(
            pen.size(10), pen.size(14), 3, c["card_back"], c["card_back.edge"], c["card_back.star"]
        )
        counts = (
            ("deck.species", view.species_deck_size),
            ("deck.evolution", view.evolution_deck_size),
            ("deck.environment", view.environment_deck_size),
        )
        cell_w = (WIDTH - 2 * MARGIN) / len(counts)
        number_face = pen.font(15, bold=True)
        stack_w = stack.width / pen.k
        for index, (key, count) in enumerate(counts):
            left = MARGIN + index * cell_w
            number = str(count)
            gx = left + (cell_w - stack_w - 4 - pen.measure(number, number_face)) / 2
            pen.paste(stack, gx, top + 12 - stack.height / pen.k / 2)
            pen.text(gx + stack_w + 4, top + 12, number, number_face, c["header.text"], "lm")
            caption, face = pen.fit(t(key), cell_w - 4, LEGIBLE, LEGIBLE, bold=True)
            pen.text(left + cell_w / 2, top + 29, caption, face, c["header.muted"], "mm")

    # The fight under way.

    def fight(self, top: float) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        x, w = MARGIN, WIDTH - 2 * MARGIN
        h = self.plan.fight_h - GAP
        pen.shadow(x, top, w, h, RADIUS, 4, 0.5, 1.5)
        pen.framed(x, top, w, h, c["fight"], c["active"], 1, RADIUS)
        environment = view.environment
        if view.hunt is not None:
            hunt = view.hunt
            hunter = view.players[hunt.hunter]
            first = combat.dice(hunter.species, Role.HUNTER, hunt.prey, Role.PREY, environment)
            second = combat.dice(hunt.prey, Role.PREY, hunter.species, Role.HUNTER, environment)
            title = t("hunt")
            left_side: Side = (t("hunter"), self.player_name(hunter), hunter.species.card, hunter.seat)
            right_side: Side = (t("prey"), "", hunt.prey.card, None)
            roller = next((d.seat for d in view.decisions if d.kind == "roll_prey"), None)
            note = t("rolls", player=self.player_name(view.players[roller])) if roller is not None else ""
        else:
            attack = view.attack
            assert attack is not None
            attacker, defender = view.players[attack.attacker], view.players[attack.defender]
            first = combat.dice(attacker.species, Role.ATTACKER, defender.species, Role.DEFENDER, environment)
            second = combat.dice(defender.species, Role.DEFENDER, attacker.species, Role.ATTACKER, environment)
            title = t("attack")
            left_side = (t("attacker"), self.player_name(attacker), attacker.species.card, attacker.seat)
            right_side = (t("defender"), self.player_name(defender), defender.species.card, defender.seat)
            note = ""
        shown, face = pen.fit(title.upper(), w / 2 - 12, 10, LEGIBLE, bold=True)
        pen.text(x + 8, top + FIGHT_TITLE / 2 + 2, shown, face, c["active"], "lm")
        if note:
            shown, face = pen.fit(note, w / 2 - 12, LEGIBLE, LEGIBLE, bold=True)
            pen.text(x + w - 8, top + FIGHT_TITLE / 2 + 2, shown, face, c["fight.text"], "rm")
        side_top = top + FIGHT_TITLE
        self.fighter(left_side, first, x + 6, side_top, w - 12)
        pen.rect(x + 8, side_top + SIDE_H - 0.4, w - 16, 0.8, mix(c["fight"], c["fight.text"], 0.25))
        vs, face = pen.fit(t("vs"), 30, LEGIBLE, LEGIBLE, bold=True)
        vs_w = pen.measure(vs, face) + 8
        pen.rect(x + w / 2 - vs_w / 2, side_top + SIDE_H - 6, vs_w, 12, c["fight"], 6)
        pen.text(x + w / 2, side_top + SIDE_H, vs, face, c["fight.text"], "mm")
        self.fighter(right_side, second, x + 6, side_top + SIDE_H, w - 12)
        if view.hunt is not None:
            prey_top = side_top + 2 * SIDE_H
            values = f"{t('strength')} {view.hunt.strength} · {t('energy')} {view.hunt.energy}"
            shown, face = pen.fit(values, w - 24, LEGIBLE, LEGIBLE, bold=True)
            pen.text(x + 18, prey_top + 6, shown, face, c["fight.text"], "lm")
            self.prey_cards(view.hunt.prey, x + 18, prey_top + 14, w - 24)

    def fighter(self, side: Side, dice: int, x: float, top: float, w: float) -> None:
        """One side of a fight: its role and player, its species, and the dice it will roll."""
        pen, c = self.pen, self.c
        role, name, species, seat = side
        colour = c["prey"] if seat is None else self.player_colour(seat)
        pen.rect(x, top + 5, 3, SIDE_H - 10, colour, 1.5)
        label, face = pen.fit(self.t("dice", n=dice), 60, LEGIBLE, LEGIBLE, bold=True)
        label_w = pen.measure(label, face)
        dice_w = min(dice, 6) * DIE_STEP + (18 if dice > 6 else 0)
        right = x + w - 4
        pen.text(right, top + SIDE_H / 2, label, face, c["fight.text"], "rm")
        self.dice_row(right - label_w - 4 - dice_w, top + SIDE_H / 2, dice, mix(colour, c["fight"], 0.1))
        room = w - 12 - label_w - dice_w - 12
        caption = role.upper() + (f" · {name}" if name else "")
        shown, face = pen.fit(caption, room, LEGIBLE, LEGIBLE, bold=True)
        ink = mix(colour, _WHITE, 0.55) if seat is not None else mix(c["prey"], _WHITE, 0.5)
        pen.text(x + 8, top + 11, shown, face, ink, "lm")
        title, face = pen.fit(self.card_name(SPECIES[species].name), room, 13, LEGIBLE, bold=True)
        pen.text(x + 8, top + 27, title, face, c["fight.text"], "lm")

    def last_fight(self, top: float) -> None:
        """The most recent fight: each side's roll high to low, the compared pairs marked won, tied or lost for
        the hunter or attacker, and the count of each."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        fight = view.last_fight
        assert fight is not None
        x, w, h = MARGIN, WIDTH - 2 * MARGIN, self.plan.last_fight_h - GAP
        pen.framed(x, top, w, h, mix(c["fight"], c["background"], 0.35), mix(c["fight"], c["active"], 0.3), 1, RADIUS)
        comparison = fight.comparison
        outcome = t("fight_result", won=comparison.won, tied=comparison.tied, lost=comparison.lost)
        result, result_face = pen.fit(outcome, w / 2, 10, LEGIBLE, bold=True)
        result_w = pen.measure(result, result_face)
        pen.text(x + w - 8, top + LAST_TITLE / 2 + 2, result, result_face, c["fight.text"], "rm")
        title = t("last_hunt" if fight.kind == "hunt" else "last_attack").upper()
        caption, face = pen.fit(title, w - result_w - 24, LEGIBLE, LEGIBLE, bold=True)
        pen.text(x + 8, top + LAST_TITLE / 2 + 2, caption, face, c["active"], "lm")
        first = view.players[fight.first_seat]
        sides = (
            (t("hunter" if fight.kind == "hunt" else "attacker"), first, fight.first_roll),
            (
                t("prey") if fight.kind == "hunt" else t("defender"),
                view.players[fight.second_seat],
                fight.second_roll,
            ),
        )
        who_w = 120.0
        dice_x = x + 8 + who_w
        compared = len(comparison.pairs)
        room = int((x + w - 6 - dice_x) // DIE_STEP)
        for row, (role, player, roll) in enumerate(sides):
            cy = top + LAST_TITLE + ROLL_H / 2 + row * (ROLL_H + MARKS_H)
            colour = c["prey"] if fight.kind == "hunt" and row == 1 else self.player_colour(player.seat)
            who = role if fight.kind == "hunt" and row == 1 else f"{role} · {self.player_name(player)}"
            shown, face = pen.fit(who, who_w - 6, LEGIBLE, LEGIBLE, bold=True)
            pen.text(x + 8, cy, shown, face, c["fight.text"], "lm")
            for index, value in enumerate(sorted(roll, reverse=True)[:room]):
                # The larger roll's lowest dice were dropped (seed 004): drawn faded.
                fill = mix(colour, c["fight"], 0.1 if index < compared else 0.7)
                pen.paste_centred(self.die(value, fill), dice_x + index * DIE_STEP + DIE / 2, cy)
        # Between the rows, each compared pair's result for the first side. Equal dice went to the side that wins
        # its ties (Ambush), when the counts say one did.
        ties_to = 0
        if comparison.won > sum(a > b for a, b in comparison.pairs):
            ties_to = 1
        elif comparison.lost > sum(a < b for a, b in comparison.pairs):
            ties_to = -1
        marks = {1: (">", c["winner"]), 0: ("=", c["fight.text"]), -1: ("<", c["extinct"])}
        marks_y = top + LAST_TITLE + ROLL_H + MARKS_H / 2
        for index, (mine, theirs) in enumerate(comparison.pairs[:room]):
            mark, ink = marks[(mine > theirs) - (mine < theirs) or ties_to]
            pen.text(dice_x + index * DIE_STEP + DIE / 2, marks_y, mark, pen.font(LEGIBLE, bold=True), ink, "mm")

    def prey_cards(self, prey: Species, x: float, top: float, w: float) -> None:
        """The cards on the prey (a player's species shows its own in its panel), a few to a row."""
        chip_w = (w - (PREY_CHIPS - 1) * FULL.chip_gap) / PREY_CHIPS
        y = top
        found = species_kinds(prey)
        for row, row_h in enumerate(self.plan.prey_rows):
            for column, (kind, innate) in enumerate(found[row * PREY_CHIPS : (row + 1) * PREY_CHIPS]):
                self.chip(kind, innate, x + column * (chip_w + FULL.chip_gap), y, chip_w, row_h, FULL)
            y += row_h + FULL.chip_gap

    # Cards on a species.

    def chip(self, kind: Kind, innate: bool, x: float, y: float, w: float, h: float, cards: Cards) -> None:
        pen, c = self.pen, self.c
        colour = c[f"kind.{kind.value}"]
        if innate:
            pen.framed(x, y, w, h, mix(colour, c["card"], 0.82), colour, 0.7, 3)
            ink = mix(colour, _BLACK, 0.35)
        else:
            pen.rect(x, y, w, h, colour, 3)
            ink = _WHITE
        full = self.card_name(kind.value)
        room = w - 2 * cards.chip_pad - 2
        with pen.fine_print(not cards.full):
            lines, face = pen.wrap(full, room, cards.chip_text, cards.chip_min, 2, bold=True)
            tag = self.t("innate") if innate else ""
            tag_face = pen.font(cards.chip_min)
            tag_w = pen.measure(tag, tag_face) + 3 if tag else 0.0
            # The innate tag shows only where the name leaves it room on its line; else the outline alone says it.
            if tag and len(lines) == 1 and pen.measure(lines[0], face) + tag_w <= room:
                pen.text(x + w - cards.chip_pad, y + h / 2 + 0.5, tag, tag_face, ink, "rm")
            pen.lines(x + cards.chip_pad + 1, y + h / 2, lines, face, ink)

    # A player's panel.

    def panel(self, player: PlayerTableView, place: Place) -> None:
        pen, c, view = self.pen, self.c, self.view
        plan = self.plan.panels[place.index, place.full]
        colour = (
            mix(self.player_colour(player.seat), c["extinct"], 0.85)
            if player.extinct
            else self.player_colour(player.seat)
        )
        # Lit up: a player the game waits for (the turn's player, or one answering out of turn, or discarding).
        active = player.seat in self.owing
        head_h = head_height(view, player, place.full)
        parts.panel(pen, c, place.x, place.y, place.w, place.h, seat=colour, active=active, head=head_h)
        starting = view.starting_player == player.seat and view.phase is not Phase.GAME_OVER
        token = (
            shapes.first_player_token(pen.size(13), c["starting_player"], c["starting_player.edge"], _WHITE)
            if starting
            else None
        )
        show_hand = not player.extinct and view.phase is not Phase.GAME_OVER
        stack = shapes.card_stack(
            pen.size(8), pen.size(11.5), 3, c["card_back"], c["card_back.edge"], c["card_back.star"]
        )
        head = parts.Head(
            self.player_name(player),
            token,
            player.hand_size if show_hand else None,
            stack if show_hand else None,
            self.status(player),
        )
        left = parts.content_left(place.x)
        right = place.x + place.w - 2 - parts.PAD
        parts.panel_head(pen, c, head, left, place.y, right, compact=not place.full)
        self.species_card(player, plan, left, place.y + head_h + 2, right - left, place.y + place.h - parts.PAD - 1)

    def status(self, player: PlayerTableView) -> parts.Status | None:
        c, t = self.c, self.t
        key = status_key(self.view, player)
        if key is None:
            return None
        rank = self.rank(player.seat)
        if key == "extinct":
            return parts.Status(f"{t('extinct')} · {t('rank', rank=rank)}", c["extinct"], _WHITE)
        if key == "survivor":
            return parts.Status(f"{t('survivor')} · {t('rank', rank=rank)}", c["winner"], c["panel.text"])
        return parts.Status(t(key), c["active"], c["panel.text"])

    def rank(self, seat: int) -> int:
        """A player's place: the survivor first, the first species to die out last."""
        outcome = self.view.outcome
        if outcome is not None:
            return next(s.rank for s in outcome.standings if s.seat == seat)
        eliminated = self.view.eliminated
        return len(self.view.players) - eliminated.index(seat) if seat in eliminated else 1

    def species_card(
        self, player: PlayerTableView, plan: PanelPlan, x: float, y: float, w: float, bottom: float
    ) -> None:
        pen, c, t = self.pen, self.c, self.t
        cards = plan.cards
        h = bottom - y
        card_fill = mix(c["card"], c["extinct"], 0.4) if player.extinct else c["card"]
        pen.framed(x, y, w, h, card_fill, c["card.edge"], 0.6, 5)
        name, face = pen.fit(self.card_name(SPECIES[player.species.card].name), w - 10, cards.name, LEGIBLE, bold=True)
        pen.text(x + 5, y + 3 + cards.name_h / 2, name, face, c["panel.text"], "lm")
        self.stats(player, cards, x + 4, y + 3 + cards.name_h, w - 8)
        chips_y = y + 3 + cards.name_h + cards.stats_h + 3
        found = species_kinds(player.species)
        if not found:
            with pen.fine_print(not cards.full):
                caption, face = pen.fit(t("no_cards"), w - 10, cards.chip_min, cards.chip_min)
                pen.text(x + 5, chips_y + plan.rows[0] / 2, caption, face, c["panel.muted"], "lm")
        columns = cards.chip_columns
        row_y = chips_y
        for row, row_h in enumerate(plan.rows):
            for column, (kind, innate) in enumerate(found[row * columns : (row + 1) * columns]):
                self.chip(
                    kind, innate, x + 4 + column * (plan.chip_w + cards.chip_gap), row_y, plan.chip_w, row_h, cards
                )
            row_y += row_h + cards.chip_gap
        if self.view.phase is Phase.HUNTING and not player.extinct:
            limit = hunt_limit(player.species, self.view.environment, HUNTS_PER_PERIOD)
            caption, face = pen.fit(t("hunts", n=player.hunts, limit=limit), w - 10, LEGIBLE, LEGIBLE, bold=True)
            pen.text(x + w - 5, bottom - cards.foot_h / 2, caption, face, c["panel.muted"], "rm")

    def stats(self, player: PlayerTableView, cards: Cards, x: float, y: float, w: float) -> None:
        """Strength (a die), Energy (a bolt), Population out of its Energy (an individual) and Food, side by side."""
        pen, c, t = self.pen, self.c, self.t
        muted = player.extinct
        size = pen.size(cards.icon)
        boxes = (
            ("strength", player.strength, icons.die(size, 5, self.ink("strength", muted), _WHITE)),
            ("energy", player.energy, icons.bolt(size, self.ink("energy", muted))),
            ("population", player.population, icons.individual(size, self.ink("population", muted))),
            ("food", player.food, self.food_icon(self.ink("food", muted), cards.icon)),
        )
        gap = 2.5
        box_w = (w - 3 * gap) / 4
        number_y = y + cards.number * 0.75 + 2
        for index, (key, value, icon) in enumerate(boxes):
            bx = x + index * (box_w + gap)
            pen.rect(bx, y, box_w, cards.stats_h - 2, mix(self.ink(key, muted), c["card"], 0.88), 3)
            # Population beside its ceiling, the Energy (rule 6.d).
            shown = f"{value}/{player.energy}" if key == "population" else str(value)
            number, face = pen.fit(shown, box_w - cards.icon - 5, cards.number, LEGIBLE, bold=True)
            group = cards.icon + 2 + pen.measure(number, face)
            gx = bx + (box_w - group) / 2
            pen.paste_centred(icon, gx + cards.icon / 2, number_y)
            pen.text(gx + cards.icon + 2, number_y, number, face, self.ink(key, muted), "lm")
            with pen.fine_print(not cards.full):
                caption, face = pen.fit(t(key), box_w - 3, cards.caption, cards.caption)
                pen.text(
                    bx + box_w / 2,
                    y + cards.stats_h - 2 - cards.caption * 0.75 - 1,
                    caption,
                    face,
                    c["panel.muted"],
                    "mm",
                )

    def food_icon(self, colour: RGB, size: float) -> Image.Image:
        return shapes.food_token(self.pen.size(size), colour, mix(colour, _BLACK, 0.3), mix(colour, _WHITE, 0.5))

    def ink(self, key: str, muted: bool) -> RGB:
        return mix(self.c[key], self.c["extinct"], 0.8) if muted else self.c[key]

    # The end of the game.

    def results(self, outcome: Outcome, top: float) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        x, w = MARGIN, WIDTH - 2 * MARGIN
        h = self.plan.results_h - GAP
        pen.framed(x, top, w, h, c["header"], c["winner"], 1, RADIUS)
        title, face = pen.fit(t("results").upper(), w - 16, 10, LEGIBLE, bold=True)
        pen.text(x + 8, top + RESULTS_TITLE / 2 + 2, title, face, c["winner"], "lm")
        ordered = sorted(outcome.standings, key=lambda s: s.rank)
        per_row = min(RESULTS_PER_ROW, len(ordered))
        card_w = (w - 12 - (per_row - 1) * GAP) / per_row
        for index, standing in enumerate(ordered):
            row, column = divmod(index, per_row)
            cx = x + 6 + column * (card_w + GAP)
            cy = top + RESULTS_TITLE + row * (RESULT_H + GAP)
            winner = standing.seat in outcome.winners
            fill = c["winner"] if winner else mix(c["panel"], c["extinct"], 0.35)
            pen.rect(cx, cy, card_w, RESULT_H, fill, 4)
            pen.rect(cx, cy + 4, 3, RESULT_H - 8, self.player_colour(standing.seat), 1.5)
            player = view.players[standing.seat]
            right = cx + card_w - (14 if winner else 5)
            rank, face = pen.fit(t("rank", rank=standing.rank), right - cx - 8, 12, LEGIBLE, bold=True)
            pen.text(cx + 7, cy + 10, rank, face, c["panel.text"], "lm")
            name, face = pen.fit(self.player_name(player), card_w - 12, 10, LEGIBLE, bold=True)
            pen.text(cx + 7, cy + 24, name, face, c["panel.text"], "lm")
            with pen.fine_print(self.plan.sheet.crowded):
                fine = DETAIL if self.plan.sheet.crowded else LEGIBLE
                species, face = pen.fit(self.card_name(SPECIES[player.species.card].name), card_w - 12, LEGIBLE, fine)
                pen.text(cx + 7, cy + 37, species, face, c["panel.text"], "lm")
            if winner:
                crown = shapes.crown(pen.size(11), _WHITE, c["winner.edge"])
                pen.paste_centred(crown, cx + card_w - 8, cy + 10)

    # The whole board.

    def draw(self) -> None:
        plan, view = self.plan, self.view
        self.header()
        top: float = HEADER_H + GAP
        if view.outcome is not None:
            self.results(view.outcome, top)
            top += plan.results_h
        if plan.fight_h:
            self.fight(top)
            top += plan.fight_h
        if plan.last_fight_h:
            self.last_fight(top)
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
    """The public table of a dice-combat game drawn (``renderer.render_board`` calls this for its
    :class:`TableView`). ``width`` is the image width in pixels (default: renderer.phone.NATURAL_WIDTH); the height
    follows. ``labels`` overrides any of :data:`renderer.dice_combat.labels.ENGLISH` and the cards' names (a
    translation); ``colours`` overrides any of :data:`renderer.dice_combat.theme.DEFAULT_COLOURS` by name;
    ``reader`` is the seat whose panel a crowded board draws in full (renderer.phone)."""
    plan = layout(view, labels, reader)
    colour_map = palette(DEFAULT_COLOURS, colours)
    t = Labels({**ENGLISH, **CARD_NAMES}, labels)
    pen = canvas(plan.height, width, colour_map["background"], t.language)
    Board(view, pen, plan, colour_map, t).draw()
    return finish(pen)
