"""Immunity (ODPORNOŚĆ), seed 001 ("Darwin's Day"): no parasite of any kind goes on an immune animal, and Immunity
goes on no animal that carries one."""

from rules_core.origin.actions import PlayPairedTrait, PlayTrait
from rules_core.origin.cards import Trait
from tests.origin.scenario import RULES, animal, expanded, link, player, refusal_code


def test_no_parasite_nor_trematode_goes_on_an_immune_animal():
    state = expanded(
        phase="development",
        players=[
            player("Ann", hand=["parasite/carnivore#44", "trematode/cooperation#202"]),
            player("Bob", animal(1, "immunity"), animal(2)),
        ],
    )
    assert refusal_code(state, PlayTrait(0, 44, Trait.PARASITE, 1)) == "immune"
    assert refusal_code(state, PlayPairedTrait(0, 202, Trait.TREMATODE, 1, 2)) == "immune"
    legal = RULES.legal_actions(state, 0)
    assert PlayTrait(0, 44, Trait.PARASITE, 2) in legal
    assert PlayTrait(0, 44, Trait.PARASITE, 1) not in legal
    assert not [a for a in legal if getattr(a, "trait", None) is Trait.TREMATODE]


def test_immunity_goes_on_no_animal_with_a_parasite():
    state = expanded(
        phase="development",
        players=[
            player(
                "Ann",
                animal(0, "parasite"),
                animal(1),
                animal(2),
                animal(3),
                links=[link("trematode", 1, 2)],
                hand=["immunity"],
            ),
            player("Bob", animal(4)),
        ],
    )
    card = state.players[0].hand[0]
    for infested in (0, 1, 2):
        assert refusal_code(state, PlayTrait(0, card, Trait.IMMUNITY, infested)) == "immune"
    # The listing offers Immunity on the clean animal only.
    assert [a for a in RULES.legal_actions(state, 0) if isinstance(a, PlayTrait)] == [
        PlayTrait(0, card, Trait.IMMUNITY, 3)
    ]
    state = expanded(phase="development", players=[player("Ann", animal(0), hand=["immunity"]), player("Bob")])
    assert PlayTrait(0, state.players[0].hand[0], Trait.IMMUNITY, 0) in RULES.legal_actions(state, 0)
