"""Which computer player plays which rule system, by the ruleset's ``name``.

A new rule system's computer player is a package here plus one line in :data:`POLICIES`; tests may
``POLICIES.register`` one of their own for a while. :data:`PLAYOUTS` holds each rule system's fast move for the
search's simulations (``computer_players.search``); a rule system without one is played out at random.
:data:`RANKINGS` holds a computer player's order of the legal moves, best first, where it can give one: the search
compares the first few. :data:`OFFERED_LEVELS` holds the difficulty levels of a rule system that cannot honour every
one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from computer_players import dice_combat, north_star, origin
from computer_players.dice_combat import playout as dice_combat_playout
from computer_players.north_star import playout as north_star_playout
from computer_players.origin import playout as origin_playout
from rules_core.engine import AnyRuleset, SeatView
from rules_core.registries import Registry

#: A policy: ``(ruleset, seat_view, legal_actions) -> action``, the action being one of the legal actions. It sees
#: what its seat may see, and nothing more.
Policy = Callable[[Any, Any, Sequence[Any]], Any]

POLICIES: Registry[str, Policy] = Registry(
    {
        north_star.RULES.name: north_star.choose_action,
        origin.RULES.name: origin.choose_action,
        dice_combat.RULES.name: dice_combat.choose_action,
    }
)

#: A ranking: ``(ruleset, seat_view, legal_actions) -> the legal actions, best first``, the policy's move first.
Ranking = Callable[[Any, Any, Sequence[Any]], Sequence[Any]]

RANKINGS: Registry[str, Ranking] = Registry(
    {
        north_star.RULES.name: north_star.ranked,
        origin.RULES.name: origin.ranked,
        dice_combat.RULES.name: dice_combat.ranked,
    }
)

#: A fast move for simulations, on a whole state: ``(ruleset, state, seat, rng) -> action``, a legal action of a
#: seat that must decide, any chance drawn from ``rng`` (the search's own generator). It must be legal: the search
#: applies it unchecked (``Ruleset.apply_unchecked``).
PlayoutMove = Callable[[Any, Any, int, random.Random], Any]
#: Where a simulation may stop early: ``(start, state) -> each seat's estimated final score``, or None to play on.
Estimate = Callable[[Any, Any], Sequence[float] | None]
#: The most moves a search's simulations may make in a position, all together: ``(seat_view) -> a number``, or None
#: for no limit but the level's simulations. A rule system whose simulations grow long and slow in some games (many
#: players, a crowded table, expansions) caps them by what the position shows, so that a move stays within a second
#: of one core; the cap depends on the game, never on the machine.
MoveCap = Callable[[Any], int | None]


@dataclass(frozen=True, slots=True)
class Playout:
    """How the search plays a rule system forward: the move of every simulated player, where to stop, and how many
    moves a position's simulations may make."""

    move: PlayoutMove
    estimate: Estimate | None = None
    most_moves: MoveCap | None = None


PLAYOUTS: dict[str, Playout] = {
    north_star.RULES.name: Playout(north_star_playout.playout_move, north_star_playout.estimate),
    origin.RULES.name: Playout(
        origin_playout.playout_move, origin_playout.estimate, most_moves=origin_playout.most_moves
    ),
    dice_combat.RULES.name: Playout(dice_combat_playout.playout_move, dice_combat_playout.estimate),
}


#: The difficulty levels (``computer_players.search.LEVELS``) a rule system offers, where not every one: a level is
#: offered only where the strength benchmark shows it stronger than the one below it (issue 29). In the dice game
#: the search is not shown stronger than the baseline, whose moves a search of the budgets a move allows rarely
#: improves (docs/benchmarks.md, "The dice game's levels"): it offers ``easy`` alone.
OFFERED_LEVELS: dict[str, tuple[str, ...]] = {
    dice_combat.RULES.name: ("easy",),
}


class NoComputerPlayer(LookupError):
    """No computer player knows this rule system."""


def has_policy(ruleset: AnyRuleset) -> bool:
    return ruleset.name in POLICIES


def choose_action(ruleset: AnyRuleset, view: SeatView, legal: Sequence[Any]) -> Any:
    """The computer player's choice for ``view.seat``: always one of ``legal``.

    Raises :class:`NoComputerPlayer` for a rule system without a computer player, and ``ValueError`` when the seat
    has no decision to make.
    """
    policy = POLICIES.get(ruleset.name)
    if policy is None:
        raise NoComputerPlayer(f"no computer player plays {ruleset.name!r}")
    return policy(ruleset, view, legal)
