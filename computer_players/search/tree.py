"""The search itself: single-observer information-set Monte Carlo tree search (see the package's docstring).

One tree for the searching seat (the observer). The root's children are a few candidate moves, the baseline's
best first; the search runs in rounds, and each round deals one state from the observer's view
(``ruleset.determinize``) and plays every candidate once on that same deal, with the same random numbers (common
random numbers: the candidates are compared on equal luck, so a difference comes from the move and not from the
deal). Below the root each simulation walks down the tree choosing at each node the action of the seat that
decides there, adds one node, plays the game out with the ruleset's playout policy and backs the result up. A
node's statistics are kept per action; an action counts as *available* in every simulation where it was legal,
and the selection rule uses that count instead of the parent's visits (ISUCT), because an action of another seat
exists only in the deals where that seat holds the card.

The search departs from the baseline's move only when a candidate's mean gain over it, deal by deal, exceeds
:data:`CONFIDENCE` standard errors: with a few dozen deals a move, an unproven difference is noise, and the
baseline's move is the better bet.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from computer_players.registry import Playout, Policy, Ranking
from computer_players.search.levels import Budget
from rules_core.engine import AnyRuleset, Outcome, SeatView

#: A clock in seconds (``time.perf_counter``), handed in by the caller: this package never reads one itself.
Clock = Callable[[], float]

#: How many standard errors a candidate's mean gain over the baseline's move must exceed for the search to play it.
CONFIDENCE = 1.5
#: UCB's exploration constant below the root, for rewards between 0 and 1.
EXPLORATION = 0.6
#: Progressive widening below the root: a node tries a new action only while it has fewer than
#: ``1 + WIDENING * sqrt(visits)``.
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


def paired_gain(samples: Sequence[float], baseline: Sequence[float]) -> tuple[float, float]:
    """The mean of ``samples`` less ``baseline``, deal by deal, and its standard error (the two lists are equally
    long, at least two)."""
    n = len(samples)
    differences = [a - b for a, b in zip(samples, baseline, strict=True)]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean, math.sqrt(variance / n)


class Search:
    """One search for ``view.seat`` among ``legal``; :meth:`run` spends the budget and returns the choice.

    ``ranking`` orders the legal moves best first (the rule system's baseline judgement); without it, ``baseline``'s
    move comes first and the others follow in a seeded random order."""

    def __init__(
        self,
        ruleset: AnyRuleset,
        view: SeatView,
        legal: Sequence[Any],
        *,
        seed: int,
        playout: Playout = UNIFORM,
        baseline: Policy | None = None,
        ranking: Ranking | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.view = view
        self.observer = view.seat
        self.legal = tuple(legal)
        self.players = len(view.table.players)
        self.rng = random.Random(seed)
        self.playout = playout
        self.baseline = baseline
        self.ranking = ranking
        #: The baseline's move, asked for once the search starts (its time counts against the budget).
        self.prior: Any = None
        #: The moves the root compares, the prior first, and the observer's reward of each simulation of each.
        self.samples: dict[Any, list[float]] = {}
        #: The tree below each candidate: the root's statistics are ``samples``.
        self.subtrees: dict[Any, _Node] = {}
        self.iterations = 0
        #: The moves the simulations have made so far (a rule system may cap them: ``Playout.most_moves``).
        self.moves = 0

    def run(self, budget: Budget, clock: Clock | None = None) -> Any:
        if budget.seconds is not None and clock is None:
            raise ValueError("a budget in seconds needs a clock")
        if len(self.legal) == 1:
            return self.legal[0]
        deadline = None if budget.seconds is None or clock is None else clock() + budget.seconds
        most_moves = None if self.playout.most_moves is None else self.playout.most_moves(self.view)
        candidates = self.candidates(budget.candidates)
        self.prior = candidates[0]
        if len(candidates) == 1:
            return self.prior  # the ranking sees nothing else worth a thought
        self.samples = {action: [] for action in candidates}
        while True:
            # One deal a round, shared by every candidate: states are immutable, so dealing it once is enough.
            deal = self.ruleset.determinize(self.view, seed=self.rng.getrandbits(64))
            chance = self.rng.getrandbits(64)
            for action in candidates:
                if budget.iterations is not None and self.iterations >= budget.iterations:
                    return self.choice()
                if most_moves is not None and self.moves >= most_moves:
                    return self.choice()
                if deadline is not None and clock is not None and clock() >= deadline:
                    return self.choice()
                self.samples[action].append(self.iterate(action, deal, chance))

    def candidates(self, count: int) -> list[Any]:
        """The moves the root compares: the first ``count`` of the ranking, the baseline's move first."""
        if self.ranking is not None:
            order = list(self.ranking(self.ruleset, self.view, self.legal))
        else:
            first = self.legal[0] if self.baseline is None else self.baseline(self.ruleset, self.view, self.legal)
            rest = [action for action in self.legal if action != first]
            self.rng.shuffle(rest)
            order = [first, *rest]
        return order[:count]

    def choice(self) -> Any:
        """The candidate with the largest proven gain over the baseline's move, on the deals both were played on;
        the baseline's move when none is proven better."""
        chosen, chosen_gain = self.prior, 0.0
        for action, (gain, error) in self.gains().items():
            if gain > CONFIDENCE * error and gain > chosen_gain:
                chosen, chosen_gain = action, gain
        return chosen

    def gains(self) -> dict[Any, tuple[float, float]]:
        """Each other candidate's mean gain over the baseline's move and its standard error (:func:`paired_gain`),
        on the deals every candidate was played on; none before two rounds."""
        rounds = min(len(samples) for samples in self.samples.values())
        if rounds < 2:
            return {}
        baseline = self.samples[self.prior][:rounds]
        return {
            action: paired_gain(samples[:rounds], baseline)
            for action, samples in self.samples.items()
            if action != self.prior
        }

    def statistics(self) -> dict[Any, tuple[int, float]]:
        """Each root candidate: (simulations, mean reward)."""
        return {a: (len(s), sum(s) / len(s) if s else 0.0) for a, s in self.samples.items()}

    # One simulation.

    def iterate(self, action: Any, deal: Any, chance: int) -> float:
        """One simulation of the root move ``action`` on ``deal`` (a state dealt from the view), with the random
        numbers of ``chance``: the observer's reward."""
        rng = random.Random(chance)
        state = start = deal
        # Checked: the root's moves are legal on the real state, and the deal is another one.
        state, _ = self.ruleset.apply(state, action)
        self.moves += 1
        # A candidate's first simulation plays out at once; later ones walk down its subtree.
        node = self.subtrees.get(action)
        new = node is None
        if node is None:
            node = self.subtrees[action] = _Node()
        path: list[tuple[_Edge, int]] = []
        while not new:
            seat = self._mover(state)
            if seat is None:
                break
            edge, new = self._select(node, self.ruleset.legal_actions(state, seat), rng)
            path.append((edge, seat))
            node.visits += 1
            state, _ = self.ruleset.apply_unchecked(state, edge.action)
            self.moves += 1
            if not new:
                if edge.child is None:
                    edge.child = _Node()
                node = edge.child
        reward = self._play_out(start, state, rng)
        for edge, seat in path:
            edge.visits += 1
            edge.reward += reward[seat]
        self.iterations += 1
        return reward[self.observer]

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

    def _select(self, node: _Node, legal: Sequence[Any], rng: random.Random) -> tuple[_Edge, bool]:
        """The edge to follow and whether it is new: an untried action while the node may widen, else the best by
        ISUCT among the actions legal in this deal."""
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
            action = untried[rng.randrange(len(untried))]
            edge = node.edges[action] = _Edge(action)
            edge.available += 1
            return edge, True
        return max(known, key=self._score), False

    @staticmethod
    def _score(edge: _Edge) -> float:
        if edge.visits == 0:
            return math.inf
        return edge.reward / edge.visits + EXPLORATION * math.sqrt(math.log(edge.available) / edge.visits)

    def _play_out(self, start: Any, state: Any, rng: random.Random) -> list[float]:
        """Play on from ``state`` with the playout's moves until the game ends or the playout's estimate (counted
        from ``start``, this simulation's deal) says to stop: each seat's reward."""
        ruleset, move, estimate = self.ruleset, self.playout.move, self.playout.estimate
        for moves in range(MAX_PLAYOUT):
            if estimate is not None and (scores := estimate(start, state)) is not None:
                self.moves += moves
                return estimate_rewards(scores)
            seat = self._mover(state)
            if seat is None:
                break
            state, _ = ruleset.apply_unchecked(state, move(ruleset, state, seat, rng))
        else:
            raise RuntimeError(f"a playout of {ruleset.name} did not end in {MAX_PLAYOUT} moves")
        self.moves += moves
        outcome = ruleset.outcome(state)
        if outcome is None:
            raise RuntimeError(f"{ruleset.name} has nobody to decide but no outcome")
        return outcome_rewards(outcome, self.players)
