"""Rule texts of the dice-combat game "Is the evolution baby!!!" (seed 004, Spanish), in en, hu, pt, uk, pl and es.

The topics follow the seed's numbered rules (1-4 setup, 5 a period with its hunting and extinction rounds, 6
population, 7 evolution cards) and the project's ruling on the end of the game. The "traits" are the cards: the
seed gives the decks and the template of a card (title, effect, condition) but no card list, so every species,
environment and evolution card here is this project's own design (``rules_core/dice_combat/cards.py``,
docs/dice-combat-cards.md), and each card's entry says so. A card's first line is its effect in one short sentence
(menus show it beside the card's name), its last line how many such cards the deck holds.
"""
