"""The extinction round (seed 004, steps 5.j-r)."""

from __future__ import annotations

from typing import Any

from rules_core.dice_combat.actions import Attack, Pass, PlayEvolution
from rules_core.dice_combat.events import (
    AttackDeclared,
    AttackResolved,
    DiceRolled,
    EvolutionPlayed,
    GameEnded,
    PopulationLost,
    SpeciesWentExtinct,
)
from rules_core.dice_combat.state import ATTACK_CARD, DEFENCE_CARD, GameState, Phase
from tests.dice_combat.helpers import RULES, card, energy, of, play, player, refusal, scenario, species_id, strength

SABRE, BISON = species_id("sabre_tooth"), species_id("bison_herd")
#: Ann's Sabre-tooth Cat pays this for an attack or a card; Bob's Bison Herd (Horns: +2 defending) pays BOB.
ANN, BOB = energy("sabre_tooth"), energy("bison_herd")


def _turn(*players: dict[str, Any], dice: list[int] | None = None, **fields: Any) -> GameState:
    """Seat 0's extinction turn; seat 0 started the period."""
    data: dict[str, Any] = {"phase": "extinction", "turn": 0, "starting_player": 0, **fields}
    return scenario(players=list(players), dice=dice, **data)


def _ann(**kwargs: Any) -> dict[str, Any]:
    return player("Ann", "sabre_tooth", **kwargs)


def _bob(**kwargs: Any) -> dict[str, Any]:
    return player("Bob", "bison_herd", **kwargs)


def test_an_attack_costs_food_equal_to_the_attackers_energy() -> None:
    state = _turn(_ann(food=ANN + 2), _bob(food=BOB), dice=[1] * 12)
    state, events = play(state, Attack(0, BISON))
    assert of(events, AttackDeclared) == [AttackDeclared(0, 1, BISON, ANN)]
    assert state.players[0].food == 2
    assert state.players[0].active and state.players[1].active


def test_without_the_food_there_is_no_attack_and_no_turn() -> None:
    state = _turn(_ann(food=ANN - 1), _bob())
    assert refusal(state, Attack(0, BISON)).code == "not_enough_food"
    assert RULES.legal_actions(state, 0) == (Pass(0),)
    # Rounds go to the right: after Ann comes Cy, who has no food for an attack and is not asked; then Bob.
    state = _turn(_ann(food=9), _bob(food=9), player("Cy", "viper", food=energy("viper") - 1))
    state, _ = play(state, Pass(0))
    assert state.turn == 1


def test_the_defender_loses_the_comparisons_won_minus_those_lost_and_tied() -> None:
    # The seed's example: 6 4 4 3 2 against 5 5 4 2 1 costs the defender one point. Both roll five dice: Ann with her
    # Strength and Claws, Bob with his Strength and Horns (+2 defending), each topped up with Claws as needed.
    ann_cards = ["claws"] * (5 - strength("sabre_tooth"))
    bob_cards = ["claws"] * (5 - strength("bison_herd") - 2)
    state = _turn(_ann(food=ANN, evolutions=ann_cards), _bob(evolutions=bob_cards), dice=[6, 4, 4, 3, 2, 5, 5, 4, 2, 1])
    state, events = play(state, Attack(0, BISON))
    assert [(e.role, e.dice) for e in of(events, DiceRolled)] == [
        ("attacker", (6, 4, 4, 3, 2)),
        ("defender", (5, 5, 4, 2, 1)),
    ]
    assert of(events, AttackResolved) == [AttackResolved(0, 1, 3, 1, 1, 1)]
    assert of(events, PopulationLost) == [PopulationLost(1, 1, 2, "attack")]
    fight = RULES.public_view(state).last_fight
    assert fight is not None and (fight.kind, fight.first_seat, fight.second_seat) == ("attack", 0, 1)
    assert (fight.first_roll, fight.second_roll) == ((6, 4, 4, 3, 2), (5, 5, 4, 2, 1))
    assert (fight.comparison.won, fight.comparison.lost, fight.comparison.tied) == (3, 1, 1)


def test_an_attack_lost_or_tied_does_nothing_but_its_food_is_spent() -> None:
    state = _turn(_ann(food=ANN), _bob(food=BOB), dice=[6] * 12)
    state, events = play(state, Attack(0, BISON))
    assert of(events, AttackResolved)[0].damage == 0  # every pair tied
    assert not of(events, PopulationLost)
    assert state.players[0].food == 0 and state.players[1].population == 3


def test_attacks_go_on_while_the_food_lasts_then_the_next_player_attacks() -> None:
    state = _turn(_ann(food=2 * ANN), _bob(food=BOB), dice=[1] * 24)
    state, _ = play(state, Attack(0, BISON))
    assert state.turn == 0
    state, _ = play(state, Attack(0, BISON))
    assert state.turn == 1 and state.players[0].food == 0  # nothing left to pay with: Bob's turn
    state, _ = play(state, Pass(1))
    assert state.phase is Phase.EVOLUTION and state.period == 3


def test_attacker_then_defender_may_play_paid_cards_on_either_species() -> None:
    state = _turn(_ann(food=2 * ANN, hand=["claws"]), _bob(food=BOB, hand=["disease"]), dice=[1] * 12)
    state, _ = play(state, Attack(0, BISON))
    assert [(d.seat, d.kind) for d in RULES.duties(state)] == [(0, ATTACK_CARD)]
    claws = card(state, 0, "claws")
    state, events = play(state, PlayEvolution(0, claws, SABRE))
    assert of(events, EvolutionPlayed) == [EvolutionPlayed(0, claws, SABRE, ANN)]
    # Ann cannot pay again: the defender is asked next.
    assert [(d.seat, d.kind) for d in RULES.duties(state)] == [(1, DEFENCE_CARD)]
    disease = card(state, 1, "disease")
    state, events = play(state, PlayEvolution(1, disease, SABRE))
    assert of(events, EvolutionPlayed) == [EvolutionPlayed(1, disease, SABRE, BOB)]
    # Both dice counts reflect the cards: Ann's Strength + 1 - 1, Bob's + 2 (Horns).
    rolled = [len(e.dice) for e in of(events, DiceRolled)]
    assert rolled == [strength("sabre_tooth"), strength("bison_herd") + 2]


def test_no_free_card_in_the_extinction_round() -> None:
    state = _turn(_ann(food=ANN, hand=["claws"]), _bob(hand=["disease"]), dice=[1] * 12)
    state, events = play(state, Attack(0, BISON))
    # Ann spent her food on the attack and Bob has none: neither may pay for a card, so neither is asked, the dice
    # are rolled at once, and with nobody able to attack the period is over.
    assert of(events, AttackResolved) and not of(events, EvolutionPlayed)
    assert state.phase is Phase.EVOLUTION


def test_the_last_species_standing_wins() -> None:
    state = _turn(_ann(food=ANN), _bob(pop=1), dice=[6] * strength("sabre_tooth") + [1] * 8)
    state, events = play(state, Attack(0, BISON))
    assert of(events, SpeciesWentExtinct) == [SpeciesWentExtinct(1, BISON, "attack")]
    assert of(events, GameEnded) == [GameEnded(0)]
    assert state.phase is Phase.GAME_OVER and RULES.decisions(state) == ()
    assert state.players[1].hand == () and state.players[1].extinct


def test_an_extinct_player_is_out_and_the_game_goes_on_without_them() -> None:
    state = _turn(
        _ann(food=ANN), _bob(pop=1, hand=["claws"]), player("Cy", "viper"), dice=[6] * strength("sabre_tooth") + [1] * 8
    )
    state, _ = play(state, Attack(0, BISON))
    assert state.players[1].extinct and state.eliminated == (1,)
    assert state.phase is not Phase.GAME_OVER
    assert Attack(0, BISON) not in RULES.legal_actions(state, 0)
    assert state.play_order(0) == [0, 2]
