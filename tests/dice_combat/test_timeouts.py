"""A timeout move for every decision of the dice-combat game (rules_core/dice_combat/timeouts.py): it is legal,
spends neither food nor cards, and risks nothing."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.dice_combat.actions import Attack, DiscardCards, Hunt, Pass, RollDice
from rules_core.dice_combat.game import TURN_KINDS
from rules_core.dice_combat.state import ATTACK_CARD, DEFENCE_CARD, DISCARD, PREY_CARD, ROLL_PREY, GameState
from rules_core.errors import NotYourDecision
from tests.dice_combat.helpers import RULES, energy, play, player, scenario, species_id

SIX = ["claws", "horns", "disease", "venom", "fangs", "ambush"]


def _players(**ann: Any) -> list[dict[str, Any]]:
    return [
        player("Ann", "sabre_tooth", hand=["claws", "disease"], **ann),
        player("Bob", "bison_herd", food=9, hand=["horns", "camouflage"]),
    ]


def _decision(state: GameState) -> tuple[int, str]:
    (decision,) = RULES.duties(state)
    return decision.seat, decision.kind


def _cases() -> dict[str, tuple[GameState, object]]:
    cases: dict[str, tuple[GameState, object]] = {}
    for phase, kind in TURN_KINDS.items():
        state = scenario(phase=phase.value, players=_players(food=9), free_card=True, species_deck=["elk"])
        cases[kind] = (state, Pass(0))
    hunt = scenario(phase="hunting", players=_players(), species_deck=["elk"])
    hunt, _ = play(hunt, Hunt(0))
    cases[PREY_CARD] = (hunt, Pass(0))
    rolled, _ = play(hunt, Pass(0), Pass(1))
    cases[ROLL_PREY] = (rolled, RollDice(1))
    attack = scenario(phase="extinction", players=_players(food=2 * energy("sabre_tooth")))
    attack, _ = play(attack, Attack(0, species_id("bison_herd")))
    cases[ATTACK_CARD] = (attack, Pass(0))
    defence, _ = play(attack, Pass(0))
    cases[DEFENCE_CARD] = (defence, Pass(1))
    discard = scenario(
        phase="discard", turn=None, players=[player("Ann", "sabre_tooth", hand=SIX), player("Bob", "bison_herd")]
    )
    newest = tuple(sorted(discard.players[0].hand[5:]))
    cases[DISCARD] = (discard, DiscardCards(0, newest))
    return cases


CASES = _cases()


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_decision_has_a_timeout_move_that_spends_nothing(kind: str) -> None:
    state, expected = CASES[kind]
    seat, owed = _decision(state)
    assert owed == kind
    action = RULES.timeout_action(state, seat)
    assert action == expected
    assert action in RULES.legal_actions(state, seat)
    after, _ = RULES.apply(state, action)
    assert after.players[seat].food == state.players[seat].food
    assert after.players[seat].population >= state.players[seat].population or kind == ROLL_PREY


def test_every_decision_kind_is_covered() -> None:
    assert set(CASES) == {*TURN_KINDS.values(), PREY_CARD, ROLL_PREY, ATTACK_CARD, DEFENCE_CARD, DISCARD}


def test_a_seat_that_owes_nothing_has_no_timeout() -> None:
    state, _ = CASES["evolve"]
    with pytest.raises(NotYourDecision):
        RULES.timeout_action(state, 1)
