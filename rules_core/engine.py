"""The one interface every rule system implements.

Shaped after OpenSpiel's small verb set and boardgame.io's pure moves:

* ``new_game(players=..., options=..., seed=...)`` builds the first state; all setup chance comes from the seed.
* ``decisions(state)`` lists who must decide now. Several seats may owe a decision at once (the secret food-card
  pick, the quick game's simultaneous card play), and a decision may fall to a seat that is not the active player
  (the original game's Tail Loss and Mimicry, Time to Fly's Ambush and Anglerfish, the dice game's defender):
  each :class:`Decision` names the seat and the kind of choice, so front ends and deadlines treat them alike.
* ``legal_actions(state, seat)`` enumerates what that seat may do; ``apply(state, action)`` returns the new state
  and the events that happened, or raises a :class:`~rules_core.errors.Refusal` and changes nothing.
* Chance is part of the state: a seeded :class:`~rules_core.rng.Rng` with a draw counter. Shuffles and dice rolls
  happen inside ``apply`` and are reported as events, so the seed plus the action log determine the state.
* ``view(state, seat)`` is what one seat may see; ``view(state, None)`` what the channel may see.
* ``timeout_action(state, seat)`` is the ruleset's defined move for a seat that lets a deadline pass.
* States, actions and positions serialise to stable, versioned JSON-ready dicts (no pickle).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar


class Event(Protocol):
    """Something that happened. ``audience`` is ``None`` for public events, else the seats that may see it."""

    @property
    def audience(self) -> frozenset[int] | None: ...


class Action(Protocol):
    """A small typed value: one verb of the game, carrying the seat that acts."""

    @property
    def seat(self) -> int: ...


S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat that must choose now, and what kind of choice it is (``"food_card"``, ``"feed"``, ...)."""

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's result: total score, the ruleset's tie-break values (higher is better), and final rank."""

    seat: int
    score: int
    tiebreaks: tuple[int, ...]
    rank: int
    details: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game. ``winners`` holds every seat that shares first place after all tie-breaks."""

    standings: tuple[Standing, ...]
    winners: tuple[int, ...]


def rank_standings(
    entries: Iterable[tuple[int, int, tuple[int, ...], tuple[tuple[str, int], ...]]],
) -> Outcome:
    """Rank ``(seat, score, tiebreaks, details)`` rows: higher score first, then each tie-break in turn.

    Seats equal on everything share a rank (competition ranking: 1, 1, 3).
    """
    rows = sorted(entries, key=lambda row: (row[1], row[2]), reverse=True)
    standings: list[Standing] = []
    for index, (seat, score, tiebreaks, details) in enumerate(rows):
        if standings and (standings[-1].score, standings[-1].tiebreaks) == (score, tiebreaks):
            rank = standings[-1].rank
        else:
            rank = index + 1
        standings.append(Standing(seat, score, tiebreaks, rank, details))
    winners = tuple(sorted(s.seat for s in standings if s.rank == 1))
    return Outcome(tuple(sorted(standings, key=lambda s: (s.rank, s.seat))), winners)


class Ruleset(ABC, Generic[S, A, V]):
    """A rule system. Stateless: every method is a pure function of its arguments."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Version of the JSON form of states and actions this ruleset writes.
    format_version: ClassVar[int]

    @abstractmethod
    def new_game(self, *, players: Sequence[str], options: Mapping[str, Any], seed: int) -> S: ...

    @abstractmethod
    def decisions(self, state: S) -> tuple[Decision, ...]: ...

    def to_decide(self, state: S) -> frozenset[int]:
        """The seats that must decide now (empty when the game is over)."""
        return frozenset(d.seat for d in self.decisions(state))

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> tuple[A, ...]: ...

    @abstractmethod
    def apply(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]: ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def timeout_action(self, state: S, seat: int) -> A: ...

    @abstractmethod
    def version(self, state: S) -> int:
        """How many actions have been accepted: a stale button carries an older number."""

    # Serialisation: plain dicts ready for ``json.dumps``.
    @abstractmethod
    def dump_state(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def load_state(self, data: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def dump_action(self, action: A) -> dict[str, Any]: ...

    @abstractmethod
    def load_action(self, data: Mapping[str, Any]) -> A: ...

    @abstractmethod
    def dump_position(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def load_position(self, data: Mapping[str, Any]) -> S: ...

    def replay(
        self, *, players: Sequence[str], options: Mapping[str, Any], seed: int, actions: Iterable[A]
    ) -> S:
        """Rebuild a game from its seed and its action log."""
        state = self.new_game(players=players, options=options, seed=seed)
        for action in actions:
            state, _ = self.apply(state, action)
        return state
