"""Rule texts of North Star Games' "Evolution" (seeds 000 and 002) in en, hu, pt, uk, pl and es."""

from __future__ import annotations

from rules_core.north_star.cards import Trait
from texts.rule_texts import RuleBookIndex

#: Its ``/rules`` book: every trait of the rules (a trait added to the rules without texts makes the texts
#: invalid), and the topics in the order of the rule book.
INDEX = RuleBookIndex(
    "north_star",
    traits=tuple(trait.value for trait in Trait),
    topics=(
        "overview",
        "setup",
        "deal",
        "food_cards",
        "play_cards",
        "feeding",
        "attacks",
        "extinction",
        "end_of_game",
        "two_player",
        "quick_game",
    ),
)
