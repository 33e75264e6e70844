"""Trying actions on a whole state and keeping the best."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from computer_players.origin.estimate import value
from rules_core.origin import Origin
from rules_core.origin.actions import Action
from rules_core.origin.state import GameState, Phase

RULES = Origin()
#: How many questions to other seats (an attack's defence, paired traits) a trial answers before it is valued.
SETTLE = 12


def after(state: GameState, action: Action) -> GameState:
    """``action`` applied, and the questions it raises answered as the rules' timeouts would (a defender's answer
    that loses least), so that an attack is valued by what it is likely to do."""
    state, _ = RULES.apply(state, action)
    for _ in range(SETTLE):
        if not state.interrupts:
            break
        seat = state.interrupts.frames[-1].seat
        state, _ = RULES.apply(state, RULES.timeout_action(state, seat))
    return state


def outcome_value(state: GameState, seat: int, action: Action) -> float:
    """What the seat makes of the state after ``action``; once the turn is over, every animal left has lived."""
    later = after(state, action)
    return value(later, seat, survived=later.turn > state.turn or later.phase is Phase.GAME_OVER)


def scored(
    state: GameState,
    seat: int,
    legal: Iterable[Action],
    *,
    group: Callable[[Action], Hashable | None] = lambda _: None,
    idle: Callable[[Action], bool] = lambda _: False,
) -> list[tuple[float, Action]]:
    """Each action with the value of its outcome to the seat, in the order given. Actions of one ``group`` (the same
    kind of card on the same animal) are tried once; an ``idle`` action (passing, ending the turn) is worth the
    state as it stands."""
    out: list[tuple[float, Action]] = []
    tried: dict[Hashable, float] = {}
    for action in legal:
        kind = group(action)
        if kind is not None and kind in tried:
            score = tried[kind]
        else:
            score = value(state, seat) if idle(action) else outcome_value(state, seat, action)
            if kind is not None:
                tried[kind] = score
        out.append((score, action))
    return out


def best(scores: Iterable[tuple[float, Action]]) -> Action:
    """The action of the highest value; the earliest among equals."""
    chosen: tuple[float, Action] | None = None
    for score, action in scores:
        if chosen is None or score > chosen[0] + 1e-9:
            chosen = (score, action)
    if chosen is None:
        raise ValueError("nothing to choose from")
    return chosen[1]
