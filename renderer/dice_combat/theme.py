"""The dice-combat board's colours, by name (``render_board(view, colours=...)`` overrides any of them).

Player colours are ``player.0`` ... ``player.5`` (by seat: renderer.theme.SEAT_COLOURS); an evolution card's
colour is ``kind.<kind>``, grouped by what it does: hunting and attack in reds, defence in blues, Energy in golds,
harm in purple, the rest in greens.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from renderer.theme import RGB, seat_colours
from rules_core.dice_combat.cards import Kind

_DEFAULTS: dict[str, RGB] = {
    # The table.
    "background": (44, 40, 52),
    "header": (30, 27, 36),
    "header.text": (244, 236, 216),
    "header.muted": (176, 168, 186),
    "header.line": (72, 64, 84),
    # A player's area.
    "panel": (243, 236, 222),
    "panel.edge": (210, 196, 170),
    "panel.text": (43, 40, 36),
    "panel.muted": (122, 112, 98),
    "active": (255, 196, 48),
    "extinct": (150, 146, 140),
    # A species card.
    "card": (255, 252, 245),
    "card.edge": (205, 190, 158),
    # The four values.
    "strength": (200, 62, 52),
    "energy": (222, 160, 24),
    "population": (56, 142, 74),
    "population.empty": (206, 196, 176),
    "food": (150, 98, 50),
    # The environment card and the decks.
    "environment": (64, 120, 150),
    "environment.cold": (120, 170, 214),
    "final_age": (200, 64, 52),
    "card_back": (52, 44, 80),
    "card_back.edge": (214, 188, 120),
    "card_back.star": (240, 210, 120),
    # The fight under way.
    "fight": (58, 52, 68),
    "fight.text": (244, 236, 216),
    "prey": (120, 96, 60),
    # Badges.
    "starting_player": (236, 188, 64),
    "starting_player.edge": (150, 110, 20),
    "winner": (236, 188, 64),
    "winner.edge": (150, 110, 20),
    "status": (104, 96, 84),
    # Evolution kinds.
    "kind.claws": (186, 52, 44),
    "kind.fangs": (160, 40, 70),
    "kind.ambush": (130, 40, 96),
    "kind.venom": (96, 130, 30),
    "kind.horns": (150, 108, 46),
    "kind.thick_fur": (92, 118, 170),
    "kind.camouflage": (70, 120, 92),
    "kind.fat_reserves": (200, 150, 20),
    "kind.lean_metabolism": (170, 130, 60),
    "kind.disease": (112, 78, 150),
    "kind.hibernation": (52, 104, 168),
    "kind.fertility": (206, 84, 138),
}
assert all(f"kind.{kind.value}" in _DEFAULTS for kind in Kind)
_DEFAULTS.update(seat_colours(6))

#: Every colour the board uses, by name.
DEFAULT_COLOURS: Mapping[str, RGB] = MappingProxyType(_DEFAULTS)
