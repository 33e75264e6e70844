"""Phase 3, playing cards (seed 000, "3. FÁZIS: KÁRTYÁK KIJÁTSZÁSA"): starting with the first player, each player
plays any number of cards or keeps them, then the player to the left does. With each card a player may (1) play it
face down as a trait of one of their species: no species has two equal traits or more than three trait cards, and
at three one must be discarded to make room; (2) discard it to create a new species (body size 1, population 1) at
the left or right end, never between two; (3) discard it to add 1 to a species' body size or population, neither
above 6. When everybody has played, the trait cards are turned face up."""

import pytest

from rules_core.north_star.actions import (
    CreateSpecies,
    FinishCardPlay,
    IncreaseBodySize,
    IncreasePopulation,
    PlayTrait,
)
from rules_core.north_star.cards import trait_of
from rules_core.north_star.events import TraitPlayedFaceDown, TraitPlayedPrivately, TraitsRevealed
from rules_core.north_star.phases import play_cards
from rules_core.north_star.state import GameState, Phase
from tests.north_star.helpers import of, refusal_code
from tests.north_star.scenario import RULES, player, scenario, species


def _playing(*ann_species, hand=("horns", "long_neck", "climbing", "carnivore"), **fields) -> GameState:
    fields.setdefault("turn", 0)
    return scenario(
        phase="play_cards",
        watering_hole=5,
        players=[
            player("Ann", *(ann_species or (species(0, pop=2),)), hand=list(hand)),
            player("Bob", species(10, pop=2), hand=["ambush"]),
            player("Cy", species(20, pop=2), hand=["fertile"]),
        ],
        **fields,
    )


def _card(state: GameState, seat: int, trait: str) -> int:
    return next(c for c in state.players[seat].hand if trait_of(c).value == trait)


def test_a_trait_is_played_face_down_and_only_its_owner_learns_which():
    state = _playing()
    card = _card(state, 0, "horns")
    state, events = RULES.apply(state, PlayTrait(0, card, 0))
    (played,) = state.species(0).traits
    assert (played.card, played.face_up) == (card, False)
    assert card not in state.players[0].hand
    assert of(events, TraitPlayedFaceDown) == [TraitPlayedFaceDown(0, 0, None, False)]
    assert of(events, TraitPlayedPrivately)[0].audience == frozenset({0})
    assert RULES.public_view(state).players[0].species[0].traits[0].trait is None


def test_a_species_may_not_have_the_same_trait_twice():
    state = _playing(species(0, traits=["horns"]), hand=("horns", "long_neck"))
    assert refusal_code(state, PlayTrait(0, _card(state, 0, "horns"), 0)) == "duplicate_trait"


def test_a_species_has_at_most_three_traits_and_one_must_be_discarded_to_make_room():
    state = _playing(species(0, traits=["horns", "climbing", "fertile"]), hand=("long_neck", "ambush"))
    card = _card(state, 0, "long_neck")
    assert refusal_code(state, PlayTrait(0, card, 0)) == "trait_limit"
    old = state.species(0).traits[1].card
    state, events = RULES.apply(state, PlayTrait(0, card, 0, replace=old))
    assert [t.card for t in state.species(0).traits][-1] == card
    assert len(state.species(0).traits) == 3
    assert old in state.discard
    assert of(events, TraitPlayedFaceDown) == [TraitPlayedFaceDown(0, 0, old, False)]


def test_a_trait_may_be_discarded_to_make_room_only_at_the_limit():
    state = _playing(species(0, traits=["horns"]))
    old = state.species(0).traits[0].card
    assert refusal_code(state, PlayTrait(0, _card(state, 0, "long_neck"), 0, replace=old)) == "replace_not_full"


def test_a_new_species_starts_at_body_size_one_and_population_one_at_either_end():
    state = _playing(species(0, body=3, pop=2))
    card = _card(state, 0, "horns")
    state, _ = RULES.apply(state, CreateSpecies(0, card, "left"))
    state, _ = RULES.apply(state, CreateSpecies(0, _card(state, 0, "climbing"), "right"))
    table = state.players[0].species
    assert [s.id for s in table][1] == 0
    assert [(s.body_size, s.population, s.traits) for s in (table[0], table[2])] == [(1, 1, ()), (1, 1, ())]
    assert card in state.discard
    assert refusal_code(state, CreateSpecies(0, _card(state, 0, "carnivore"), "middle")) == "bad_side"  # type: ignore[arg-type]


def test_a_discarded_card_adds_one_to_body_size_or_population_never_above_six():
    state = _playing(species(0, body=5, pop=6))
    card = _card(state, 0, "horns")
    state, _ = RULES.apply(state, IncreaseBodySize(0, card, 0))
    assert state.species(0).body_size == 6
    assert card in state.discard
    assert refusal_code(state, IncreaseBodySize(0, _card(state, 0, "climbing"), 0)) == "max_body_size"
    assert refusal_code(state, IncreasePopulation(0, _card(state, 0, "climbing"), 0)) == "max_population"
    state = _playing(species(0, body=1, pop=2))
    state, _ = RULES.apply(state, IncreasePopulation(0, _card(state, 0, "horns"), 0))
    assert state.species(0).population == 3


def test_a_player_plays_cards_only_on_their_own_species_and_only_cards_they_hold():
    state = _playing()
    assert refusal_code(state, PlayTrait(0, _card(state, 0, "horns"), 10)) == "not_your_species"
    assert refusal_code(state, PlayTrait(0, state.players[1].hand[0], 0)) == "card_not_in_hand"


def test_players_play_in_turn_from_the_first_player_to_the_left_any_number_of_cards():
    state = _playing(first_player=2, turn=2)
    assert refusal_code(state, FinishCardPlay(0)) == "not_your_turn"
    state, _ = RULES.apply(state, FinishCardPlay(2))  # keeps the whole hand
    assert state.turn == 0
    assert len(state.players[2].hand) == 1
    for trait in ("horns", "long_neck"):
        state, _ = RULES.apply(state, PlayTrait(0, _card(state, 0, trait), 0))
        assert state.turn == 0
    state, _ = RULES.apply(state, FinishCardPlay(0))
    assert state.turn == 1


def test_the_traits_are_turned_face_up_once_everybody_has_played():
    state = _playing()
    card = _card(state, 0, "horns")
    state, _ = RULES.apply(state, PlayTrait(0, card, 0))
    state, _ = RULES.apply(state, FinishCardPlay(0))
    state, _ = RULES.apply(state, FinishCardPlay(1))
    assert state.species(0).traits[0].face_up is False
    state, events = RULES.apply(state, FinishCardPlay(2))
    assert of(events, TraitsRevealed) == [TraitsRevealed(0, 0, (card,))]
    assert state.species(0).traits[0].face_up
    assert state.phase is Phase.FEEDING


def test_move_generation_keeps_at_most_the_shapes_of_species_and_plays_it_may_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The shapes of species and the plays made once are emptied at the bound, and the plays offered after
    # that are still exactly the rule's: body size and population below 6, no trait twice, the trait limit.
    monkeypatch.setattr(play_cards, "_SHAPE_BY_CARDS", {})
    monkeypatch.setattr(play_cards, "_SHAPE_BY_CARDS_HELD", 2)
    monkeypatch.setattr(play_cards, "_MADE", {})
    monkeypatch.setattr(play_cards, "_MADE_HELD", 2)
    monkeypatch.setattr(play_cards, "_SHAPES", {})
    monkeypatch.setattr(play_cards, "_SHAPES_HELD", 2)
    state = _playing(species(0, pop=2), species(1, body=6, traits=["horns"]), species(2, pop=6))
    for _ in range(3):
        offered = tuple(RULES.legal_actions(state, 0))
        assert len(play_cards._SHAPE_BY_CARDS) <= 2 and len(play_cards._MADE) <= 2 and len(play_cards._SHAPES) <= 2
    horns = _card(state, 0, "horns")
    assert PlayTrait(0, horns, 0) in offered and PlayTrait(0, horns, 1) not in offered
    assert IncreaseBodySize(0, horns, 1) not in offered and IncreaseBodySize(0, horns, 2) in offered
    assert IncreasePopulation(0, horns, 2) not in offered and IncreasePopulation(0, horns, 0) in offered
