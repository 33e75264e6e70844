"""The search itself: single-observer information-set Monte Carlo tree search (see the package's docstring).

One tree for the searching seat (the observer). Each iteration deals a fresh state from the observer's view
(``ruleset.determinize``), walks down the tree on it choosing at each node the action of the seat that decides
there, adds one node, plays the game out with the ruleset's playout policy and backs the result up. A node's
statistics are kept per action; an action counts as *available* in every iteration where it was legal, and the
selection rule uses that count instead of the parent's visits (ISUCT), because an action of another seat exists
only in the deals where that seat holds the card.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from computer_players.registry import Playout, Policy
from computer_players.search.levels import Budget
from rules_core.engine import AnyRuleset, Outcome, SeatView

#: A clock in seconds (``time.perf_counter``), handed in by the caller: this package never reads one itself.
Clock = Callable[[], float]

#: UCB's exploration constant, for rewards between 0 and 1.
EXPLORATION = 0.6
#: Progressive bias toward the baseline's move at the root: this much reward on top, fading with its visits.
PRIOR_BIAS = 1.0
#: Progressive widening: a node tries a new action only while it has fewer than ``1 + WIDENING * sqrt(visits)``.
WIDENING = 1.0
#: The result's weight between winning (first place, shared among equals) and the score margin to the best rival.
WIN_WEIGHT = 0.5
#: A playout longer than this is a ruleset that never ends (a bug): it is refused rather than run forever.
MAX_PLAYOUT = 100_000


class _Edge:
    """An action at a node: how often it was chosen, the reward its chooser got, how often it was available."""

    __slots__ = ("action", "available", "child", "reward", "visits")

    def __init__(self, action: Any) -> None:
        self.action = action
        self.child: _Node | None = None
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class _Node:
    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[Any, _Edge] = {}
        self.visits = 0


def _uniform_move(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    legal = ruleset.legal_actions(state, seat)
    return legal[rng.randrange(len(legal))]


#: How a rule system without a playout of its own is played forward: uniformly random moves to the end.
UNIFORM = Playout(_uniform_move)


def rewards(scores: Sequence[float], winners: Sequence[int]) -> list[float]:
    """Each seat's reward in [0, 1]: a share of first place (``winners``), and the score margin to the best other
    player (scaled by the mean score, so it reads the same in every rule system)."""
    scale = max(1.0, sum(abs(v) for v in scores) / len(scores))
    values = []
    for seat, score in enumerate(scores):
        win = 1 / len(winners) if seat in winners else 0.0
        rival = max((v for other, v in enumerate(scores) if other != seat), default=score)
        margin = max(-1.0, min(1.0, (score - rival) / scale))
        values.append(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * (0.5 + 0.5 * margin))
    return values


def outcome_rewards(outcome: Outcome, players: int) -> list[float]:
    scores = [0.0] * players
    for standing in outcome.standings:
        scores[standing.seat] = float(standing.score)
    return rewards(scores, outcome.winners)


def estimate_rewards(scores: Sequence[float]) -> list[float]:
    best = max(scores)
    return rewards(scores, [seat for seat, score in enumerate(scores) if score == best])


class Search:
    """One search for ``view.seat`` among ``legal``; :meth:`run` spends the budget and returns the choice."""

    def __init__(
        self,
        ruleset: AnyRuleset,
        view: SeatView,
        legal: Sequence[Any],
        *,
        seed: int,
        playout: Playout = UNIFORM,
        baseline: Policy | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.view = view
        self.observer = view.seat
        self.legal = tuple(legal)
        self.players = len(view.table.players)
        self.rng = random.Random(seed)
        self.playout = playout
        self.baseline = baseline
        #: The baseline's move, asked for once the search starts (its time counts against the budget).
        self.prior: Any = None
        self.root = _Node()
        self.iterations = 0

    def run(self, budget: Budget, clock: Clock | None = None) -> Any:
        if budget.seconds is not None and clock is None:
            raise ValueError("a budget in seconds needs a clock")
        if len(self.legal) == 1:
            return self.legal[0]
        deadline = None if budget.seconds is None or clock is None else clock() + budget.seconds
        if self.baseline is not None:
            self.prior = self.baseline(self.ruleset, self.view, self.legal)
        while budget.iterations is None or self.iterations < budget.iterations:
            if deadline is not None and clock is not None and clock() >= deadline:
                break
            self.iterate()
        return self.choice()

    def choice(self) -> Any:
        """The root action chosen most often (the best-supported one); the baseline's move among equals, then the
        first in the order of the legal actions."""
        visits = {edge.action: edge.visits for edge in self.root.edges.values()}
        order = sorted(
            range(len(self.legal)),
            key=lambda i: (-visits.get(self.legal[i], 0), self.legal[i] != self.prior, i),
        )
        return self.legal[order[0]]

    def statistics(self) -> dict[Any, tuple[int, float]]:
        """Each root action tried: (visits, mean reward)."""
        return {e.action: (e.visits, e.reward / e.visits if e.visits else 0.0) for e in self.root.edges.values()}

    # One iteration.

    def iterate(self) -> None:
        state = start = self.ruleset.determinize(self.view, seed=self.rng.getrandbits(64))
        node = self.root
        path: list[tuple[_Edge, int]] = []
        while True:
            seat = self._mover(state)
            if seat is None:
                break
            legal = self.legal if node is self.root else self.ruleset.legal_actions(state, seat)
            edge, new = self._select(node, legal, root=node is self.root)
            path.append((edge, seat))
            node.visits += 1
            state, _ = self.ruleset.apply(state, edge.action)
            if new:
                break
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        reward = self._play_out(start, state)
        for edge, seat in path:
            edge.visits += 1
            edge.reward += reward[seat]
        self.iterations += 1

    def _mover(self, state: Any) -> int | None:
        """Who decides now in a simulation: the observer when it is among those the game waits for (so its own
        simultaneous choice comes before the others' hidden ones), else the first of them; None at the end."""
        duties = self.ruleset.duties(state)
        if not duties:
            return None
        for decision in duties:
            if decision.seat == self.observer:
                return self.observer
        seat: int = duties[0].seat
        return seat

    def _select(self, node: _Node, legal: Sequence[Any], *, root: bool) -> tuple[_Edge, bool]:
        """The edge to follow and whether it is new: an untried action while the node may widen (the baseline's
        move first at the root), else the best by ISUCT among the actions legal in this deal."""
        known: list[_Edge] = []
        untried: list[Any] = []
        for action in legal:
            edge = node.edges.get(action)
            if edge is None:
                untried.append(action)
            else:
                edge.available += 1
                known.append(edge)
        if untried and (not known or len(node.edges) < 1 + WIDENING * math.sqrt(node.visits)):
            if root and self.prior in untried:
                action = self.prior
            else:
                action = untried[self.rng.randrange(len(untried))]
            edge = node.edges[action] = _Edge(action)
            edge.available += 1
            return edge, True
        return max(known, key=lambda e: self._score(e, root)), False

    def _score(self, edge: _Edge, root: bool) -> float:
        if edge.visits == 0:
            return math.inf
        value = edge.reward / edge.visits + EXPLORATION * math.sqrt(math.log(edge.available) / edge.visits)
        if root and edge.action == self.prior:
            value += PRIOR_BIAS / (1 + edge.visits)
        return value

    def _play_out(self, start: Any, state: Any) -> list[float]:
        """Play on from ``state`` with the playout's moves until the game ends or the playout's estimate (counted
        from ``start``, this iteration's deal) says to stop: each seat's reward."""
        ruleset, move, estimate = self.ruleset, self.playout.move, self.playout.estimate
        for _ in range(MAX_PLAYOUT):
            if estimate is not None and (scores := estimate(start, state)) is not None:
                return estimate_rewards(scores)
            duties = ruleset.duties(state)
            if not duties:
                break
            state, _ = ruleset.apply(state, move(ruleset, state, duties[0].seat, self.rng))
        else:
            raise RuntimeError(f"a playout of {ruleset.name} did not end in {MAX_PLAYOUT} moves")
        outcome = ruleset.outcome(state)
        if outcome is None:
            raise RuntimeError(f"{ruleset.name} has nobody to decide but no outcome")
        return outcome_rewards(outcome, self.players)
