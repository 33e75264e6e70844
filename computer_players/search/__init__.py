"""Information-set Monte Carlo tree search: a computer player for every rule system, from its seat's view only.

``search(ruleset, view, legal, budget=..., seed=...)`` returns one of ``legal``. It is generic over
:class:`rules_core.engine.Ruleset`: it deals states from the view (``determinize``: others' hands, the deck's order,
face-down cards, future chance), plays them with ``duties``/``legal_actions``/``apply`` and scores them with
``outcome``. ``choose(...)`` is the same with plain arguments (the ruleset's name, a level's name), a top-level
function that a process pool can run. Pure like the rest of the package: randomness comes from ``seed``, time from
a clock the caller hands in.

The variant, and why:

* **Single-observer ISMCTS with a new deal every iteration** (Cowling, Powley and Whitehouse, 2012). One tree over
  the searching seat's information: its nodes never depend on a hidden card except through the other seats'
  actions, so the choice cannot use what the seat may not see, and each iteration averages over what it might be.
  Selection is UCB1 with availability counts (an action of another seat exists only in the deals where it is
  legal). Several seats may owe a decision at once (the secret food-card pick): the searching seat decides first in
  its own simulations, the others in seat order; an opportunity is never waited for (``duties``).
* **The root compares a few candidates on the same deals.** The rule system's ranking of the legal moves
  (``computer_players.registry.RANKINGS``, the baseline's own judgement; without one, the baseline's move and then
  the others at random) names the first few (a budget's ``candidates``); each round of the search deals one state and
  plays every candidate on it with the same random numbers, so two candidates are compared on equal luck
  (common random numbers: the deal is the largest source of noise, and this removes most of it).
* **The baseline's move unless another is proven better**: a candidate replaces it only when its mean gain, deal
  by deal, exceeds :data:`tree.CONFIDENCE` standard errors. With a few dozen deals a move, the search used to
  depart from the baseline on noise about a quarter of the time; the baseline is the better bet there.
* **Progressive widening below the root** (a node tries a new action only every so many visits, growing with the
  square root): card play offers dozens of actions.
* **Playouts with a fast policy** (``registry.PLAYOUTS``; uniformly random for a rule system without one), because
  the baseline is too slow to play thousands of moves a second: to the end of the game, which every rule system
  can score, or until the playout's estimate stops them (North Star: two rounds on, counted as the final scoring
  would count then, plus a part for cards in hand and body size; the original game: when the next turn begins,
  valued by the baseline's judgement of each seat's animals and hand; the dice game: two periods on, valued by
  each seat's population and the population its food would buy). **The value** of a finished game for each seat
  is half a share of first place and half the score margin to the best other player (``tree.rewards``): winning
  is what counts, the margin separates results that the few simulations cannot tell apart by wins alone.
* **Budgets** in iterations and/or seconds (``levels.LEVELS`` names the difficulty levels). A rule system offers
  every level unless it registers fewer (``registry.OFFERED_LEVELS``): :func:`offered_levels` names them, and
  :func:`offered_level` the one a computer plays at when asked for a level its rule system does not offer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from computer_players.registry import OFFERED_LEVELS, PLAYOUTS, POLICIES, RANKINGS, choose_action
from computer_players.search.levels import DEFAULT_LEVEL, LEVELS, Budget, find_budget
from computer_players.search.tree import UNIFORM, Clock, Search
from rules_core.engine import AnyRuleset, SeatView
from rules_core.registry import find_ruleset


def search(
    ruleset: AnyRuleset,
    view: SeatView,
    legal: Sequence[Any],
    *,
    budget: Budget | str,
    seed: int,
    clock: Clock | None = None,
) -> Any:
    """The search's move for ``view.seat``: one of ``legal``. The same arguments give the same move (with a budget
    in iterations; a time budget depends on the clock)."""
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    playout = PLAYOUTS.get(ruleset.name, UNIFORM)
    tree = Search(
        ruleset,
        view,
        legal,
        seed=seed,
        playout=playout,
        baseline=POLICIES.get(ruleset.name),
        ranking=RANKINGS.get(ruleset.name),
    )
    return tree.run(find_budget(budget), clock)


def choose(
    ruleset_name: str,
    view: SeatView,
    legal: Sequence[Any],
    budget: Budget | str,
    seed: int,
    clock: Clock | None = None,
) -> Any:
    """:func:`search` with plain, picklable arguments, for a process pool: the rule system by name, the budget as a
    level's name (``"hard"``) or a :class:`Budget`, and a clock such as ``time.perf_counter`` for a time budget."""
    return search(find_ruleset(ruleset_name), view, legal, budget=budget, seed=seed, clock=clock)


def offered_levels(ruleset_name: str) -> tuple[str, ...]:
    """The difficulty levels a rule system offers, easiest first: every level unless it registers fewer
    (``registry.OFFERED_LEVELS``: a level it cannot honour is not offered)."""
    offered = OFFERED_LEVELS.get(ruleset_name)
    return tuple(level for level in LEVELS if offered is None or level in offered)


def offered_level(ruleset_name: str, level: str) -> str:
    """The level a computer plays this rule system at when asked for ``level``: ``level`` itself where offered,
    else the strongest offered level below it (a seat from before the rule system stopped offering it, or a host's
    default level). ``KeyError`` names an unknown level."""
    if level not in LEVELS:
        raise KeyError(f"no difficulty level {level!r}: {', '.join(LEVELS)}")
    order = list(LEVELS)
    offered = offered_levels(ruleset_name)
    below = [name for name in offered if order.index(name) <= order.index(level)]
    return below[-1] if below else offered[0]


def searches(ruleset_name: str, level: str) -> bool:
    """Whether a computer asked to play at ``level`` searches in this rule system (else it answers at once, with
    the baseline): it plays at :func:`offered_level`.

    The search plays where its rule system has fast playouts (``registry.PLAYOUTS``; every rule system has them),
    where its strength was measured (docs/benchmarks.md). Elsewhere every level would play the baseline: a search
    on random playouts of a long game would spend its budget and could play worse than its prior. ``KeyError``
    names an unknown level."""
    return LEVELS[offered_level(ruleset_name, level)] is not None and ruleset_name in PLAYOUTS


def play_at_level(
    ruleset_name: str, view: SeatView, legal: Sequence[Any], level: str, seed: int, clock: Clock | None = None
) -> Any:
    """A computer seat's move at a difficulty level (at :func:`offered_level`, where its rule system does not offer
    ``level``), with plain picklable arguments (a process pool runs it)."""
    ruleset = find_ruleset(ruleset_name)
    if not searches(ruleset.name, level):
        return choose_action(ruleset, view, legal)
    return search(ruleset, view, legal, budget=offered_level(ruleset.name, level), seed=seed, clock=clock)


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Budget",
    "Clock",
    "choose",
    "find_budget",
    "offered_level",
    "offered_levels",
    "play_at_level",
    "search",
    "searches",
]
