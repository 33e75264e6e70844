"""The dice-combat game "Is the evolution baby!!!" (seed 004) in words. Its ``/rules`` book: every card of the three
decks (species, environments, evolution kinds: the project's own design, ``rules_core/dice_combat/cards.py``) and
the topics in the order of the seed's rules (``texts/rule_texts/dice_combat/``)."""

from __future__ import annotations

from rules_core.dice_combat.cards import ENVIRONMENTS, KINDS, SPECIES
from texts.presentation import RuleBookIndex

#: Every card key, once: the species, the environments (Mild Climate has two copies), the evolution kinds.
CARD_KEYS: tuple[str, ...] = tuple(
    dict.fromkeys([*(card.name for card in SPECIES), *(card.name for card in ENVIRONMENTS), *(k.value for k in KINDS)])
)

#: Its ``/rules`` book: every card of the rules (a card added to the rules without texts makes the texts invalid),
#: and the topics in the order of seed 004's rules, then the project's ruling on the end of the game.
RULE_BOOK = RuleBookIndex(
    "dice_combat",
    traits=CARD_KEYS,
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
