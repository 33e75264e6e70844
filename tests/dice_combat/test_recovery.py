"""Population recovered at the start of a period (seed 004, step 5.c and rule 6.a, 6.b, 6.d)."""

from __future__ import annotations

from typing import Any

from rules_core.dice_combat.actions import Pass
from rules_core.dice_combat.events import PopulationRecovered
from rules_core.dice_combat.state import GameState
from tests.dice_combat.helpers import energy, of, play, player, scenario


def _period_end(*players: dict[str, Any], next_environment: str = "mild_climate", **fields: Any) -> GameState:
    """Seat 0's extinction turn ends the period (two players, seat 1 started it)."""
    return scenario(
        phase="extinction",
        starting_player=1,
        turn=0,
        players=list(players),
        environment_deck=[next_environment],
        **fields,
    )


def _recovered(state: GameState) -> dict[int, tuple[int, bool]]:
    state, events = play(state, Pass(0))
    return {e.seat: (e.amount, e.quiet) for e in of(events, PopulationRecovered)}


def test_one_point_after_a_busy_period_two_after_a_quiet_one() -> None:
    # Ann hunted; Bob did nothing. Both species have Energy 4 or more, and population 1.
    assert energy("bison_herd") >= 3 and energy("sabre_tooth") >= 3
    state = _period_end(player("Ann", "sabre_tooth", pop=1, active=True), player("Bob", "bison_herd", pop=1))
    assert _recovered(state) == {1: (2, True), 0: (1, False)}


def test_never_above_energy() -> None:
    ann, bob = energy("sabre_tooth"), energy("bison_herd") - 1
    state = _period_end(player("Ann", "sabre_tooth", pop=ann), player("Bob", "bison_herd", pop=bob))
    got = _recovered(state)
    assert 0 not in got  # Ann is full
    assert got[1] == (1, True)  # a quiet period would give two, but Energy allows one


def test_no_extra_point_in_the_first_period() -> None:
    state = _period_end(player("Ann", "sabre_tooth", pop=1), player("Bob", "bison_herd", pop=1), period=0)
    assert _recovered(state) == {1: (1, False), 0: (1, False)}


def test_being_attacked_is_not_quiet() -> None:
    state = _period_end(player("Ann", "sabre_tooth", pop=1), player("Bob", "bison_herd", pop=1, active=True))
    assert _recovered(state) == {1: (1, False), 0: (2, True)}
