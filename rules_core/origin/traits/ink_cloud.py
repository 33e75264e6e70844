"""Ink Cloud (SEPIA), seed 001: "Dzięki tej karcie gracz może ochronić swoje zwierzę przed pożarciem. Czasami (np.
gdy zwierzę posiada cechę rycie) karta ta może być bardzo przydatna. Karty można użyć raz na rundę." The seed says
only that it saves the animal from being eaten, once a turn. The project's ruling (docs/rulings.md): when the animal
is attacked, its owner may answer with the Ink Cloud (``ReleaseInk``, like Tail Loss, never compulsory): the animal
escapes unharmed, the hunters get nothing, and the card turns sideways for the turn.
"""

from rules_core.origin.cards import INK_CLOUD
from rules_core.origin.state import Animal, AttackFrame, ready

TRAIT = INK_CLOUD


def may_release(target: Animal, frame: AttackFrame) -> bool:
    return ready(target, TRAIT) and TRAIT not in frame.ignored
