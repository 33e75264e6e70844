"""The baseline's blunders that the search exposed (issue 29; docs/benchmarks.md, "The original game's baseline
fixed"), each in a position where the baseline before the fix played it: keeping its cards rather than putting an
animal in reach of a rival's carnivore, leaving a carnivore card unplayed while the rival's animals have no defence,
and counting on a hunt to feed a carnivore whatever it lacks."""

from __future__ import annotations

from typing import Any

from computer_players.origin.estimate import Outlook
from rules_core.origin.actions import PlayAnimal, PlayTrait
from rules_core.origin.cards import Trait
from rules_core.origin.state import GameState
from tests.computer_players.helpers import computer
from tests.origin.scenario import RULES, animal, player, scenario


def choice(state: GameState, seat: int = 0) -> Any:
    action = computer(state, seat, RULES)
    assert action in RULES.legal_actions(state, seat)
    return action


def develop(*players: dict[str, Any], **fields: Any) -> GameState:
    return scenario(phase="development", players=list(players), turn=3, **fields)


def test_plays_an_animal_rather_than_keep_its_cards_while_a_rivals_carnivore_is_about():
    # With no animal, a player is dealt one card a turn: kept cards score nothing, and the carnivore stays.
    state = develop(
        player("Ann", hand=["swimming", "running", "mimicry"]),
        player("Bob", animal(10, "carnivore"), animal(11), hand=["swimming"]),
    )
    assert isinstance(choice(state), PlayAnimal)


def test_makes_a_carnivore_while_the_rivals_animals_have_no_defence():
    state = develop(
        player("Ann", animal(0), animal(1), hand=["cooperation/carnivore"]),
        player("Bob", animal(10), animal(11), animal(12), hand=["swimming"]),
    )
    action = choice(state)
    assert isinstance(action, PlayTrait) and action.trait is Trait.CARNIVORE


def test_a_meal_feeds_a_carnivore_only_as_far_as_its_two_tokens_go():
    # Both carnivores are hungry, with the same plain prey in reach and nothing from the food base (Bob's two animals
    # take it all); one lacks two tokens, the other five (Big and Parasite): a meal cannot feed that one.
    state = scenario(
        food_base=0,
        players=[
            player("Ann", animal(0, "carnivore"), animal(1, "carnivore", "big", "parasite")),
            player("Bob", animal(10), animal(11)),
        ],
    )
    ann = state.players[0]
    outlook = Outlook.of(state, 0)
    lean, greedy = (outlook.alive(ann, a) for a in ann.animals)
    assert lean > 0.5
    assert greedy < lean / 2
