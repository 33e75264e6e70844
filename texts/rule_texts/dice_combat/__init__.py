"""Rule texts of the dice-combat game "Is the evolution baby!!!" (seed 004, Spanish), in en, hu, pt, uk, pl and es.

The topics follow the seed's numbered rules (1-4 setup, 5 a period with its hunting and extinction rounds, 6
population, 7 evolution cards) and the project's ruling on the end of the game. The "traits" are the cards: the
seed gives the decks and the template of a card (title, effect, condition) but no card list, so every species,
environment and evolution card here is this project's own design (``rules_core/dice_combat/cards.py``,
docs/dice-combat-cards.md), and each card's entry says so. A card's first line is its effect in one short sentence
(menus show it beside the card's name), its last line how many such cards the deck holds.
"""

from __future__ import annotations

from rules_core.dice_combat.cards import ENVIRONMENTS, KINDS, SPECIES
from texts.rule_texts import RuleBookIndex

#: Every card key, once: the species, the environments (Mild Climate has two copies), the evolution kinds.
_CARD_KEYS: tuple[str, ...] = tuple(
    dict.fromkeys([*(card.name for card in SPECIES), *(card.name for card in ENVIRONMENTS), *(k.value for k in KINDS)])
)
#: Its ``/rules`` book: every card of the rules (a card added to the rules without texts makes the texts invalid),
#: and the topics in the order of seed 004's rules, then the project's ruling on the end of the game.
INDEX = RuleBookIndex(
    "dice_combat",
    traits=_CARD_KEYS,
    topics=(
        "overview",
        "setup",
        "period",
        "hunting",
        "dice",
        "extinction",
        "population",
        "evolution_cards",
        "final_age",
    ),
)
