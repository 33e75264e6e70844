"""Playing whole games of any rule system between policies, for the computer players' tests (each rule system's
in ``tests/<ruleset>/computer_player/``)."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from computer_players import choose_action
from computer_players.search import Budget, search
from rules_core.engine import AnyRuleset

#: ``(ruleset, state, seat) -> action``.
Policy = Callable[[Any, Any, int], Any]


def uniform_random(seed: int) -> Policy:
    """A player that picks uniformly among the legal actions (its own seeded generator, no global state)."""

    def policy(ruleset: AnyRuleset, state: Any, seat: int) -> Any:
        legal = ruleset.legal_actions(state, seat)
        return legal[random.Random(f"{seed}:{ruleset.version(state)}:{seat}").randrange(len(legal))]

    return policy


def play(
    policies: Sequence[Policy],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    check: Callable[[Any, int, Any], None] | None = None,
    limit: int = 5000,
    rules: AnyRuleset,
) -> Any:
    """Play a game of ``rules`` to the end; the first seat that must decide moves each time. ``check`` sees every
    move."""
    state = rules.new_game(players=[f"P{i}" for i in range(len(policies))], options=options or {}, seed=seed)[0]
    for _ in range(limit):
        if rules.outcome(state) is not None:
            return state
        seat = rules.decisions(state)[0].seat
        action = policies[seat](rules, state, seat)
        if check is not None:
            check(state, seat, action)
        state, _ = rules.apply(state, action)
    raise AssertionError("the game did not end")


def scores(state: Any, rules: AnyRuleset) -> dict[int, int]:
    outcome = rules.outcome(state)
    assert outcome is not None
    return {s.seat: s.score for s in outcome.standings}


def computer(state: Any, seat: int, rules: AnyRuleset) -> Any:
    """The computer player's move, given what the seat sees (its view and legal actions), as the service asks."""
    return choose_action(rules, rules.seat_view(state, seat), rules.legal_actions(state, seat))


def COMPUTER(ruleset: AnyRuleset, state: Any, seat: int) -> Any:
    return computer(state, seat, ruleset)


class FakeClock:
    """A clock that moves on by ``step`` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 100.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def searched(rules: AnyRuleset, state: Any, seat: int, *, budget: Budget, seed: int = 1) -> Any:
    """The search's move for ``seat`` within ``budget``, given what the seat sees (its view and legal actions)."""
    return search(rules, rules.seat_view(state, seat), rules.legal_actions(state, seat), budget=budget, seed=seed)


def play_searching(rules: AnyRuleset, *, players: int, options: dict[str, Any], budget: Budget) -> Any:
    """A game of ``rules`` to the end, seat 0 searching within ``budget`` (seeded by the game's version), the others
    the computer player; every move is checked to be legal."""

    def searcher(ruleset: AnyRuleset, state: Any, seat: int) -> Any:
        return searched(ruleset, state, seat, budget=budget, seed=ruleset.version(state))

    def legal(state: Any, seat: int, action: Any) -> None:
        assert action in rules.legal_actions(state, seat)

    return play([searcher, *[COMPUTER] * (players - 1)], seed=players, options=options, check=legal, rules=rules)


def computers_against_random(rules: AnyRuleset, games: int) -> tuple[list[int], list[int], int]:
    """Four-player games of two computers against two players who pick at random, each seed played with the seats
    both ways round: the computers' scores, the random players' scores, and the games a computer won (or shared)."""
    computers: list[int] = []
    randoms: list[int] = []
    won = 0
    for game in range(games):
        seed, flip = divmod(game, 2)
        is_computer = [(seat + flip) % 2 == 0 for seat in range(4)]
        policies = [COMPUTER if c else uniform_random(seed * 4 + seat) for seat, c in enumerate(is_computer)]
        result = scores(play(policies, seed=100 + seed, rules=rules), rules)
        for seat, score in result.items():
            (computers if is_computer[seat] else randoms).append(score)
        best = max(result.values())
        won += any(is_computer[seat] and score == best for seat, score in result.items())
    return computers, randoms, won


def tables_of_computers_and_of_random_players(rules: AnyRuleset, games: int) -> tuple[list[float], list[float]]:
    """Four computers against each other, and four random players against each other, on the same seeds: each
    table's mean score, game by game."""
    computers = [
        statistics.mean(scores(play([COMPUTER] * 4, seed=200 + seed, rules=rules), rules).values())
        for seed in range(games)
    ]
    randoms = [
        statistics.mean(
            scores(play([uniform_random(seed * 4 + i) for i in range(4)], seed=200 + seed, rules=rules), rules).values()
        )
        for seed in range(games)
    ]
    return computers, randoms
