"""The codes a trait of the original game has in menu paths and button ids are fixed: a button posted days ago still
means what it meant.

The table is written out here a second time, by the traits' names: changing a code, reusing one or reordering the
``Trait`` enum cannot change what a path says without failing this test.
"""

from __future__ import annotations

from rules_core.origin.actions import PlayTrait
from rules_core.origin.cards import TRAIT_CODES, Trait
from texts.origin.choices import action_path, trait_from_code

ORIGIN = (
    "SWIMMING RUNNING MIMICRY BIG STOMPER POISONOUS TAIL_LOSS COMMUNICATION HIBERNATION SCAVENGER SYMBIOSIS "
    "COOPERATION PIRACY BURROWING CAMOUFLAGE SHARP_VISION PARASITE CARNIVORE FAT_TISSUE SHELL INTELLECT ANGLERFISH "
    "SPECIALIZATION_A SPECIALIZATION_B TREMATODE METAMORPHOSIS INK_CLOUD VIVIPAROUS AMBUSH FLIGHT KLEPTOPLASTY "
    "IMMUNITY PACK"
)


def test_every_trait_keeps_its_code() -> None:
    assert {trait.name: code for trait, code in TRAIT_CODES.items()} == {
        name: str(code) for code, name in enumerate(ORIGIN.split())
    }


def test_paths_carry_the_tables_codes() -> None:
    pack = PlayTrait(seat=0, card=3, trait=Trait.PACK, animal=7)
    assert action_path(pack) == ("c3", "t32", "a7")
    assert trait_from_code("32") is Trait.PACK
