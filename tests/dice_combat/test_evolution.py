"""The evolution round (seed 004, steps 5.d-f, rule 7.a, 7.c, 7.d)."""

from __future__ import annotations

from typing import Any

from rules_core.dice_combat.actions import DiscardCards, ExchangeCards, Pass, PlayEvolution
from rules_core.dice_combat.cards import kind_of
from rules_core.dice_combat.events import (
    CardsDiscarded,
    CardsDiscardedPrivately,
    CardsExchanged,
    CardsExchangedPrivately,
    EvolutionPlayed,
)
from rules_core.dice_combat.state import GameState, Phase
from tests.dice_combat.helpers import RULES, card, energy, of, play, player, refusal, scenario, species_id

ELK, BISON = species_id("elk"), species_id("bison_herd")


def _turn(ann: dict[str, Any], bob: dict[str, Any] | None = None, **fields: Any) -> GameState:
    """Ann's evolution turn; Bob plays after her."""
    data: dict[str, Any] = {"phase": "evolution", "turn": 0, "starting_player": 0, "free_card": True, **fields}
    return scenario(players=[ann, bob or player("Bob", "bison_herd", hand=["claws"])], **data)


def test_the_first_card_is_free_on_your_own_species() -> None:
    state = _turn(player("Ann", "elk", hand=["claws", "horns"]))
    claws = card(state, 0, "claws")
    state, events = play(state, PlayEvolution(0, claws, ELK))
    assert of(events, EvolutionPlayed) == [EvolutionPlayed(0, claws, ELK, 0)]
    assert state.players[0].species.evolutions == (claws,) and state.players[0].food == 0


def test_the_free_card_may_go_on_an_opponents_species() -> None:
    state = _turn(player("Ann", "elk", hand=["disease"]))
    disease = card(state, 0, "disease")
    state, _ = play(state, PlayEvolution(0, disease, BISON))
    assert state.players[1].species.evolutions == (disease,)


def test_more_cards_cost_food_equal_to_your_own_energy() -> None:
    price = energy("elk")
    state = _turn(player("Ann", "elk", food=price + 1, hand=["claws", "horns", "disease"]))
    state, _ = play(state, PlayEvolution(0, card(state, 0, "claws"), ELK))
    assert state.turn == 0 and not state.free_card
    horns = card(state, 0, "horns")
    state, events = play(state, PlayEvolution(0, horns, ELK))
    assert of(events, EvolutionPlayed)[0].cost == price
    assert state.players[0].food == 1
    # With 1 food left Ann cannot pay for another: her turn ends without asking her.
    assert state.turn == 1


def test_a_paid_card_without_the_food_is_refused() -> None:
    state = _turn(player("Ann", "elk", food=energy("elk") - 1, hand=["claws", "horns", "disease"]))
    state, _ = play(state, PlayEvolution(0, card(state, 0, "claws"), ELK))
    # Ann could not pay, so her turn went on to Bob; asking her again is refused.
    assert refusal(state, PlayEvolution(0, card(state, 0, "horns"), ELK)).code == "not_your_decision"
    state = _turn(player("Ann", "elk", food=energy("elk") - 1, hand=["claws", "horns"]), free_card=False)
    assert refusal(state, PlayEvolution(0, card(state, 0, "horns"), ELK)).code == "not_enough_food"


def test_one_card_of_each_kind_per_species_innate_kinds_included() -> None:
    state = _turn(player("Ann", "wolf_pack", hand=["ambush", "claws"], evolutions=["claws"]))
    wolf = species_id("wolf_pack")
    assert refusal(state, PlayEvolution(0, card(state, 0, "ambush"), wolf)).code == "kind_already_there"
    assert refusal(state, PlayEvolution(0, card(state, 0, "claws"), wolf)).code == "kind_already_there"
    assert PlayEvolution(0, card(state, 0, "claws"), BISON) in RULES.legal_actions(state, 0)


def test_two_cards_may_be_exchanged_for_one_once_a_period_before_playing() -> None:
    state = _turn(player("Ann", "elk", hand=["claws", "horns", "disease"]), evolution_deck=["venom"])
    pair = tuple(sorted((card(state, 0, "claws"), card(state, 0, "horns"))))
    state, events = play(state, ExchangeCards(0, (pair[0], pair[1])))
    assert of(events, CardsExchanged) == [CardsExchanged(0)]
    (private,) = of(events, CardsExchangedPrivately)
    assert private.given == pair and [kind_of(c).value for c in private.received] == ["venom"]
    assert sorted(kind_of(c).value for c in state.players[0].hand) == ["disease", "venom"]
    assert set(pair) <= set(state.evolution_discard)
    again = tuple(sorted(state.players[0].hand))
    assert refusal(state, ExchangeCards(0, (again[0], again[1]))).code == "already_exchanged"


def test_no_exchange_after_playing_a_card() -> None:
    state = _turn(player("Ann", "elk", food=2 * energy("elk"), hand=["claws", "horns", "disease"]))
    state, _ = play(state, PlayEvolution(0, card(state, 0, "claws"), ELK))
    pair = tuple(sorted(state.players[0].hand))
    assert refusal(state, ExchangeCards(0, (pair[0], pair[1]))).code == "exchange_after_play"


def test_turns_go_to_the_right_and_then_everyone_above_five_cards_discards_at_once() -> None:
    six = ["claws", "horns", "disease", "venom", "fangs", "ambush"]
    state = scenario(
        players=[player("Ann", "elk", hand=six), player("Bob", "bison_herd", hand=six), player("Cy", "viper")],
        phase="evolution",
        turn=0,
        starting_player=0,
        free_card=True,
    )
    state, _ = play(state, Pass(0))
    assert state.turn == 1  # to Ann's right is Cy, who holds no card: the round goes on to Bob at once
    state = scenario(
        players=[player("Ann", "elk", hand=six), player("Bob", "bison_herd", hand=six), player("Cy", "viper")],
        phase="evolution",
        turn=1,
        starting_player=0,
        free_card=True,
    )
    state, _ = play(state, Pass(1))
    assert state.phase is Phase.DISCARD
    assert {d.seat for d in RULES.duties(state)} == {0, 1}
    ann = tuple(sorted(state.players[0].hand))[:1]
    assert refusal(state, DiscardCards(0, tuple(sorted(state.players[0].hand))[:2])).code == "discard_to_five"
    state, events = play(state, DiscardCards(0, ann))
    assert of(events, CardsDiscarded) == [CardsDiscarded(0, 1)]
    assert of(events, CardsDiscardedPrivately) == [CardsDiscardedPrivately(0, ann)]
    assert len(state.players[0].hand) == 5 and state.phase is Phase.DISCARD
    state, _ = play(state, RULES.timeout_action(state, 1))
    assert len(state.players[1].hand) == 5
    assert state.phase is Phase.HUNTING and state.turn == 0
