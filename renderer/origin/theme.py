"""The original game's board colours, by name (``render_board(view, colours=...)`` overrides any of them).

Player colours are ``player.0`` ... ``player.7`` (by seat, renderer.theme.SEAT_COLOURS; the game has up to eight
players); trait colours are ``trait.<key>`` (``trait.other`` for a trait without its own); the paired traits' links
are ``link.<key>``; the tokens are ``token.red`` (food: red and blue alike once on an animal, seed 003, "колір у
цьому разі несуттєвий") and ``token.yellow`` (fat).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from renderer.theme import RGB, seat_colours

_DEFAULTS: dict[str, RGB] = {
    # The table.
    "background": (38, 50, 44),
    "header": (24, 33, 29),
    "header.text": (242, 236, 220),
    "header.muted": (164, 180, 168),
    "header.line": (64, 84, 72),
    # A player's area.
    "panel": (240, 234, 218),
    "panel.edge": (210, 198, 170),
    "panel.text": (44, 40, 34),
    "panel.muted": (120, 112, 98),
    "active": (255, 196, 48),
    # An animal.
    "card": (255, 252, 244),
    "card.edge": (204, 190, 160),
    "slot": (232, 224, 204),
    "hungry": (205, 60, 52),
    "fed": (56, 142, 74),
    "asleep": (72, 96, 168),
    "poisoned": (128, 60, 150),
    "attack": (200, 40, 36),
    # Tokens.
    "token.red": (212, 58, 48),
    "token.red.edge": (140, 30, 24),
    "token.red.shine": (246, 170, 160),
    "token.empty": (176, 160, 128),
    "token.yellow": (240, 190, 40),
    "token.yellow.edge": (178, 128, 18),
    # Face-down cards: an animal's own card, the deck, the hands.
    "card_back": (70, 54, 40),
    "card_back.edge": (196, 164, 104),
    "card_back.emblem": (226, 196, 132),
    # Badges.
    "last_turn": (214, 64, 52),
    "first_player": (236, 188, 64),
    "first_player.edge": (150, 110, 20),
    "winner": (236, 188, 64),
    "winner.edge": (150, 110, 20),
    "status": (104, 96, 84),
    "done": (56, 142, 74),
    # The paired traits' links, told apart by colour (and Symbiosis by its arrow).
    "link.communication": (40, 110, 200),
    "link.cooperation": (40, 150, 80),
    "link.symbiosis": (150, 70, 170),
    "link.trematode": (150, 110, 40),
    # Traits, grouped by hue: hunting in reds, defence in blues and earth tones, feeding in greens and golds.
    "trait.carnivore": (196, 48, 43),
    "trait.sharp_vision": (168, 70, 40),
    "trait.piracy": (150, 40, 90),
    "trait.scavenger": (112, 104, 96),
    "trait.parasite": (120, 80, 60),
    "trait.swimming": (40, 120, 190),
    "trait.running": (60, 150, 170),
    "trait.mimicry": (110, 90, 170),
    "trait.big": (90, 100, 120),
    "trait.poisonous": (128, 60, 150),
    "trait.tail_loss": (190, 120, 40),
    "trait.burrowing": (133, 94, 58),
    "trait.camouflage": (84, 124, 84),
    "trait.stomper": (150, 120, 60),
    "trait.hibernation": (72, 96, 168),
    "trait.fat_tissue": (196, 150, 20),
    "trait.communication": (40, 110, 200),
    "trait.cooperation": (40, 150, 80),
    "trait.symbiosis": (150, 70, 170),
    # "Time to Fly" and "Darwin's Day" (seed 001), in the same hue groups.
    "trait.ambush": (176, 36, 60),
    "trait.intellect": (190, 90, 110),
    "trait.pack": (160, 60, 30),
    "trait.anglerfish": (26, 90, 120),
    "trait.shell": (150, 130, 100),
    "trait.ink_cloud": (50, 60, 90),
    "trait.flight": (90, 150, 210),
    "trait.immunity": (70, 130, 130),
    "trait.trematode": (150, 110, 40),
    "trait.metamorphosis": (120, 160, 60),
    "trait.specialization_a": (100, 150, 40),
    "trait.specialization_b": (60, 130, 100),
    "trait.viviparous": (200, 110, 120),
    "trait.kleptoplasty": (60, 160, 90),
    # The Shells lying in the middle of the table.
    "shell": (214, 196, 160),
    "shell.edge": (150, 124, 84),
    "in_shell": (150, 124, 84),
    "fasting": (26, 90, 120),
    # A trait without a colour of its own.
    "trait.other": (110, 110, 100),
}
_DEFAULTS.update(seat_colours(8))

#: Every colour the board uses, by name.
DEFAULT_COLOURS: Mapping[str, RGB] = MappingProxyType(_DEFAULTS)
