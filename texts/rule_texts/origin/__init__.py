"""Rule texts of the original "Evolution" (Knorre, Machin; "Evolution: Origin of Species") with its expansions "Time
to Fly" and "Darwin's Day", in en, hu, pt, uk, pl and es.

Seed 003 (Ukrainian, 3rd edition) gives the base game; seed 001 (Polish) the two expansions. The two books count
time differently: Ukrainian "хід" and Polish "runda" are both the whole cycle of four phases (a Pack carnivore turned
sideways "in a runda" stands up again at the end of the feeding phase; a Viviparous birth makes "the current runda"
the last of the game), so the texts call it a turn (en), forduló, turno, хід, runda, turno; Ukrainian "раунд" and
Polish "kolejka" are one pass round the table within a phase: a round (en), kör, rodada, раунд, kolejka, ronda.
Card symbols the plain-text seeds lost are read by their role: a token from the food bank is red, a token a trait
gives is blue (seed 003, "Символ"), and seed 001's food table counts dice and +1 tokens.
"""

from __future__ import annotations

from rules_core.origin.cards import Trait
from texts.rule_texts import RuleBookIndex

#: Every trait the rules know, in the rule book's order (seed 003's, then seed 001's expansions'), and the topics in
#: the order of the rule book (seed 003), then its expansions, then the house rules. A trait added to the rules
#: without texts makes the texts invalid.
INDEX = RuleBookIndex(
    "origin",
    traits=tuple(trait.value for trait in Trait),
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
        "house_tie_break",
    ),
)
