"""The engine interface's shared parts: option schemas read with exact types and checked for the player count (a
range that may depend on the options), the interrupt stack of out-of-turn answers, and the codec's round trips of
what the rule systems put in their states (generic dataclasses, tagged unions, dicts, sets, floats)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules_core.codec import OMIT_AT_DEFAULT, decode, encode
from rules_core.copying import evolve
from rules_core.engine import Decision, OptionSpec, read_option_values
from rules_core.errors import MalformedInput
from rules_core.interrupts import Interrupt, Interrupts
from tests.toy.rules import Toy

SPECS = (
    OptionSpec("expansion", "bool", False),
    OptionSpec("decks", "int", 1, minimum=1, maximum=2),
    OptionSpec("variant", "choice", "printed", choices=("printed", "online")),
)


def refused(specs: Any, options: Any) -> str:
    with pytest.raises(MalformedInput) as caught:
        read_option_values(specs, options)
    return f"{caught.value.code}:{caught.value.params.get('option')}"


def test_options_are_read_with_their_defaults_and_exact_types() -> None:
    assert read_option_values(SPECS, {}) == {"expansion": False, "decks": 1, "variant": "printed"}
    assert read_option_values(SPECS, {"decks": 2, "variant": "online"})["decks"] == 2
    assert refused(SPECS, {"expansion": 1}) == "bad_option:expansion"  # 1 is no yes/no
    assert refused(SPECS, {"decks": True}) == "bad_option:decks"  # True is no number
    assert refused(SPECS, {"decks": 3}) == "bad_option:decks"
    assert refused(SPECS, {"decks": 1.0}) == "bad_option:decks"
    assert refused(SPECS, {"variant": "house"}) == "bad_option:variant"
    assert refused(SPECS, {"colour": "red"}) == "unknown_option:colour"
    assert refused(SPECS, ["expansion"]) == "bad_option:"


def test_a_kept_option_is_read_and_filled_in_like_the_others_but_never_named_to_players() -> None:
    kept = (OptionSpec("generator", "int", 2, minimum=1, maximum=2),)
    assert read_option_values(SPECS, {}, kept=kept)["generator"] == 2
    assert read_option_values(SPECS, {"generator": 1}, kept=kept)["generator"] == 1
    with pytest.raises(MalformedInput) as caught:
        read_option_values(SPECS, {"colour": "red"}, kept=kept)
    assert caught.value.params["valid"] == "expansion, decks, variant"
    with pytest.raises(MalformedInput) as caught:
        read_option_values(SPECS, {"generator": 3}, kept=kept)
    assert caught.value.params["option"] == "generator"


class Expandable(Toy):
    """The toy game with an option that allows more players, and a constraint between options."""

    option_specs = SPECS

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        return (2, 4) if options["expansion"] else (2, 2)

    def check_options(self, options: Mapping[str, Any]) -> None:
        if options["decks"] == 2 and not options["expansion"]:
            raise MalformedInput("two decks need the expansion", code="bad_option", option="decks")


def test_the_player_count_is_checked_against_a_range_the_options_choose() -> None:
    rules = Expandable()
    assert rules.read_options({"expansion": True}, players=4)["expansion"] is True
    with pytest.raises(MalformedInput) as caught:
        rules.read_options({}, players=3)
    assert caught.value.code == "player_count" and caught.value.params == {"min": 2, "max": 2, "n": 3}
    with pytest.raises(MalformedInput, match="expansion"):
        rules.read_options({"decks": 2})


def test_the_interrupt_stack_asks_only_its_top_and_resumes_in_order() -> None:
    asked: Interrupts[str] = Interrupts()
    assert not asked and asked.decisions() == () and asked.top is None
    asked = asked.push(Interrupt(1, "defend", "the attack")).push(Interrupt(0, "consent", "the pack", True))
    assert asked.decisions() == (Decision(0, "consent", uses_secrets=True),)
    assert asked.asks(0) and not asked.asks(1)
    top, asked = asked.pop()
    assert top.context == "the pack" and asked.decisions() == (Decision(1, "defend"),)
    top, asked = asked.pop()
    assert top.context == "the attack" and not asked
    with pytest.raises(IndexError):
        asked.pop()


@dataclass(frozen=True, slots=True)
class Attack:
    carnivore: int
    target: int


@dataclass(frozen=True, slots=True)
class Consent:
    seat: int


@dataclass(frozen=True, slots=True)
class Held:
    asked: Interrupts[Attack | Consent]
    odds: dict[int, float]
    seen: frozenset[str]
    pending: list[Attack | Consent]


def test_the_codec_reads_back_generics_tagged_unions_dicts_sets_and_floats() -> None:
    asked: Interrupts[Attack | Consent] = Interrupts()
    held = Held(
        asked.push(Interrupt(1, "defend", Attack(3, 4))).push(Interrupt(0, "consent", Consent(2))),
        {3: 0.25, 10: 1.0},
        frozenset({"b", "a"}),
        [Consent(1), Attack(1, 2)],
    )
    data = encode(held)
    assert data["pending"][0] == {"type": "Consent", "seat": 1}, "a union of dataclasses is tagged"
    assert data["odds"] == {"3": 0.25, "10": 1.0} and data["seen"] == ["a", "b"]
    assert decode(Held, data) == held
    # Exact types on the way in: an int where a float is declared is a float; a float is no int key.
    assert decode(dict[int, float], {"3": 1})[3] == 1.0
    with pytest.raises(MalformedInput):
        decode(dict[int, float], {"3.5": 1.0})
    with pytest.raises(MalformedInput):
        decode(Attack, {"carnivore": True, "target": 1})


@dataclass(frozen=True)
class Dealt:
    cards: tuple[int, ...]
    way: int = field(default=1, metadata=OMIT_AT_DEFAULT)


def test_a_field_omitted_at_its_default_is_written_only_when_it_differs_and_read_back_either_way() -> None:
    assert encode(Dealt((3, 1))) == {"cards": [3, 1]}  # as written before the field existed
    assert decode(Dealt, {"cards": [3, 1]}) == Dealt((3, 1))
    assert encode(Dealt((3, 1), way=2)) == {"cards": [3, 1], "way": 2}
    assert decode(Dealt, {"cards": [3, 1], "way": 2}) == Dealt((3, 1), way=2)


class _FreshToy(Toy):
    fresh_states = True


@pytest.mark.parametrize("rules", [Toy(), _FreshToy()], ids=["copies", "fresh_states"])
def test_count_move_writes_only_a_state_made_in_the_move_and_never_the_given_one(rules: Toy) -> None:
    given = rules.new_game(players=["A", "B"], options={}, seed=3)[0]
    made = evolve(given, round=given.round + 1)
    counted = rules.count_move(made, given)
    assert counted.version == given.version + 1 and given.version == 0
    # With fresh states the version is written into the state the move made: no copy of the whole state.
    assert (counted is made) is rules.fresh_states
    # A move that changed nothing returns the given state itself, which is never written.
    unchanged = rules.count_move(given, given)
    assert unchanged is not given and unchanged.version == 1 and given.version == 0
