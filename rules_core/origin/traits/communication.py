"""Communication (ВЗАЄМОДІЯ), a paired trait, seed 003: "Коли одна тварина отримує червону фішку з кормової бази,
інша тварина отримує червону фішку позачергово." When one animal of the pair gets a red token from the food base,
the other takes one from the food base out of turn, which may set off its own paired traits in turn (special cases,
"КООПЕРАЦІЯ"). Each card acts once per round (``pairs.py``)."""

from rules_core.origin.events import Source

#: Where the token it gives comes from.
GIVES: Source = "food_base"
#: The tokens that set it off: only red ones from the food base.
SET_OFF_BY: frozenset[Source] = frozenset({"food_base"})
