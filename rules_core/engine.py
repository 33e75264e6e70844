"""The one interface every rule system implements.

Shaped after OpenSpiel's small verb set and boardgame.io's pure moves:

* ``new_game(players=..., options=..., seed=...)`` builds the first state and says what setting up did (the first
  deal, a first dice roll): ``(state, events)``. Every setup shuffle or roll comes from the seed.
* ``decisions(state)`` lists who may or must decide now. Several seats may owe a decision at once (the secret
  food-card pick), and a decision may fall to a seat that is not the active player (a defender's answer to an
  attack): each :class:`Decision` names the seat and the kind of choice, whether its prompt shows the seat's secrets
  (then a front end sends it privately), and whether it is a *duty* the game waits for or an *opportunity* it never
  waits for (see "Opportunities" in docs/engine.md).
* ``legal_actions(state, seat)`` enumerates what that seat may do; ``apply(state, action)`` returns the new state
  and the events that happened, or raises a :class:`~rules_core.errors.Refusal` and changes nothing.
* Chance is part of the state: a seeded :class:`~rules_core.rng.Rng` with a draw counter. Shuffles and dice rolls
  happen inside ``apply`` and are reported as events, so the seed plus the action log determine the state.
* ``public_view(state)`` is what the channel may see; ``seat_view(state, seat)`` what one seat may see. They are
  distinct types (subclasses of :class:`PublicView` and :class:`SeatView`), so a function that takes a public view
  (the board renderer) cannot be handed a seat's secrets by mistake. ``determinize(seat_view, seed=...)`` deals
  out what the seat cannot see at random: a full state that a search may play forward on.
* ``timeout_action(state, seat)`` is the ruleset's defined move for a seat that lets a deadline pass.
* Options have a schema (:class:`OptionSpec`), checked for the actual player count by ``read_options``.
* States, actions and positions serialise to stable, versioned JSON-ready dicts (no pickle).
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, cast

from rules_core.codec import decode, decode_tagged, encode, encode_tagged
from rules_core.copying import evolve, quick_init
from rules_core.errors import MalformedInput, Refusal


class Event(Protocol):
    """Something that happened. ``audience`` is ``None`` for public events, else the seats that may see it."""

    @property
    def audience(self) -> frozenset[int] | None: ...


class Action(Protocol):
    """A small typed value: one verb of the game, carrying the seat that acts."""

    @property
    def seat(self) -> int: ...


# Made whenever a question's decision is asked (the dice game's hunts and attacks): a faster constructor pays.
@quick_init
@dataclass(frozen=True, slots=True)
class Decision:
    """A seat that may or must choose now, and what kind of choice it is (``"food_card"``, ``"feed"``, ...).

    ``uses_secrets``: the prompt shows the seat's own secrets (its hand), so a front end sends it privately when it
    falls due (a direct message). ``opportunity``: the seat *may* act (arm an ambush in advance, spend food at any
    moment) but nobody waits for it: it has no deadline, no timeout move, and never holds the game.
    """

    seat: int
    kind: str
    uses_secrets: bool = False
    opportunity: bool = False


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


# Views.


class PlayerFacts(Protocol):
    """What every front end may read of a player in any public view."""

    @property
    def seat(self) -> int: ...

    @property
    def name(self) -> str: ...


def number_in(made: Sequence[int], piece_id: int) -> int | None:
    """The number a player's species or animal bears in its name for its whole life: its place (from 1) among the
    ids of every one the player has had, in the order they came (``made``); None when it was never theirs
    (docs/rulings.md, "Stable names")."""
    try:
        return made.index(piece_id) + 1
    except ValueError:
        return None


class PublicView:
    """The base of every ruleset's public view: what the channel may see, identical for every onlooker.

    Each ruleset subclasses it with a frozen dataclass that has at least these fields, which front ends read
    without knowing the ruleset; everything else in a view is for that ruleset's own presentation.
    """

    __slots__ = ()
    #: How many actions have been accepted.
    version: int
    #: The round (period, turn) of the game, from 1; 0 before the first.
    round: int
    #: The phase's key (``"feeding"``); presentation words it.
    phase: str
    players: Sequence[PlayerFacts]
    #: Who may or must decide now.
    decisions: tuple[Decision, ...]
    outcome: Outcome | None


class SeatView:
    """The base of every ruleset's per-seat view: the public view plus one seat's own secrets.

    ``table`` is the same public view the channel sees; the secrets are in the subclass's own fields. A seat view
    is never a :class:`PublicView`, so it cannot reach a function that posts to a channel.
    """

    __slots__ = ()
    seat: int
    table: PublicView


class State(Protocol):
    """What the engine reads of any state: how many actions it has accepted."""

    @property
    def version(self) -> int: ...


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)
PV = TypeVar("PV", bound=PublicView)
SV = TypeVar("SV", bound=SeatView)
E = TypeVar("E", bound=Event)


# Options.

OptionKind = Literal["bool", "int", "choice"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a rule system: its name, kind, default, and the values it may take."""

    name: str
    kind: OptionKind
    default: bool | int | str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def read(self, value: Any) -> bool | int | str:
        """``value`` checked against this option (exact types: ``True`` is no number, ``1`` no yes/no)."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "int":
            if (
                isinstance(value, int)
                and not isinstance(value, bool)
                and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum)
            ):
                return value
        elif isinstance(value, str) and value in self.choices:
            return value
        raise MalformedInput(f"option {self.name!r} cannot be {value!r}", code="bad_option", option=self.name)


def read_option_values(
    specs: Sequence[OptionSpec], options: Mapping[str, Any], *, kept: Sequence[OptionSpec] = ()
) -> dict[str, Any]:
    """Every option of ``specs`` and ``kept`` with its value from ``options`` (or its default); unknown or ill-typed
    ones are a :class:`MalformedInput` naming the option. The refusal of an unknown one lists only ``specs`` as
    valid: no player chooses a kept option (``Ruleset.kept_options``)."""
    if not isinstance(options, Mapping):
        raise MalformedInput("options must be an object", code="bad_option", option="")
    by_name = {spec.name: spec for spec in (*specs, *kept)}
    for name in options:
        if name not in by_name:
            valid = ", ".join(spec.name for spec in specs)
            extra = {"valid": valid} if valid else {"reason": "none"}
            raise MalformedInput(f"unknown option {name!r}", code="unknown_option", option=str(name), **extra)
    return {name: spec.read(options[name]) if name in options else spec.default for name, spec in by_name.items()}


class Ruleset(ABC, Generic[S, A, PV, SV, E]):
    """A rule system. Stateless: every method is a pure function of its arguments."""

    name: ClassVar[str]
    title: ClassVar[str]
    #: The widest player range of any option set (``player_range`` gives the one for given options).
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Version of the JSON form of states and actions this ruleset writes.
    format_version: ClassVar[int]
    #: The options players choose (the front ends offer, parse and show these).
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: Options no player chooses, that a game keeps so that it plays on as it began: ``read_options`` fills in their
    #: defaults like the others', so the lobby stores them with a new game, and a game stored before one existed
    #: (its options without it) is told apart by its absence (the dice game's ``generator``).
    kept_options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: The action classes by name (the tag of their JSON form).
    action_types: ClassVar[Mapping[str, type[Any]]]
    #: The class of its states.
    state_type: ClassVar[type[Any]]
    #: Every kind of duty its ``decisions`` may name (what a player may leave to the autopilot).
    decision_kinds: ClassVar[tuple[str, ...]]
    #: ``perform`` and ``advance`` return the state they were given or one made in that very call, which nothing
    #: else holds: ``count_move`` writes the version into such a state instead of copying it.
    fresh_states: ClassVar[bool] = False

    # Options and players.

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """How many players these (already read) options allow."""
        return self.min_players, self.max_players

    def read_options(self, options: Mapping[str, Any], *, players: int | None = None) -> dict[str, Any]:
        """Every option with its value (defaults filled in), checked against the schema and, when ``players`` is
        given, against the player count; a :class:`MalformedInput` names what is wrong."""
        read = read_option_values(self.option_specs, options, kept=self.kept_options)
        self.check_options(read)
        if players is not None:
            low, high = self.player_range(read)
            if not low <= players <= high:
                raise MalformedInput(
                    f"{self.title} needs {low} to {high} players", code="player_count", min=low, max=high, n=players
                )
        return read

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Constraints between options (each one already fits its spec); raise :class:`MalformedInput`."""

    # Playing.

    @abstractmethod
    def new_game(self, *, players: Sequence[str], options: Mapping[str, Any], seed: int) -> tuple[S, tuple[E, ...]]: ...

    @abstractmethod
    def decisions(self, state: S) -> tuple[Decision, ...]: ...

    def duties(self, state: S) -> tuple[Decision, ...]:
        """The decisions the game waits for (no opportunities)."""
        return tuple(d for d in self.decisions(state) if not d.opportunity)

    def to_decide(self, state: S) -> frozenset[int]:
        """The seats the game waits for (empty when the game is over)."""
        return frozenset(d.seat for d in self.duties(state))

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> Sequence[A]:
        """Every action ``seat`` may take now, in a fixed order (a tuple, or a sequence that makes its items as they
        are read: a random playout reads one)."""

    # A move: the framework part is here, once (refuse, carry out, run the automatic steps, count the move); a rule
    # system supplies only its own ``check``, ``perform`` and ``advance``.

    def apply(self, state: S, action: A) -> tuple[S, tuple[E, ...]]:
        """The state after ``action`` and the events it caused, in order; when the rules do not allow it, the
        :class:`~rules_core.errors.Refusal` saying why is raised and nothing changes."""
        refusal = self.check(state, action)
        if refusal is not None:
            raise refusal
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: S, action: A) -> tuple[S, tuple[E, ...]]:
        """``apply`` for an action taken from ``legal_actions(state, seat)`` of this very state, carried out without
        checking it again (a search's simulations). Anything else must go through ``apply``: what an unchecked
        illegal action does is undefined."""
        new, events = self.perform(state, action)
        new, more = self.advance_move(new, state)
        return self.count_move(new, state), (*events, *more)

    @abstractmethod
    def check(self, state: S, action: A) -> Refusal | None:
        """Why the rules refuse ``action`` now (not a move of this game, not the seat's turn, not allowed), or None.
        Pure: it changes nothing."""

    @abstractmethod
    def perform(self, state: S, action: A) -> tuple[S, Sequence[E]]:
        """Carry out an allowed action: the state right after it and the events it caused, before any automatic
        step."""

    @abstractmethod
    def advance(self, state: S) -> tuple[S, Sequence[E]]:
        """Run the automatic steps (a round's end, a deal, a roll) until some seat must decide or the game is over;
        the state as it was when nothing is automatic."""

    def advance_move(self, new: S, given: S) -> tuple[S, Sequence[E]]:
        """``advance`` of ``new``, the state ``perform`` made from ``given`` in this move. A rule system whose states
        are fresh (``fresh_states``) may write into ``new`` when it is not ``given`` (nothing else holds it yet)
        instead of copying it; ``given`` is never written."""
        return self.advance(new)

    def count_move(self, new: S, given: S) -> S:
        """``new``, the state a move made from ``given``, with its version one past ``given``'s: written into ``new``
        when the rule system's states are fresh (``fresh_states``; a copy of the whole state saved on every move) and
        ``new`` is not ``given``, which is never written; else a copy. Once returned from ``apply``, a state is frozen
        like any other."""
        if self.fresh_states and new is not given:
            object.__setattr__(new, "version", given.version + 1)
            return new
        return evolve(new, version=given.version + 1)

    @abstractmethod
    def public_view(self, state: S) -> PV: ...

    @abstractmethod
    def seat_view(self, state: S, seat: int) -> SV: ...

    @abstractmethod
    def determinize(self, view: SV, *, seed: int) -> S:
        """A full state that ``view``'s seat cannot tell from the real one: everything the seat cannot see (other
        hands, the deck's order, face-down cards, future chance) dealt at random from what is unaccounted for.
        ``seat_view(determinize(view), view.seat)`` equals ``view``."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def timeout_action(self, state: S, seat: int) -> A: ...

    # Moves that are the same move, and moves that make themselves.

    #: The fields of each action class that name a card from the actor's hand: two cards with the same face
    #: (``card_face``) are the same move there (playing either leaves the same hand).
    hand_card_fields: ClassVar[Mapping[type, tuple[str, ...]]] = {}

    def card_face(self, card: int) -> Hashable:
        """What a card in hand is to the player (its traits, its food value): cards with equal faces are alike."""
        return card

    def move_key(self, action: A) -> Hashable:
        """Equal for two actions that are the same move as the table and the player know it: the same verb with the
        same arguments, a card from the hand counted by its face, not its id (two identical cards in hand are one
        choice). Menus offer each move once."""
        fields = self.hand_card_fields.get(type(action))
        if not fields:
            return cast(Hashable, action)  # a frozen dataclass
        values: list[Any] = [type(action)]
        for field in dataclasses.fields(cast(Any, action)):
            name = field.name
            value = getattr(action, name)
            if name in fields:
                value = (
                    tuple(sorted((self.card_face(card) for card in value), key=repr))
                    if isinstance(value, tuple)
                    else self.card_face(value)
                )
            values.append(value)
        return tuple(values)

    def distinct_moves(self, actions: Iterable[A]) -> tuple[A, ...]:
        """``actions`` with each move (``move_key``) once, the first of each, in their order."""
        seen: set[Hashable] = set()
        kept = []
        for action in actions:
            key = self.move_key(action)
            if key not in seen:
                seen.add(key)
                kept.append(action)
        return tuple(kept)

    def duty_actions(self, state: S, seat: int) -> Sequence[A]:
        """The legal actions that answer the seat's duty: ``legal_actions`` without the orders a seat may set in
        advance at any moment (Time to Fly's standing orders), which no duty waits for."""
        return self.legal_actions(state, seat)

    def forced_action(self, state: S, seat: int) -> A | None:
        """The one move the seat's duty leaves it, which is made for the player at once (no prompt, no deadline);
        None when the seat owes no duty, has a real choice (two moves, by ``move_key``), or its prompt shows secrets:
        then how fast the move came would tell the table something about them. A rule system whose moves may name a
        secret in a prompt that shows none narrows this further."""
        duty = next((d for d in self.duties(state) if d.seat == seat), None)
        if duty is None or duty.uses_secrets:
            return None
        only: A | None = None
        key: Hashable = None
        for action in self.duty_actions(state, seat):
            if only is None:
                only, key = action, self.move_key(action)
            elif self.move_key(action) != key:
                return None
        return only

    def version(self, state: S) -> int:
        """How many actions have been accepted: a stale button carries an older number."""
        return state.version

    # Serialisation: plain dicts ready for ``json.dumps``, through the codec (a state is its dataclasses, an action
    # carries its class's name as its tag).

    @property
    def state_format(self) -> str:
        """The name of the state's JSON format: a state saved in another one is not read back (it is rebuilt by
        replaying the game's log)."""
        return f"{self.name}/state/{self.format_version}"

    def dump_state(self, state: S) -> dict[str, Any]:
        return {"format": self.state_format, "state": encode(state, self.state_type)}

    def load_state(self, data: Mapping[str, Any]) -> S:
        if data.get("format") != self.state_format:
            raise MalformedInput(f"not a {self.state_format} state", code="bad_format")
        state: S = decode(self.state_type, data["state"])
        return state

    def dump_action(self, action: A) -> dict[str, Any]:
        return encode_tagged(action)

    def load_action(self, data: Mapping[str, Any]) -> A:
        action: A = decode_tagged(self.action_types, data)
        return action

    @abstractmethod
    def dump_position(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def load_position(self, data: Mapping[str, Any]) -> S: ...

    def exact_action(self, action: Any) -> A:
        """``action`` (an action object or its JSON dict) as the action log will replay it, or a
        :class:`MalformedInput`: its JSON text is read back with exact types (a card id ``16.0`` or a seat ``True``
        is no integer) and must write the same text again. What this returns is what may be applied and stored."""
        try:
            data = action if isinstance(action, Mapping) else self.dump_action(action)
            text = json.dumps(data, sort_keys=True, allow_nan=False)
            parsed = self.load_action(json.loads(text))
            again = json.dumps(self.dump_action(parsed), sort_keys=True, allow_nan=False)
        except MalformedInput:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
            raise MalformedInput("not a move of this game", code="not_an_action") from None
        if again != text:
            raise MalformedInput("not a move of this game", code="not_an_action")
        return parsed

    def replay(self, *, players: Sequence[str], options: Mapping[str, Any], seed: int, actions: Iterable[A]) -> S:
        """Rebuild a game from its seed and its action log."""
        state, _ = self.new_game(players=players, options=options, seed=seed)
        for action in actions:
            state, _ = self.apply(state, action)
        return state


#: Any rule system, for code that works with every one of them (the service, the front ends, the registries).
AnyRuleset = Ruleset[Any, Any, Any, Any, Any]
