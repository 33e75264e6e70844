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
  species greyed with its rank;
* at the end, the standings: the last species standing, then the others by how long they lasted.

Layout is in design units (one unit is one pixel at the natural width, 1200) scaled to the width asked for.
Nothing private is drawn: hands and decks are counts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from renderer import shapes, text
from renderer.dice_combat import icons
from renderer.dice_combat.labels import CARD_NAMES, ENGLISH
from renderer.dice_combat.theme import DEFAULT_COLOURS
from renderer.labels import Labels
from renderer.pen import Pen, check_width, png
from renderer.theme import RGB, mix, palette
from rules_core.dice_combat import combat
from rules_core.dice_combat.cards import ENVIRONMENTS, SPECIES, Kind
from rules_core.dice_combat.effects import Role, hunt_limit, kinds
from rules_core.dice_combat.state import HUNTS_PER_PERIOD, Phase, Species
from rules_core.dice_combat.view import PlayerTableView, TableView
from rules_core.engine import Outcome

WIDTH = 1200
MARGIN = 24
GAP = 16
HEADER_H = 124
FIGHT_H = 132
#: The prey's cards in the fight's box, per row.
PREY_CHIPS = 3
PAD = 14
HEAD_H = 44
RADIUS = 16
NAME_H = 34
STATS_H = 74
CHIP_H = 28
CHIP_GAP = 6
RESULTS_H = 136
#: The last fight's band: each side's roll as dice faces, the pairs compared between them, the result.
LAST_FIGHT_H = 118
_WHITE: RGB = (255, 255, 255)
#: One side of a fight: its role, its player's name (none for a prey), its species card, its seat (none for a prey).
Side = tuple[str, str, int, int | None]


@dataclass(frozen=True, slots=True)
class Layout:
    columns: int
    panel_w: float
    chip_columns: int
    row_heights: tuple[float, ...]
    fight_h: float
    last_fight_h: float
    results_h: float
    height: int


def _columns(players: int) -> int:
    return players if players <= 3 else 2 if players == 4 else 3


def chip_count(species: Species) -> int:
    return len(kinds(species))


def layout(view: TableView) -> Layout:
    """Player panels in one row up to three players, two rows of two for four, of three for five or six; every
    panel of a row as tall as the most evolution cards in it need."""
    columns = _columns(len(view.players))
    panel_w = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) / columns
    chip_columns = 1 if panel_w < 300 else 2
    rows = []
    for start in range(0, len(view.players), columns):
        row = view.players[start : start + columns]
        chips = max(max(1, math.ceil(chip_count(p.species) / chip_columns)) for p in row)
        rows.append(PAD + HEAD_H + 8 + NAME_H + STATS_H + chips * (CHIP_H + CHIP_GAP) + 30 + PAD)
    fight_h = 0.0
    if view.hunt is not None or view.attack is not None:
        prey_rows = 0 if view.hunt is None else math.ceil(chip_count(view.hunt.prey) / PREY_CHIPS)
        fight_h = FIGHT_H + prey_rows * (CHIP_H + CHIP_GAP) + GAP
    # The last fight's dice stay in view until the next fight begins (its own box shows the dice to come).
    last_fight_h = LAST_FIGHT_H + GAP if view.last_fight is not None and not fight_h else 0.0
    results_h = RESULTS_H + GAP if view.outcome is not None else 0.0
    height = HEADER_H + GAP + fight_h + last_fight_h + results_h + sum(rows) + GAP * (len(rows) - 1) + MARGIN
    return Layout(columns, panel_w, chip_columns, tuple(rows), fight_h, last_fight_h, results_h, math.ceil(height))


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

    def pill(
        self,
        x: float,
        cy: float,
        label: str,
        fill: RGB,
        ink: RGB,
        *,
        size: float = 15,
        max_width: float = 300,
        align: str = "left",
        icon: Image.Image | None = None,
    ) -> float:
        """A rounded label; returns its width. ``align="right"`` puts its right edge at ``x``."""
        pen = self.pen
        h = size * 1.7
        icon_w = h * 0.7 if icon is not None else 0.0
        shown, face = pen.fit(label, max_width - h * 0.9 - icon_w, size, size * 0.7, bold=True)
        w = pen.measure(shown, face) + h * 0.9 + icon_w
        left = x - w if align == "right" else x - w / 2 if align == "centre" else x
        pen.rect(left, cy - h / 2, w, h, fill, h / 2)
        if icon is not None:
            pen.paste_centred(icon, left + h * 0.45 + icon_w * 0.4, cy)
        pen.text(left + h * 0.45 + icon_w, cy, shown, face, ink, "lm")
        return w

    def dice_row(self, x: float, cy: float, count: int, colour: RGB) -> None:
        """``count`` dice side by side from ``x`` (a number beside them past six)."""
        pen = self.pen
        size, step = 26, 30
        shown = min(count, 6)
        picture = icons.die(pen.size(size), 6, colour, _WHITE)
        for index in range(shown):
            pen.paste_centred(picture, x + index * step + size / 2, cy)
        if count > shown:
            pen.text(x + shown * step + 2, cy, f"×{count}", pen.font(18, bold=True), colour, "lm")

    # The header.

    def header(self) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        pen.rect(0, 0, WIDTH, HEADER_H, c["header"])
        pen.rect(0, HEADER_H - 3, WIDTH, 3, c["header.line"])
        x = MARGIN + 4
        title, face = pen.fit(t("title").upper(), 360, 15, 11, bold=True)
        pen.text(x, 18, title, face, c["header.muted"])
        period, face = pen.fit(t("period", n=view.round), 360, 40, 26, bold=True)
        pen.text(x, 78, period, face, c["header.text"], "ls")
        phase, face = pen.fit(t(f"phase.{view.phase}"), 360, 24, 16)
        pen.text(x, 110, phase, face, c["header.muted"], "ls")
        self.environment(440, 14)
        self.decks(WIDTH - MARGIN)

    def environment(self, x: float, y: float) -> None:
        """The environment card in force, or the final age and its loss, or nothing before the first period."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        w, h = 340, HEADER_H - 28
        if view.environment is None and not view.final_age:
            return
        if view.environment is None:
            pen.framed(x, y, w, h, mix(c["final_age"], c["header"], 0.55), c["final_age"], 2, 12)
            head, face = pen.fit(t("final_age", n=view.final_age), w - 28, 24, 15, bold=True)
            pen.text(x + 14, y + 30, head, face, c["header.text"], "lm")
            loss, face = pen.fit(t("final_age.loss", n=view.final_age), w - 28, 17, 11)
            pen.text(x + 14, y + 64, loss, face, c["header.text"], "lm")
            return
        card = ENVIRONMENTS[view.environment]
        edge = c["environment.cold"] if card.cold else c["environment"]
        pen.framed(x, y, w, h, mix(c["environment"], c["header"], 0.4), edge, 2, 12)
        caption, face = pen.fit(t("environment").upper(), w - 28, 13, 10, bold=True)
        pen.text(x + 14, y + 18, caption, face, c["header.muted"], "lm")
        if card.cold:
            icon = icons.snowflake(self.pen.size(14), c["header"])
            self.pill(
                x + w - 12, y + 18, t("cold"), c["environment.cold"], c["header"], size=12, align="right", icon=icon
            )
        name, face = pen.fit(self.card_name(card.name), w - 28, 30, 16, bold=True)
        pen.text(x + 14, y + 56, name, face, c["header.text"], "lm")
        if view.environment_deck_size == 0:
            note, face = pen.fit(t("final_age_next"), w - 28, 14, 10, bold=True)
            pen.text(x + 14, y + h - 12, note, face, c["active"], "lm")

    def decks(self, right: float) -> None:
        """The cards left in each deck, right to left: environments, evolution, species."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        stack = shapes.card_stack(
            pen.size(22), pen.size(32), 3, c["card_back"], c["card_back.edge"], c["card_back.star"]
        )
        counts = (
            ("deck.environment", view.environment_deck_size),
            ("deck.evolution", view.evolution_deck_size),
            ("deck.species", view.species_deck_size),
        )
        for key, count in counts:
            left = right - 112
            pen.paste_centred(stack, left + 20, 50)
            number_face = pen.font(26, bold=True)
            pen.text(left + 46, 50, str(count), number_face, c["header.text"], "lm")
            caption, face = pen.fit(t(key), 108, 13, 9)
            pen.text(left + 56, 96, caption, face, c["header.muted"], "mm")
            right = left - 6

    # The fight under way.

    def fight(self, top: float) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        x, w = MARGIN, WIDTH - 2 * MARGIN
        h = self.plan.fight_h - GAP
        pen.shadow(x, top, w, h, RADIUS, 10, 0.5, 4)
        pen.framed(x, top, w, h, c["fight"], c["active"], 2, RADIUS)
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
        pen.text(WIDTH / 2, top + 24, title.upper(), pen.font(16, bold=True), c["active"], "mm")
        pen.text(WIDTH / 2, top + h / 2 + 4, t("vs"), pen.font(24, bold=True), c["fight.text"], "mm")
        if note:
            shown, face = pen.fit(note, 220, 14, 10, bold=True)
            pen.text(WIDTH / 2, top + h - 22, shown, face, c["fight.text"], "mm")
        side_w = w / 2 - 150
        self.fighter(left_side, first, x + 18, top, side_w, h)
        self.fighter(right_side, second, WIDTH / 2 + 132, top, side_w, h)
        if view.hunt is not None:
            self.prey_values(view.hunt.strength, view.hunt.energy, WIDTH - MARGIN - 16, top)
            self.prey_cards(view.hunt.prey, WIDTH / 2 + 150, top + FIGHT_H - 8, side_w - 18)

    def fighter(self, side: Side, dice: int, x: float, top: float, w: float, h: float) -> None:
        """One side of a fight: its role and player, its species, and the dice it will roll."""
        pen, c = self.pen, self.c
        role, name, species, seat = side
        colour = c["prey"] if seat is None else self.player_colour(seat)
        pen.rect(x, top + 16, 6, h - 32, colour, 3)
        caption = role.upper() + (f" · {name}" if name else "")
        shown, face = pen.fit(caption, w - 150, 14, 10, bold=True)
        pen.text(x + 18, top + 28, shown, face, mix(colour, _WHITE, 0.45), "lm")
        title, face = pen.fit(self.card_name(SPECIES[species].name), w - 20, 28, 16, bold=True)
        pen.text(x + 18, top + 62, title, face, c["fight.text"], "lm")
        self.dice_row(x + 18, top + 100, dice, mix(colour, c["fight"], 0.1))
        label, face = pen.fit(self.t("dice", n=dice), 120, 15, 10, bold=True)
        pen.text(x + 18 + min(dice, 6) * 30 + 40, top + 100, label, face, c["fight.text"], "lm")

    def last_fight(self, top: float) -> None:
        """The most recent fight: each side's roll high to low, the compared pairs marked won, tied or lost for
        the hunter or attacker, and the count of each."""
        pen, c, t, view = self.pen, self.c, self.t, self.view
        fight = view.last_fight
        assert fight is not None
        x, w, h = MARGIN, WIDTH - 2 * MARGIN, LAST_FIGHT_H
        pen.framed(x, top, w, h, mix(c["fight"], c["background"], 0.35), mix(c["fight"], c["active"], 0.3), 2, RADIUS)
        first = view.players[fight.first_seat]
        title = t("last_hunt" if fight.kind == "hunt" else "last_attack").upper()
        caption, face = pen.fit(title, 260, 14, 10, bold=True)
        pen.text(x + 18, top + 22, caption, face, c["active"], "lm")
        sides = (
            (t("hunter" if fight.kind == "hunt" else "attacker"), first, fight.first_roll),
            (
                t("prey") if fight.kind == "hunt" else t("defender"),
                view.players[fight.second_seat],
                fight.second_roll,
            ),
        )
        step, size = 34, 28
        dice_x = x + 250
        for row, (role, player, roll) in enumerate(sides):
            cy = top + 48 + row * 44
            colour = c["prey"] if fight.kind == "hunt" and row == 1 else self.player_colour(player.seat)
            who = role if fight.kind == "hunt" and row == 1 else f"{role} · {self.player_name(player)}"
            shown, face = pen.fit(who, 220, 14, 10, bold=True)
            pen.text(x + 18, cy, shown, face, c["fight.text"], "lm")
            compared = len(fight.comparison.pairs)
            for index, value in enumerate(sorted(roll, reverse=True)[:12]):
                # The larger roll's lowest dice were dropped (seed 004): drawn faded.
                fill = mix(colour, c["fight"], 0.1 if index < compared else 0.7)
                picture = icons.die(pen.size(size), value, fill, _WHITE if index < compared else c["fight.text"])
                pen.paste_centred(picture, dice_x + index * step + size / 2, cy)
        # Between the rows, each compared pair's result for the first side. Equal dice went to the side that wins
        # its ties (Ambush), when the counts say one did.
        comparison = fight.comparison
        ties_to = 0
        if comparison.won > sum(a > b for a, b in comparison.pairs):
            ties_to = 1
        elif comparison.lost > sum(a < b for a, b in comparison.pairs):
            ties_to = -1
        marks = {1: (">", c["winner"]), 0: ("=", c["fight.text"]), -1: ("<", c["extinct"])}
        for index, (mine, theirs) in enumerate(comparison.pairs[:12]):
            mark, ink = marks[(mine > theirs) - (mine < theirs) or ties_to]
            pen.text(dice_x + index * step + size / 2, top + 70, mark, pen.font(16, bold=True), ink, "mm")
        outcome = t("fight_result", won=comparison.won, tied=comparison.tied, lost=comparison.lost)
        shown, face = pen.fit(outcome, 300, 16, 11, bold=True)
        pen.text(x + w - 18, top + h / 2, shown, face, c["fight.text"], "rm")

    def prey_values(self, strength: int, energy: int, right: float, top: float) -> None:
        """The prey's Strength and Energy as the prey (the environment and its cards applied)."""
        values = f"{self.t('strength')} {strength} · {self.t('energy')} {energy}"
        shown, face = self.pen.fit(values, 260, 15, 11, bold=True)
        self.pen.text(right, top + 28, shown, face, self.c["fight.text"], "rm")

    def prey_cards(self, prey: Species, x: float, top: float, w: float) -> None:
        """The cards on the prey (a player's species shows its own in its panel), a few to a row."""
        chip_w = (w - (PREY_CHIPS - 1) * CHIP_GAP) / PREY_CHIPS
        for index, (kind, innate) in enumerate(self.species_kinds(prey)):
            column, row = index % PREY_CHIPS, index // PREY_CHIPS
            self.chip(kind, innate, x + column * (chip_w + CHIP_GAP), top + row * (CHIP_H + CHIP_GAP), chip_w)

    # Cards on a species.

    def species_kinds(self, species: Species) -> list[tuple[Kind, bool]]:
        """The species' evolution kinds, those it was born with first (marked innate), then its cards as played."""
        innate = len(SPECIES[species.card].innate)
        return [(kind, index < innate) for index, kind in enumerate(kinds(species))]

    def chip(self, kind: Kind, innate: bool, x: float, y: float, w: float) -> None:
        pen, c = self.pen, self.c
        colour = c[f"kind.{kind.value}"]
        if innate:
            pen.framed(x, y, w, CHIP_H, mix(colour, c["card"], 0.82), colour, 1.5, 8)
            ink = mix(colour, (0, 0, 0), 0.35)
        else:
            pen.rect(x, y, w, CHIP_H, colour, 8)
            ink = _WHITE
        full = self.card_name(kind.value)
        tag = self.t("innate") if innate else ""
        tag_face = pen.font(10)
        tag_w = pen.measure(tag, tag_face) + 8 if tag else 0.0
        name, face = pen.fit(full, w - 16 - tag_w, 14, 9, bold=True)
        if tag and name != full:
            # A narrow chip keeps the name whole: its outline alone says the card is innate.
            tag = ""
            name, face = pen.fit(full, w - 16, 14, 9, bold=True)
        pen.text(x + 8, y + CHIP_H / 2, name, face, ink, "lm")
        if tag:
            pen.text(x + w - 6, y + CHIP_H / 2 + 1, tag, tag_face, ink, "rm")

    # A player's panel.

    def panel(self, player: PlayerTableView, x: float, y: float, w: float, h: float) -> None:
        pen, c = self.pen, self.c
        colour = (
            mix(self.player_colour(player.seat), c["extinct"], 0.85)
            if player.extinct
            else self.player_colour(player.seat)
        )
        # Lit up: a player the game waits for (the turn's player, or one answering out of turn, or discarding).
        active = player.seat in self.owing
        if active:
            pen.shadow(x, y, w, h, RADIUS, 14, 0.9, 0)
        else:
            pen.shadow(x, y, w, h, RADIUS, 10, 0.45, 4)
        fill = mix(c["panel"], c["extinct"], 0.45) if player.extinct else c["panel"]
        pen.framed(x, y, w, h, fill, c["active"] if active else c["panel.edge"], 4 if active else 1.5, RADIUS)
        inset = 4 if active else 1.5
        band = mix(colour, fill, 0.78)
        band_h = PAD + HEAD_H - 8 - inset
        radius = RADIUS - inset
        pen.rect(x + inset, y + inset, w - 2 * inset, band_h, band, radius)
        pen.rect(x + inset, y + inset + radius, w - 2 * inset, band_h - radius, band)
        pen.rect(x + inset, y + inset + band_h, w - 2 * inset, 2, mix(colour, fill, 0.3))
        self.panel_head(player, x, y, w)
        self.species_card(player, x + PAD, y + PAD + HEAD_H + 4, w - 2 * PAD, h - 2 * PAD - HEAD_H - 4)

    def panel_head(self, player: PlayerTableView, x: float, y: float, w: float) -> None:
        """The starting player's token and the name on the left; hand size and what the player owes on the right."""
        pen, c, view = self.pen, self.c, self.view
        cy = y + PAD + HEAD_H / 2 - 6
        left, right = x + PAD + 4, x + w - PAD
        if view.starting_player == player.seat and view.phase is not Phase.GAME_OVER:
            token = shapes.first_player_token(pen.size(26), c["starting_player"], c["starting_player.edge"], _WHITE)
            pen.paste_centred(token, left + 13, cy)
            left += 34
        status = self.status(player)
        if status is not None:
            label, fill, ink = status
            right -= self.pill(right, cy, label, fill, ink, size=14, max_width=0.5 * w, align="right") + 10
        if not player.extinct and view.phase is not Phase.GAME_OVER:
            hand_face = pen.font(20, bold=True)
            number = str(player.hand_size)
            right -= pen.measure(number, hand_face)
            pen.text(right, cy, number, hand_face, c["panel.text"], "lm")
            hand = shapes.card_stack(
                pen.size(16), pen.size(23), 3, c["card_back"], c["card_back.edge"], c["card_back.star"]
            )
            pen.paste_centred(hand, right - 17, cy)
            right -= 40
        shown, face = pen.fit(self.player_name(player), max(20.0, right - left), 24, 15, bold=True)
        pen.text(left, cy, shown, face, c["panel.text"], "lm")

    def status(self, player: PlayerTableView) -> tuple[str, RGB, RGB] | None:
        c, t, view = self.c, self.t, self.view
        rank = self.rank(player.seat)
        if player.extinct:
            return f"{t('extinct')} · {t('rank', rank=rank)}", c["extinct"], _WHITE
        if view.outcome is not None:
            return f"{t('survivor')} · {t('rank', rank=rank)}", c["winner"], c["panel.text"]
        kind = self.owing.get(player.seat)
        if kind is None:
            return None
        return t(f"decision.{kind}"), c["active"], c["panel.text"]

    def rank(self, seat: int) -> int:
        """A player's place: the survivor first, the first species to die out last."""
        outcome = self.view.outcome
        if outcome is not None:
            return next(s.rank for s in outcome.standings if s.seat == seat)
        eliminated = self.view.eliminated
        return len(self.view.players) - eliminated.index(seat) if seat in eliminated else 1

    def species_card(self, player: PlayerTableView, x: float, y: float, w: float, h: float) -> None:
        pen, c, t = self.pen, self.c, self.t
        card_fill = mix(c["card"], c["extinct"], 0.4) if player.extinct else c["card"]
        pen.framed(x, y, w, h, card_fill, c["card.edge"], 1.5, 12)
        name, face = pen.fit(self.card_name(SPECIES[player.species.card].name), w - 24, 22, 14, bold=True)
        pen.text(x + 12, y + NAME_H / 2 + 4, name, face, c["panel.text"], "lm")
        self.stats(player, x + 8, y + NAME_H + 4, w - 16)
        chips_y = y + NAME_H + STATS_H + 6
        columns = self.plan.chip_columns
        chip_w = (w - 16 - (columns - 1) * CHIP_GAP) / columns
        found = self.species_kinds(player.species)
        if not found:
            caption, face = pen.fit(t("no_cards"), w - 24, 13, 10)
            pen.text(x + 12, chips_y + CHIP_H / 2, caption, face, c["panel.muted"], "lm")
        for index, (kind, innate) in enumerate(found):
            column, row = index % columns, index // columns
            self.chip(kind, innate, x + 8 + column * (chip_w + CHIP_GAP), chips_y + row * (CHIP_H + CHIP_GAP), chip_w)
        if self.view.phase is Phase.HUNTING and not player.extinct:
            limit = hunt_limit(player.species, self.view.environment, HUNTS_PER_PERIOD)
            caption, face = pen.fit(t("hunts", n=player.hunts, limit=limit), w - 24, 13, 10, bold=True)
            pen.text(x + w - 12, y + h - 14, caption, face, c["panel.muted"], "rm")

    def stats(self, player: PlayerTableView, x: float, y: float, w: float) -> None:
        """Strength (a die), Energy (a bolt), Population out of its Energy (an individual) and Food, side by side."""
        pen, c, t = self.pen, self.c, self.t
        muted = player.extinct
        boxes = (
            ("strength", player.strength, icons.die(pen.size(22), 5, self.ink("strength", muted), _WHITE)),
            ("energy", player.energy, icons.bolt(pen.size(22), self.ink("energy", muted))),
            ("population", player.population, icons.individual(pen.size(22), self.ink("population", muted))),
            ("food", player.food, self.food_icon(self.ink("food", muted))),
        )
        box_w = (w - 3 * 6) / 4
        for index, (key, value, icon) in enumerate(boxes):
            bx = x + index * (box_w + 6)
            pen.rect(bx, y, box_w, STATS_H - 8, mix(self.ink(key, muted), c["card"], 0.88), 8)
            pen.paste_centred(icon, bx + 18, y + 22)
            # Population beside its ceiling, the Energy (rule 6.d).
            shown = f"{value}/{player.energy}" if key == "population" else str(value)
            number, face = pen.fit(shown, box_w - 38, 24, 14, bold=True)
            pen.text(bx + 32, y + 22, number, face, self.ink(key, muted), "lm")
            caption, face = pen.fit(t(key), box_w - 12, 12, 8)
            pen.text(bx + box_w / 2, y + STATS_H - 20, caption, face, c["panel.muted"], "mm")

    def food_icon(self, colour: RGB) -> Image.Image:
        return shapes.food_token(self.pen.size(22), colour, mix(colour, (0, 0, 0), 0.3), mix(colour, _WHITE, 0.5))

    def ink(self, key: str, muted: bool) -> RGB:
        return mix(self.c[key], self.c["extinct"], 0.8) if muted else self.c[key]

    # The end of the game.

    def results(self, outcome: Outcome, top: float) -> None:
        pen, c, t, view = self.pen, self.c, self.t, self.view
        x, w = MARGIN, WIDTH - 2 * MARGIN
        pen.framed(x, top, w, RESULTS_H, c["header"], c["winner"], 2, RADIUS)
        title, face = pen.fit(t("results").upper(), w - 40, 16, 11, bold=True)
        pen.text(x + 20, top + 22, title, face, c["winner"], "lm")
        ordered = sorted(outcome.standings, key=lambda s: s.rank)
        card_w = (w - 40 - (len(ordered) - 1) * 10) / len(ordered)
        for index, standing in enumerate(ordered):
            cx = x + 20 + index * (card_w + 10)
            winner = standing.seat in outcome.winners
            fill = c["winner"] if winner else mix(c["panel"], c["extinct"], 0.35)
            pen.rect(cx, top + 40, card_w, RESULTS_H - 52, fill, 10)
            player = view.players[standing.seat]
            rank, face = pen.fit(t("rank", rank=standing.rank), card_w - 16, 22, 14, bold=True)
            pen.text(cx + 10, top + 60, rank, face, c["panel.text"], "lm")
            name, face = pen.fit(self.player_name(player), card_w - 20, 17, 10, bold=True)
            pen.text(cx + 10, top + 86, name, face, c["panel.text"], "lm")
            species, face = pen.fit(self.card_name(SPECIES[player.species.card].name), card_w - 20, 13, 9)
            pen.text(cx + 10, top + 108, species, face, c["panel.text"], "lm")
            if winner:
                crown = shapes.crown(pen.size(24), _WHITE, c["winner.edge"])
                pen.paste_centred(crown, cx + card_w - 20, top + 60)

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
            top += plan.last_fight_h
        players = view.players
        for row, row_h in enumerate(plan.row_heights):
            for column in range(plan.columns):
                index = row * plan.columns + column
                if index >= len(players):
                    break
                self.panel(players[index], MARGIN + column * (plan.panel_w + GAP), top, plan.panel_w, row_h)
            top += row_h + GAP


def draw(
    view: TableView,
    *,
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
    colours: Mapping[str, str | tuple[int, int, int]] | None = None,
) -> bytes:
    """The public table of a dice-combat game as PNG bytes (``renderer.render_board`` calls this for its
    :class:`TableView`). ``width`` is the image width in pixels (default 1200); the height follows. ``labels``
    overrides any of :data:`renderer.dice_combat.labels.ENGLISH` and the cards' names (a translation); ``colours``
    overrides any of :data:`renderer.dice_combat.theme.DEFAULT_COLOURS` by name."""
    check_width(width)
    plan = layout(view)
    scale = 1.0 if width is None else width / WIDTH
    size = (WIDTH if width is None else width, max(1, round(plan.height * scale)))
    colour_map = palette(DEFAULT_COLOURS, colours)
    image = Image.new("RGB", size, colour_map["background"])
    Board(view, Pen(image, scale), plan, colour_map, Labels({**ENGLISH, **CARD_NAMES}, labels)).draw()
    return png(image)
