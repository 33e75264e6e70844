"""The dice-combat computer player (computer_players/dice_combat): always legal, deterministic, blind to what its
seat cannot see, and sensible: it hunts when the odds are good, attacks the weakest rival when its food allows, and
buys population when that pays."""

from __future__ import annotations

import random
from typing import Any

import pytest

from computer_players import choose_action
from rules_core.dice_combat.actions import Action, Attack, BuyPopulation, Hunt, Pass, PlayEvolution
from rules_core.dice_combat.cards import kind_of
from rules_core.dice_combat.state import GameState, Phase
from tests.dice_combat.helpers import RULES, energy, player, scenario, species_id
from tests.dice_combat.test_properties import reshuffle_hidden


def computer(state: GameState, seat: int) -> Action:
    action: Action = choose_action(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat))
    return action


def play(players: int, seed: int, *, random_seats: frozenset[int] = frozenset()) -> list[tuple[GameState, int, Action]]:
    """A whole game: the computer plays every seat but ``random_seats`` (uniformly random legal moves)."""
    chooser = random.Random(seed)
    state, _ = RULES.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=seed)
    moves = []
    while state.phase is not Phase.GAME_OVER:
        seat = RULES.duties(state)[0].seat
        legal = RULES.legal_actions(state, seat)
        action = chooser.choice(legal) if seat in random_seats else computer(state, seat)
        assert action in legal
        moves.append((state, seat, action))
        state, _ = RULES.apply(state, action)
        assert len(moves) < 5000
    return moves


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_computers_play_legal_moves_to_the_end(players: int) -> None:
    play(players, seed=players)


@pytest.mark.parametrize("players", [2, 4])
def test_legal_moves_beside_random_players(players: int) -> None:
    play(players, seed=40 + players, random_seats=frozenset({1}))


def test_the_same_view_gives_the_same_move_and_hidden_parts_do_not_change_it() -> None:
    rng = random.Random(5)
    for state, seat, action in play(4, seed=5)[::6]:
        assert computer(RULES.load_state(RULES.dump_state(state)), seat) == action
        shuffled = reshuffle_hidden(state, seat, rng)
        assert RULES.seat_view(shuffled, seat) == RULES.seat_view(state, seat)
        assert computer(shuffled, seat) == action


def test_the_registry_knows_the_dice_combat_game() -> None:
    state, _ = RULES.new_game(players=["A", "B"], options={}, seed=1)
    seat = RULES.duties(state)[0].seat
    assert choose_action(RULES, RULES.seat_view(state, seat), RULES.legal_actions(state, seat)) in (
        RULES.legal_actions(state, seat)
    )


def _hunting(ann: dict[str, Any], **fields: Any) -> GameState:
    return scenario(phase="hunting", players=[ann, player("Bob", "viper")], **fields)


def test_hunts_when_the_odds_are_good_and_not_when_they_are_bad() -> None:
    strong = _hunting(player("Ann", "sabre_tooth", evolutions=["claws", "fangs"]))
    assert computer(strong, 0) == Hunt(0)
    weak = _hunting(player("Ann", "chameleon", pop=1, evolutions=["disease"]), environment="heatwave")
    assert computer(weak, 0) == Pass(0)


def test_attacks_the_weakest_rival_when_its_food_allows() -> None:
    state = scenario(
        phase="extinction",
        players=[
            player("Ann", "sabre_tooth", food=energy("sabre_tooth"), evolutions=["claws", "fangs"]),
            player("Bob", "bison_herd", pop=4),
            player("Cy", "elk", pop=1),
        ],
    )
    assert computer(state, 0) == Attack(0, species_id("elk"))


def test_buys_population_with_food_it_cannot_use_for_a_good_attack() -> None:
    state = scenario(
        phase="extinction",
        players=[
            player("Ann", "chameleon", pop=1, food=energy("chameleon") + 1),
            player("Bob", "sabre_tooth", evolutions=["horns", "claws"]),
        ],
    )
    assert computer(state, 0) == BuyPopulation(0)


def test_an_evolution_turn_strengthens_its_own_species_or_weakens_a_rival() -> None:
    state = scenario(
        phase="evolution",
        free_card=True,
        players=[player("Ann", "elk", hand=["claws", "disease"]), player("Bob", "sabre_tooth")],
    )
    action = computer(state, 0)
    assert isinstance(action, PlayEvolution)
    kind = kind_of(action.card).value
    assert (kind, action.species) in {("claws", species_id("elk")), ("disease", species_id("sabre_tooth"))}
