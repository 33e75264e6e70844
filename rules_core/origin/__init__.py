"""The original "Evolution" by D. Knorre and S. Machin (seed 003, Ukrainian, 3rd edition; "Evolution: Origin of
Species" in English).

Where to find a rule: ``cards`` (the deck), ``setup``, ``phases/`` (development, food base, feeding, extinction),
``traits/`` (one module per trait), ``food`` (need, being fed, every token's way to an animal), ``pairs`` (paired
traits), ``attack`` (may this carnivore attack that animal; the defender's answers), ``deck`` (drawing, the
reshuffle that makes the next turn the last), ``scoring``, ``view`` (what a seat may see), ``determinize``,
``position`` (the JSON position format), ``timeouts`` (the move made for a silent player). ``game`` ties them into
the engine interface.
"""

from rules_core.origin.game import Origin

__all__ = ["Origin"]
