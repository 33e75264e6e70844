"""The original "Evolution" (Origin of Species) in words. For now its ``/rules`` book: the rule texts
(``texts/rule_texts/origin/``) may be read before the game is offered; its game words come with its presentation."""

from __future__ import annotations

from rules_core.origin.cards import Trait
from texts.presentation import RuleBookIndex

#: The traits of "Time to Fly" and "Darwin's Day" (seed 001), in the rule book's order, after the base game's.
EXPANSION_TRAITS: tuple[str, ...] = (
    "shell",
    "intellect",
    "anglerfish",
    "specialization_a",
    "specialization_b",
    "trematode",
    "metamorphosis",
    "ink_cloud",
    "viviparous",
    "ambush",
    "flight",
    "kleptoplasty",
    "immunity",
    "pack",
)

#: Every trait the rules know (one added to the rules without texts makes the texts invalid), then the expansions'
#: traits the rules do not know yet, and the topics in the order of the rule book (seed 003), then its expansions.
RULE_BOOK = RuleBookIndex(
    "origin",
    traits=(
        *(trait.value for trait in Trait),
        *(key for key in EXPANSION_TRAITS if key not in {trait.value for trait in Trait}),
    ),
    topics=(
        "overview",
        "setup",
        "turn",
        "development",
        "food_bank",
        "feeding",
        "extinction",
        "end_of_game",
        "two_sets",
        "traits",
        "attacks",
        "paired_traits",
        "special_cases",
        "time_to_fly",
        "darwins_day",
    ),
)
