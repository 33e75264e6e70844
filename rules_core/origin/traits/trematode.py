"""Trematode (PRZYWRA), a paired trait, seed 001: "Przywra zwiększa o 1 wymagania żywieniowe każdemu z połączonych
zwierząt. Jeśli jedno ze zwierząt umrze, kartę z cechą przywra również się odrzuca. ... Zagrywając przywrę, gracz
łączy ze sobą dwoje zwierząt przeciwnika." Played on two animals of ONE rival (the card lies among that rival's paired
traits), it raises each animal's need by 1 (``Animal.trematodes``, ``food.need``) and leaves play with either animal.
An animal may carry several, each with another partner; "Karty przywra nie można się pozbyć za pomocą innych kart, np.
odrzucenie ogona": neither Tail Loss nor Metamorphosis removes it. It sets off nothing. At the end it scores like any
paired trait, plus its printed +1 (docs/rulings.md)."""

from rules_core.origin.cards import TREMATODE

TRAIT = TREMATODE
#: Its printed number: each joined animal's extra need, and its extra point at the end.
EXTRA = 1


def may_play(seat: int, owner: int) -> bool:
    """Whether ``seat`` may play Trematode on two animals of ``owner``: only a rival's."""
    return seat != owner
