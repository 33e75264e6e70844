"""Cooperation (КООПЕРАЦІЯ), a paired trait, seed 003: "Коли одна тварина отримує червону/синю фішку – інша тварина
одразу ж отримує одну синю фішку." Whenever one animal of the pair gets a red or blue token (one taken by Piracy
too), the other gets a blue one from the supply at once. Special cases: chains of Cooperation and Communication are
allowed, each card acting once per round (``pairs.py``). Turning yellow tokens into food sets nothing off ("Жировий
запас": "не пов'язане з дією інших здібностей тварини")."""

from rules_core.origin.events import Source

GIVES: Source = "supply"
SET_OFF_BY: frozenset[Source] = frozenset({"food_base", "supply", "animal"})
