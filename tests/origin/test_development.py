"""The development phase (seed 003, "Фаза розвитку"; "Здібності тварин"): one card a go, clockwise, until everybody
has passed; a card is an animal (face down) or a trait (face up, one side of a two-trait card, for good); traits on
one's own animals, Parasite only on another player's; no trait twice on an animal except Fat Tissue; Scavenger and
Carnivore apart; paired traits between two of one's animals, never twice the same on one pair."""

from typing import Any

import pytest

from rules_core.origin.actions import Pass, PlayAnimal, PlayPairedTrait, PlayTrait
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnimalPlayed, FoodBaseRolled, PairedTraitPlayed, Passed, TraitPlayed
from rules_core.origin.phases.development import card_plays
from rules_core.origin.state import GameState, Phase
from tests.origin.scenario import RULES, animal, link, of, player, refusal_code, scenario
from tests.origin.test_properties import OPTION_SETS, Options, random_game


def develop(*players: dict[str, Any], **fields: Any) -> GameState:
    return scenario(phase="development", players=list(players), **fields)


def test_a_card_played_as_an_animal_lies_face_down_with_a_new_id():
    state = develop(player("Ann", animal(0), hand=["swimming#0"]), player("Bob", animal(1), hand=["running"]))
    state, events = RULES.apply(state, PlayAnimal(0, 0))
    new = state.players[0].animals[-1]
    assert (new.id, new.card, new.traits) == (2, 0, ())
    assert state.players[0].hand == ()
    assert of(events, AnimalPlayed) == [AnimalPlayed(0, 2)]
    assert "card" not in {f for f in type(RULES.public_view(state).players[0].animals[-1]).__slots__}
    assert RULES.seat_view(state, 0).animal_cards[-1] == (2, 0)


def test_players_play_one_card_each_in_turn_clockwise():
    state = develop(
        player("Ann", hand=["swimming", "swimming"]),
        player("Bob", hand=["running"]),
        player("Cy", hand=["mimicry"]),
        active=1,
    )
    state, _ = RULES.apply(state, PlayAnimal(1, state.players[1].hand[0]))
    assert state.active == 2
    state, _ = RULES.apply(state, PlayAnimal(2, state.players[2].hand[0]))
    assert state.active == 0
    state, _ = RULES.apply(state, PlayAnimal(0, state.players[0].hand[0]))
    assert state.active == 0  # Bob and Cy have no card left and pass at once


def test_a_player_who_passed_plays_no_more_this_phase():
    state = develop(player("Ann", hand=["swimming"]), player("Bob", hand=["running", "mimicry"]))
    state, events = RULES.apply(state, Pass(0))
    assert of(events, Passed) == [Passed(0, "development")]
    state, _ = RULES.apply(state, PlayAnimal(1, state.players[1].hand[0]))
    assert state.active == 1 and state.players[0].hand != ()
    assert refusal_code(state, PlayAnimal(0, state.players[0].hand[0])) == "not_your_turn"


def test_a_player_without_cards_must_pass_and_when_all_passed_the_food_base_is_rolled():
    state = develop(player("Ann", animal(0)), player("Bob", animal(1), hand=["swimming"]), active=1)
    state, events = RULES.apply(state, Pass(1))
    assert of(events, Passed) == [Passed(1, "development"), Passed(0, "development")]
    assert of(events, FoodBaseRolled)
    assert state.phase is Phase.FEEDING


def test_a_two_trait_card_is_played_as_the_trait_chosen():
    state = develop(player("Ann", animal(0), hand=["big/carnivore#40"]), player("Bob", animal(1), hand=["swimming"]))
    after, events = RULES.apply(state, PlayTrait(0, 40, Trait.CARNIVORE, 0))
    assert [(t.card, t.trait) for t in after.animal(0).traits] == [(40, Trait.CARNIVORE)]
    assert of(events, TraitPlayed) == [TraitPlayed(0, 40, Trait.CARNIVORE, 0, 0)]
    assert refusal_code(state, PlayTrait(0, 40, Trait.SWIMMING, 0)) == "trait_not_on_card"
    assert PlayTrait(0, 40, Trait.BIG, 0) in RULES.legal_actions(state, 0)


def test_traits_go_only_on_ones_own_animals():
    state = develop(player("Ann", animal(0), hand=["swimming#0"]), player("Bob", animal(1), hand=["running"]))
    assert refusal_code(state, PlayTrait(0, 0, Trait.SWIMMING, 1)) == "not_your_animal"
    assert PlayTrait(0, 0, Trait.SWIMMING, 1) not in RULES.legal_actions(state, 0)


def test_parasite_goes_only_on_another_players_animal_and_once():
    state = develop(
        player("Ann", animal(0), hand=["parasite/carnivore#44", "parasite/fat_tissue#68"]),
        player("Bob", animal(1), animal(2, "parasite"), hand=["running"]),
    )
    legal = RULES.legal_actions(state, 0)
    assert PlayTrait(0, 44, Trait.PARASITE, 1) in legal
    assert refusal_code(state, PlayTrait(0, 44, Trait.PARASITE, 0)) == "parasite_on_own"
    assert refusal_code(state, PlayTrait(0, 44, Trait.PARASITE, 2)) == "duplicate_trait"
    state, events = RULES.apply(state, PlayTrait(0, 44, Trait.PARASITE, 1))
    assert state.animal(1).has(Trait.PARASITE)
    assert of(events, TraitPlayed)[0].owner == 1


def test_no_trait_twice_on_an_animal_except_fat_tissue():
    state = develop(
        player("Ann", animal(0, "swimming", "fat_tissue"), hand=["swimming", "big/fat_tissue#64"]),
        player("Bob", animal(1), hand=["running"]),
    )
    swimming = state.players[0].hand[0]
    assert refusal_code(state, PlayTrait(0, swimming, Trait.SWIMMING, 0)) == "duplicate_trait"
    state, _ = RULES.apply(state, PlayTrait(0, 64, Trait.FAT_TISSUE, 0))
    assert state.animal(0).count(Trait.FAT_TISSUE) == 2


@pytest.mark.parametrize("there, played", [("carnivore", "scavenger"), ("scavenger", "carnivore")])
def test_scavenger_and_carnivore_never_share_an_animal(there, played):
    state = develop(player("Ann", animal(0, there), hand=[played]), player("Bob", animal(1), hand=["running"]))
    card = state.players[0].hand[0]
    assert refusal_code(state, PlayTrait(0, card, Trait(played), 0)) == "scavenger_carnivore"


def test_a_paired_trait_joins_two_of_ones_own_animals():
    state = develop(
        player("Ann", animal(0), animal(1), hand=["communication/carnivore#48"]),
        player("Bob", animal(2), hand=["running"]),
    )
    legal = RULES.legal_actions(state, 0)
    assert [a for a in legal if isinstance(a, PlayPairedTrait)] == [PlayPairedTrait(0, 48, Trait.COMMUNICATION, 0, 1)]
    assert refusal_code(state, PlayPairedTrait(0, 48, Trait.COMMUNICATION, 0, 2)) == "not_your_animal"
    assert refusal_code(state, PlayPairedTrait(0, 48, Trait.COMMUNICATION, 1, 1)) == "same_animal"
    assert refusal_code(state, PlayTrait(0, 48, Trait.COMMUNICATION, 0)) == "paired_trait"
    state, events = RULES.apply(state, PlayPairedTrait(0, 48, Trait.COMMUNICATION, 0, 1))
    (joined,) = state.players[0].links
    assert (joined.card, joined.trait, joined.first, joined.second) == (48, Trait.COMMUNICATION, 0, 1)
    assert of(events, PairedTraitPlayed) == [PairedTraitPlayed(0, 48, Trait.COMMUNICATION, 0, 1, 0)]


def test_one_pair_never_holds_the_same_paired_trait_twice_but_may_hold_different_ones():
    state = develop(
        player(
            "Ann",
            animal(0),
            animal(1),
            animal(2),
            hand=["communication/carnivore#49", "cooperation/carnivore#52", "symbiosis#28"],
            links=[link("communication", 0, 1)],
        ),
        player("Bob", animal(3), hand=["running"]),
    )
    assert refusal_code(state, PlayPairedTrait(0, 49, Trait.COMMUNICATION, 0, 1)) == "duplicate_pair"
    legal = RULES.legal_actions(state, 0)
    assert PlayPairedTrait(0, 49, Trait.COMMUNICATION, 0, 2) in legal  # the same trait, another partner
    assert PlayPairedTrait(0, 52, Trait.COOPERATION, 0, 1) in legal  # another trait, the same pair
    # Symbiosis names its symbiont first; the others name the pair once, lower id first.
    assert (
        PlayPairedTrait(0, 28, Trait.SYMBIOSIS, 1, 0) in legal
        and PlayPairedTrait(0, 28, Trait.SYMBIOSIS, 0, 1) in legal
    )
    assert refusal_code(state, PlayPairedTrait(0, 52, Trait.COOPERATION, 1, 0)) == "not_canonical"


def test_symbiosis_is_the_same_pair_either_way_round():
    state = develop(
        player("Ann", animal(0), animal(1), hand=["symbiosis#28"], links=[link("symbiosis", 0, 1)]),
        player("Bob", animal(3), hand=["running"]),
    )
    assert refusal_code(state, PlayPairedTrait(0, 28, Trait.SYMBIOSIS, 1, 0)) == "duplicate_pair"


def test_a_card_not_in_hand_is_refused():
    state = develop(player("Ann", animal(0), hand=["swimming#0"]), player("Bob", animal(1), hand=["swimming#1"]))
    assert refusal_code(state, PlayAnimal(0, 1)) == "card_not_in_hand"


def test_legal_card_plays_are_every_animal_and_every_fitting_trait():
    state = develop(
        player("Ann", animal(0, "swimming"), hand=["swimming#1"]), player("Bob", animal(1), hand=["running"])
    )
    assert RULES.legal_actions(state, 0) == (PlayAnimal(0, 1), Pass(0))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_one_cards_plays_are_its_animal_first_then_each_trait_where_the_rules_allow_it(options: Options) -> None:
    # A computer's simulations draw one card and list its plays alone (development.card_plays): every one must be a
    # play of that card the rules accept, the animal first, and together they are that card's legal plays.
    for state, _, _, _ in random_game(3, 4, options):
        if state.phase is not Phase.DEVELOPMENT or state.active is None:
            continue
        seat = state.active
        legal = RULES.legal_actions(state, seat)
        for card in set(state.players[seat].hand):
            plays = list(card_plays(state, seat, card))
            assert plays[0] == PlayAnimal(seat, card)
            assert len(set(plays)) == len(plays)
            assert set(plays) == {
                a for a in legal if isinstance(a, PlayAnimal | PlayTrait | PlayPairedTrait) and a.card == card
            }
