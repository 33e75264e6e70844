"""The size of what a public call takes is bounded at the service's boundary (``game_service.checks``): any input,
however large, long or deep, is refused at once with a specific refusal and changes nothing, and no legal move or
option set of any rule system is ever refused by the bound."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Awaitable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game_service import GameService
from game_service.checks import MAX_ACTION_CHARS, action, rule_options
from rules_core.engine import AnyRuleset, OptionSpec
from rules_core.errors import MalformedInput, Refusal
from rules_core.registry import RULESETS
from tests.service.helpers import Database, lobby
from tests.toy.rules import RULES as TOY
from tests.toy.rules import Pick

ALL = {**RULESETS, TOY.name: TOY}
STEPS = 400
#: Refused "at once": far below what reading the input would take (seconds before the bound), even on a busy machine.
AT_ONCE = 0.05


def option_values(spec: OptionSpec) -> st.SearchStrategy[Any]:
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "choice":
        return st.sampled_from(spec.choices)
    low = spec.minimum if spec.minimum is not None else -(2**63)
    return st.integers(low, spec.maximum if spec.maximum is not None else 2**63 - 1)


@st.composite
def new_games(draw: st.DrawFn, rules: AnyRuleset) -> tuple[dict[str, Any], int, int]:
    """(options, players, seed) of a game the rule system can set up."""
    options = {spec.name: draw(option_values(spec)) for spec in rules.option_specs if draw(st.booleans())}
    try:
        low, high = rules.player_range(rules.read_options(options))
    except MalformedInput:
        assume(False)
    return options, draw(st.integers(low, min(high, 6))), draw(st.integers(0, 2**31))


@pytest.mark.parametrize("name", sorted(ALL))
def test_no_legal_move_of_any_rule_system_is_refused_by_the_bound(name: str) -> None:
    rules = ALL[name]

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(game=new_games(rules))
    def check(game: tuple[dict[str, Any], int, int]) -> None:
        options, players, seed = game
        assert rule_options("options", options) is options
        state, _ = rules.new_game(players=[f"P{i}" for i in range(players)], options=options, seed=seed)
        chooser = random.Random(seed)
        for _ in range(STEPS):
            duties = rules.duties(state)
            if not duties:
                return
            # Every seat's every legal move now, opportunities included, as an object and as its JSON.
            for decision in rules.decisions(state):
                for move in rules.legal_actions(state, decision.seat):
                    assert action("action", move) is move
                    data = rules.dump_action(move)
                    assert action("action", data) is data
            seat = chooser.choice(duties).seat
            state, _ = rules.apply(state, chooser.choice(rules.legal_actions(state, seat)))

    check()


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


async def refused_at_once(code: str, reason: str, call: Awaitable[Any]) -> None:
    """The call (its arguments built already) is refused with ``code`` and ``reason`` at once."""
    # Timed without the collector, whose pass over the test's own huge inputs is not the refusal's time.
    gc.disable()
    try:
        started = time.perf_counter()
        with pytest.raises(Refusal) as caught:
            await call
        elapsed = time.perf_counter() - started
    finally:
        gc.enable()
    assert (caught.value.code, caught.value.params.get("reason")) == (code, reason), caught.value
    assert elapsed < AT_ONCE, f"refused only after {elapsed * 1000:.0f} ms"


async def test_huge_long_or_deep_input_is_refused_at_once_and_changes_nothing(
    service: GameService, database: Database
) -> None:
    users = await lobby(service, "c", humans=2)
    started = await service.start(channel_id="c", actor_id=users[0], seed=1)
    before = await database.all_rows()
    pick = {"type": "Pick", "seat": 0, "stone": 1}
    moves: list[tuple[str, Any]] = [
        ("too_large", {**pick, "stone": list(range(10**6))}),
        ("too_large", Pick(seat=0, stone=wrong(tuple(range(10**6))))),
        ("too_deep", {**pick, "stone": nested(10**5)}),
        ("too_large", {**pick, "stone": "x" * 10**8}),
        ("not_json", {**pick, "stone": 10**100_000}),
        ("too_large", {"type": "Pick", **{f"k{i}": i for i in range(10**6)}}),
        ("too_large", Pick(seat=0, stone=wrong("x" * (MAX_ACTION_CHARS + 1)))),
        ("too_deep", Pick(seat=0, stone=wrong(nested(10**5)))),
    ]
    for reason, move in moves:
        submit = service.submit(channel_id="c", user_id=users[0], action=move, expected_version=started.version)
        await refused_at_once("not_an_action", reason, submit)
    for reason, options in (("too_large", {f"o{i}": True for i in range(10**6)}), ("too_deep", {"o": nested(10**5)})):
        new_game = service.create_game(ruleset=TOY.name, channel_id="d", host_id="h", host_name="H", options=options)
        await refused_at_once("bad_option", reason, new_game)
    items = {"x": list(range(10**6))}
    change = service.change_settings(channel_id="c", actor_id=users[0], settings=items)
    await refused_at_once("bad_settings", "too_large", change)
    keep = service.keep_front_end(game_id=started.game_id, data=items)
    await refused_at_once("bad_front_end_data", "too_large", keep)
    join = service.join(channel_id="c", user_id="x", user_name=" " * 10**8)
    await refused_at_once("bad_name", "too_long", join)
    await refused_at_once("bad_argument", "too_many", service.ratings(server_id="s1", channels=["1" * 18] * 10**7))
    assert await database.all_rows() == before


def wrong(value: object) -> Any:
    """A value of a type the action does not take (the type checker would refuse it; a forged request may not)."""
    return value
