"""The dice-combat game "Is the evolution baby!!!" (seed 004, Spanish), with this project's own cards.

Where to find a rule: ``setup`` (the box and the starting roll), ``phases/`` (period: the starting player;
environment; recovery; evolution: deal, exchange, cards, discard; hunting; extinction), ``card_play`` (rule 7:
where and at what price an evolution card may be played), ``dice`` (the comparison), ``combat`` (one fight),
``effects`` (what the cards do to a species), ``population`` (buying, the Energy cap, extinction), ``decks``,
``cards`` (the three decks as data), ``view``, ``position`` (the JSON position format), ``timeouts``,
``determinize``. ``game`` ties them into the engine interface.
"""

from rules_core.dice_combat.game import DiceCombat

__all__ = ["DiceCombat"]
