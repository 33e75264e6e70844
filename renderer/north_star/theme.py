"""North Star's board colours, by name (``render_board(view, colours=...)`` overrides any of them).

Player colours are ``player.0`` ... ``player.5`` (by seat: renderer.theme.SEAT_COLOURS); trait colours are
``trait.<value>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from renderer.theme import RGB, seat_colours
from rules_core.north_star.cards import Trait

_DEFAULTS: dict[str, RGB] = {
    # The table.
    "background": (28, 54, 49),
    "header": (19, 38, 35),
    "header.text": (244, 236, 216),
    "header.muted": (160, 184, 172),
    "header.line": (52, 84, 76),
    # A player's area.
    "panel": (243, 234, 215),
    "panel.edge": (214, 199, 167),
    "panel.text": (43, 40, 36),
    "panel.muted": (122, 112, 98),
    "active": (255, 196, 48),
    # A species.
    "card": (255, 252, 245),
    "card.edge": (205, 190, 158),
    "board": (235, 222, 192),
    "slot": (226, 214, 186),
    "hungry": (205, 60, 52),
    "fed": (56, 142, 74),
    # Food and fat tokens.
    "food": (92, 168, 70),
    "food.edge": (56, 112, 42),
    "food.shine": (186, 226, 160),
    "food.empty": (176, 160, 128),
    "fat": (240, 190, 40),
    "fat.edge": (178, 128, 18),
    # Face-down cards.
    "card_back": (34, 52, 92),
    "card_back.edge": (214, 188, 120),
    "card_back.star": (240, 210, 120),
    # The watering hole.
    "water": (74, 150, 200),
    "water.shore": (120, 150, 80),
    "water.ripple": (160, 210, 235),
    "plant": (120, 196, 84),
    "plant.vein": (60, 120, 40),
    # Badges.
    "last_round": (214, 64, 52),
    "next_round_last": (230, 150, 30),
    "first_player": (236, 188, 64),
    "first_player.edge": (150, 110, 20),
    "winner": (236, 188, 64),
    "winner.edge": (150, 110, 20),
    "status": (104, 96, 84),
    "done": (56, 142, 74),
    # Traits, grouped by hue: hunting in reds, defence in blues and earth tones, feeding in greens and golds.
    "trait.carnivore": (196, 48, 43),
    "trait.ambush": (142, 36, 84),
    "trait.pack_hunting": (209, 92, 46),
    "trait.intelligence": (112, 78, 178),
    "trait.burrowing": (133, 94, 58),
    "trait.climbing": (84, 124, 84),
    "trait.defensive_herding": (52, 104, 168),
    "trait.hard_shell": (86, 98, 118),
    "trait.horns": (164, 118, 50),
    "trait.warning_call": (214, 138, 18),
    "trait.symbiosis": (32, 142, 152),
    "trait.foraging": (86, 150, 52),
    "trait.long_neck": (132, 160, 34),
    "trait.cooperation": (40, 128, 108),
    "trait.scavenger": (112, 104, 96),
    "trait.fat_tissue": (196, 150, 20),
    "trait.fertile": (206, 84, 138),
}
assert all(f"trait.{t.value}" in _DEFAULTS for t in Trait)
_DEFAULTS.update(seat_colours(6))

#: Every colour the board uses, by name.
DEFAULT_COLOURS: Mapping[str, RGB] = MappingProxyType(_DEFAULTS)
