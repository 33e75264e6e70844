"""The hunting round (seed 004, steps 5.g-i, rule 7.b-c)."""

from __future__ import annotations

from typing import Any

from rules_core.dice_combat.actions import Hunt, Pass, PlayEvolution, RollDice
from rules_core.dice_combat.events import (
    DiceRolled,
    EvolutionPlayed,
    HuntBegan,
    HuntResolved,
    PopulationLost,
    SpeciesWentExtinct,
)
from rules_core.dice_combat.state import PREY_CARD, ROLL_PREY, GameState, Phase
from tests.dice_combat.helpers import RULES, card, energy, of, play, player, refusal, scenario, species_id

ELK = species_id("elk")


def _hunting(*players: dict[str, Any], prey: str = "elk", dice: list[int] | None = None, **fields: Any) -> GameState:
    """Seat 0's hunting turn (seat 0 started the period); the species deck's top card is ``prey``."""
    data: dict[str, Any] = {"phase": "hunting", "turn": 0, "starting_player": 0, "species_deck": [prey], **fields}
    return scenario(players=list(players), dice=dice, **data)


def _ann(**kwargs: Any) -> dict[str, Any]:
    return player("Ann", "sabre_tooth", **kwargs)  # Strength 4 against the Elk's 3


def test_the_prey_is_the_top_species_card_and_cards_on_it_are_asked_for_in_play_order() -> None:
    state = _hunting(
        _ann(hand=["disease"]),
        player("Bob", "bison_herd", hand=["horns"]),
        player("Cy", "viper", hand=["claws"]),
        prey="elk",
    )
    state, events = play(state, Hunt(0))
    assert of(events, HuntBegan) == [HuntBegan(0, ELK, 1)]
    assert state.hunt is not None and state.hunt.prey.card == ELK
    # The hunter first, then to the right: Cy (seat 2), then Bob (seat 1).
    asked = []
    for _ in range(3):
        (decision,) = RULES.duties(state)
        assert decision.kind == PREY_CARD and decision.uses_secrets
        asked.append(decision.seat)
        state, _ = play(state, Pass(decision.seat))
    assert asked == [0, 2, 1]
    # Then the player to the hunter's left (seat 1) rolls the prey's dice.
    (decision,) = RULES.duties(state)
    assert (decision.seat, decision.kind) == (1, ROLL_PREY)


def test_a_player_with_no_card_for_the_prey_is_not_asked() -> None:
    state = _hunting(_ann(hand=["horns"]), player("Bob", "bison_herd"), prey="giant_sloth")  # the Sloth has Horns
    state, _ = play(state, Hunt(0))
    assert [(d.seat, d.kind) for d in RULES.duties(state)] == [(1, ROLL_PREY)]


def test_one_free_card_on_the_prey_then_paid_ones() -> None:
    price = energy("sabre_tooth")
    state = _hunting(_ann(food=price, hand=["disease", "lean_metabolism", "claws"]), player("Bob", "bison_herd"))
    state, _ = play(state, Hunt(0))
    disease = card(state, 0, "disease")
    state, events = play(state, PlayEvolution(0, disease, ELK))
    assert of(events, EvolutionPlayed)[0].cost == 0
    assert state.hunt is not None and state.hunt.prey.evolutions == (disease,)
    # Only on the prey: not on Bob's species, nor Ann's own.
    claws = card(state, 0, "claws")
    assert refusal(state, PlayEvolution(0, claws, species_id("bison_herd"))).code == "not_a_target_now"
    state, events = play(state, PlayEvolution(0, claws, ELK))
    assert of(events, EvolutionPlayed)[0].cost == price and state.players[0].food == 0
    # No food for a third card: the window closes by itself and Bob rolls.
    assert [(d.seat, d.kind) for d in RULES.duties(state)] == [(1, ROLL_PREY)]


def test_a_hunt_won_brings_the_preys_energy_in_food() -> None:
    # Sabre-tooth (4 dice) against Elk (3 dice): 6 5 3 2 against 5 5 2 is two won and one tied (the seed's example).
    state = _hunting(_ann(food=1), player("Bob", "bison_herd"), dice=[6, 5, 3, 2, 5, 5, 2])
    state, events = play(state, Hunt(0), RollDice(1))
    assert [(e.seat, e.role, e.dice) for e in of(events, DiceRolled)] == [
        (0, "hunter", (6, 5, 3, 2)),
        (1, "prey", (5, 5, 2)),
    ]
    gained = energy("elk")
    assert of(events, HuntResolved) == [HuntResolved(0, ELK, 2, 0, 1, "won", gained, 1 + gained)]
    assert state.players[0].food == 1 + gained and state.hunt is None
    assert state.species_discard[-1] == ELK
    # The board keeps the fight's dice until the next one: Ann's against Bob's roll for the prey, pair by pair.
    fight = RULES.public_view(state).last_fight
    assert fight is not None and (fight.kind, fight.first_seat, fight.second_seat) == ("hunt", 0, 1)
    assert (fight.first_roll, fight.second_roll) == ((6, 5, 3, 2), (5, 5, 2))
    assert fight.comparison.pairs == ((6, 5), (5, 5), (3, 2))
    assert RULES.load_state(RULES.dump_state(state)) == state


def test_a_hunt_tied_changes_nothing_and_a_hunt_lost_costs_one_population_point() -> None:
    state = _hunting(_ann(), player("Bob", "bison_herd"), dice=[6, 4, 2, 2, 5, 5, 2])
    state, events = play(state, Hunt(0), RollDice(1))
    assert of(events, HuntResolved)[0].result == "tied"
    assert state.players[0].population == 3 and state.players[0].food == 0
    state = _hunting(_ann(), player("Bob", "bison_herd"), dice=[1, 1, 1, 1, 2, 2, 2])
    state, events = play(state, Hunt(0), RollDice(1))
    assert of(events, HuntResolved)[0].result == "lost"
    assert of(events, PopulationLost) == [PopulationLost(0, 1, 2, "hunt")]


def test_up_to_two_hunts_then_the_next_player_hunts() -> None:
    state = _hunting(_ann(), player("Bob", "bison_herd"), dice=[3] * 14, species_deck=["elk", "viper"])
    state, _ = play(state, Hunt(0), RollDice(1))
    assert state.turn == 0 and state.players[0].hunts == 1
    state, _ = play(state, Hunt(0), RollDice(1))
    assert state.players[0].hunts == 2
    assert state.phase is Phase.HUNTING and state.turn == 1


def test_the_environment_applies_to_the_prey() -> None:
    # Fog: +1 Strength for the hunted species, so the Elk rolls four dice.
    state = _hunting(_ann(), player("Bob", "bison_herd"), dice=[3] * 8, environment="fog")
    state, events = play(state, Hunt(0), RollDice(1))
    assert [len(e.dice) for e in of(events, DiceRolled)] == [4, 4]


def test_a_hunter_that_loses_its_last_point_is_out_and_the_last_species_standing_wins() -> None:
    state = _hunting(_ann(pop=1), player("Bob", "bison_herd"), dice=[1, 1, 1, 1, 2, 2, 2])
    state, events = play(state, Hunt(0), RollDice(1))
    assert of(events, SpeciesWentExtinct) == [SpeciesWentExtinct(0, species_id("sabre_tooth"), "hunt")]
    assert state.phase is Phase.GAME_OVER
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert [(s.seat, s.rank) for s in outcome.standings] == [(1, 1), (0, 2)]


def test_a_hunter_that_goes_extinct_in_its_own_turn_hands_the_turn_on() -> None:
    state = _hunting(_ann(pop=1), player("Bob", "bison_herd"), player("Cy", "viper"), dice=[1, 1, 1, 1, 2, 2, 2])
    state, _ = play(state, Hunt(0), RollDice(1))
    assert state.players[0].extinct and state.phase is Phase.HUNTING
    assert state.turn == 2  # to Ann's right
    assert [d.seat for d in RULES.duties(state)] == [2]


def test_one_free_card_a_player_in_the_whole_hunting_round_not_one_a_hunt() -> None:
    # Rule 7.b: "Durante la ronda de Caza, cada Jugador puede poner en juego desde su mano un máximo de una carta de
    # Evolución" (docs/rulings.md, "Where and at what price").
    state = _hunting(
        _ann(hand=["disease", "claws"]),
        player("Bob", "bison_herd", hand=["horns", "lean_metabolism"]),
        dice=[3] * 14,
        species_deck=["elk", "viper"],
    )
    state, _ = play(state, Hunt(0))
    state, events = play(state, PlayEvolution(0, card(state, 0, "disease"), ELK))
    assert of(events, EvolutionPlayed)[0].cost == 0
    state, events = play(state, PlayEvolution(1, card(state, 1, "horns"), ELK), RollDice(1))
    assert of(events, EvolutionPlayed)[0].cost == 0 and state.hunt is None
    # The second hunt: both have spent their free card and have no food, so nobody is asked for a card.
    state, _ = play(state, Hunt(0))
    assert state.hunt is not None and [(d.seat, d.kind) for d in RULES.duties(state)] == [(1, ROLL_PREY)]


def test_after_its_free_card_a_player_may_still_pay_for_a_card_on_the_next_prey() -> None:
    price = energy("bison_herd")
    state = _hunting(
        _ann(),
        player("Bob", "bison_herd", food=price, hand=["horns", "lean_metabolism"]),
        dice=[3] * 14,
        species_deck=["elk", "viper"],
    )
    state, _ = play(state, Hunt(0), PlayEvolution(1, card(state, 1, "horns"), ELK), Pass(1), RollDice(1))
    state, _ = play(state, Hunt(0))
    assert [(d.seat, d.kind) for d in RULES.duties(state)] == [(1, PREY_CARD)]
    assert not RULES.public_view(state).free_card
    state, events = play(state, PlayEvolution(1, card(state, 1, "lean_metabolism"), species_id("viper")))
    assert of(events, EvolutionPlayed)[0].cost == price and state.players[1].food == 0
