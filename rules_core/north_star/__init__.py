"""North Star Games' "Evolution" (seed 000, Hungarian, full rules; seed 002, Portuguese summary).

Where to find a rule: ``setup`` (the box and the first state), ``phases/`` (deal, food cards, play cards, feeding,
end of round), ``traits/`` (one module per trait), ``attack`` (may this carnivore attack that species?),
``extinction``, ``scoring``, ``view`` (what a seat may see), ``position`` (the JSON position format),
``timeouts`` (the move made for a silent player). ``game`` ties them into the engine interface.
"""

from rules_core.north_star.game import NorthStar

__all__ = ["NorthStar"]
