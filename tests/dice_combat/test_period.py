"""A period's beginning and end (seed 004, steps 5.a-b, 5.r-s) and the final age (docs/rulings.md)."""

from __future__ import annotations

from typing import Any

from rules_core.dice_combat.actions import Pass
from rules_core.dice_combat.cards import ENVIRONMENTS
from rules_core.dice_combat.events import (
    EnvironmentRevealed,
    FinalAgePeriod,
    GameEnded,
    PeriodStarted,
    PopulationLost,
    PopulationRecovered,
)
from rules_core.dice_combat.state import GameState, Phase
from tests.dice_combat.helpers import of, play, player, scenario


def _last_turn(starting: int = 1, **fields: Any) -> GameState:
    """The extinction turn of the last player of a period started by ``starting`` (three players)."""
    return scenario(
        phase="extinction",
        starting_player=starting,
        turn=(starting + 1) % 3,  # rounds go to the right: 1, 0, 2 when 1 starts
        players=[player("Ann", "elk", food=9), player("Bob", "bison_herd", food=9), player("Cy", "viper", food=9)],
        **fields,
    )


def test_the_next_period_starts_with_the_player_to_the_right_of_the_last_starter() -> None:
    state = _last_turn(starting=1)
    assert state.play_order(1) == [1, 0, 2]
    state, events = play(state, Pass(2))
    assert of(events, PeriodStarted) == [PeriodStarted(3, 0)]
    assert state.starting_player == 0 and state.phase is Phase.EVOLUTION and state.turn == 0


def test_an_extinct_player_is_passed_over_as_starting_player() -> None:
    state = scenario(
        phase="extinction",
        starting_player=1,
        turn=2,
        players=[
            player("Ann", "elk", pop=0, extinct=True),
            player("Bob", "bison_herd", food=9),
            player("Cy", "viper", food=9),
        ],
        eliminated=[0],
    )
    state, events = play(state, Pass(2))
    assert of(events, PeriodStarted) == [PeriodStarted(3, 2)]


def test_each_period_puts_the_next_environment_in_force_and_discards_the_last() -> None:
    state = _last_turn(environment="fog", environment_deck=["storm", "drought"])
    fog = state.environment
    state, events = play(state, Pass(2))
    assert of(events, EnvironmentRevealed) == [EnvironmentRevealed(state.environment or 0)]
    assert state.environment is not None and ENVIRONMENTS[state.environment].name == "storm"
    assert state.environment_discard[-1] == fog
    assert [ENVIRONMENTS[c].name for c in state.environment_deck] == ["drought"]


def test_when_the_environment_deck_runs_out_the_final_age_begins() -> None:
    state = _last_turn(environment_deck=[])
    state, events = play(state, Pass(2))
    assert state.environment is None and state.final_age == 1
    assert of(events, FinalAgePeriod) == [FinalAgePeriod(1, 1)]
    assert not of(events, PopulationRecovered)
    assert [(e.seat, e.amount, e.cause) for e in of(events, PopulationLost)] == [
        (0, 1, "final_age"),
        (2, 1, "final_age"),
        (1, 1, "final_age"),
    ]


def test_the_final_age_takes_one_point_more_each_period_one_point_at_a_time_around_the_table() -> None:
    # Third period of the final age: three points each, one at a time from the new starting player (Ann, then Cy,
    # then Bob). Cy's 2 run out first, on the second turn round; Ann (3) runs out on the third before Bob (4).
    state = scenario(
        phase="extinction",
        starting_player=1,
        turn=2,
        environment=None,
        environment_deck=[],
        final_age=2,
        players=[player("Ann", "elk", pop=3), player("Bob", "bison_herd", pop=4), player("Cy", "viper", pop=2)],
    )
    state, events = play(state, Pass(2))
    assert state.phase is Phase.GAME_OVER
    assert state.eliminated == (2, 0)
    assert of(events, GameEnded) == [GameEnded(1)]
    assert state.players[1].population == 2
