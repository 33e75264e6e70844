"""Trematode (PRZYWRA), seed 001: a paired card played on two animals of one rival; each needs one token more; it
leaves with either animal; several per animal, each with another partner; Tail Loss does not remove it; it scores as
a paired trait with its +1."""

from rules_core.origin.actions import Attack, DropTrait, PlayPairedTrait
from rules_core.origin.cards import Trait
from rules_core.origin.events import PairedTraitPlayed
from rules_core.origin.food import need
from rules_core.origin.scoring import score_parts
from tests.origin.scenario import RULES, animal, expanded, link, of, player, refusal_code

T = Trait.TREMATODE


def test_trematode_joins_two_animals_of_one_rival_and_each_needs_one_more():
    state = expanded(
        phase="development",
        players=[
            player("Ann", animal(0), animal(3), hand=["trematode/cooperation#202"]),
            player("Bob", animal(1), animal(2)),
            player("Cid", animal(4)),
        ],
    )
    plays = [a for a in RULES.legal_actions(state, 0) if isinstance(a, PlayPairedTrait) and a.trait is T]
    assert plays == [PlayPairedTrait(0, 202, T, 1, 2)]
    assert refusal_code(state, PlayPairedTrait(0, 202, T, 0, 3)) == "trematode_on_own"
    assert refusal_code(state, PlayPairedTrait(0, 202, T, 1, 4)) == "not_your_animal"
    state, events = RULES.apply(state, PlayPairedTrait(0, 202, T, 1, 2))
    assert of(events, PairedTraitPlayed) == [PairedTraitPlayed(0, 202, T, 1, 2, 1)]
    assert [(k.card, k.first, k.second) for k in state.players[1].links] == [(202, 1, 2)]
    assert need(state.animal(1)) == need(state.animal(2)) == 2


def test_an_animal_may_carry_several_each_with_another_partner():
    state = expanded(
        phase="development",
        players=[
            player("Ann", animal(0), hand=["trematode/cooperation#202"]),
            player("Bob", animal(1), animal(2), animal(3), links=[link("trematode", 1, 2)]),
        ],
    )
    assert need(state.animal(1)) == 2
    assert refusal_code(state, PlayPairedTrait(0, 202, T, 1, 2)) == "duplicate_pair"
    state, _ = RULES.apply(state, PlayPairedTrait(0, 202, T, 1, 3))
    assert need(state.animal(1)) == 3


def test_it_leaves_with_either_animal_and_the_partner_needs_less_again():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1), animal(2), links=[link("trematode", 1, 2, card="trematode/cooperation#203")]),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert state.players[1].links == () and 203 in state.discard
    assert need(state.animal(2)) == 1


def test_tail_loss_does_not_remove_it():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player(
                "Bob",
                animal(1, "tail_loss#24"),
                animal(2),
                links=[link("trematode", 1, 2, card="trematode/cooperation#203")],
            ),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    answers = RULES.legal_actions(state, 1)
    assert DropTrait(1, 24) in answers and DropTrait(1, 203) not in answers


def test_it_scores_as_a_paired_trait_with_its_extra_point():
    state = expanded(
        players=[player("Ann", animal(0)), player("Bob", animal(1), animal(2), links=[link("trematode", 1, 2)])],
    )
    assert score_parts(state.players[1]) == (4, 1, 1, 0)
