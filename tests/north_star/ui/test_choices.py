"""Menus from legal actions: every legal action has one path, every path leads back to its action, and the
prompt's components respect Discord's limits (custom ids, 25 options, paging, the discard multi-select)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import prompts
from game_service import PendingDecision
from rules_core.north_star.actions import Attack, ResolveRevealEffect
from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState
from rules_core.north_star.view import SeatView
from tests.bot.test_limits import card_violations, panel_items
from tests.north_star.scenario import RULES, player, scenario, species
from texts.menus import chosen as chosen_under
from texts.menus import menu as menu_at
from texts.menus import parse_path, path_text
from texts.messages import message
from texts.north_star import WORDS
from texts.north_star.choices import NorthStarTable, action_path, token_kind

SINCE = PendingDecision(0, "feed", "1", False, 7, None)  # type: ignore[arg-type]


def table_for(state: GameState, seat: int) -> NorthStarTable:
    mine = RULES.seat_view(state, seat)
    assert isinstance(mine, SeatView)
    return WORDS.table(mine.table, mine=mine)


def menu(actions: Any, prefix: Any) -> Any:
    return menu_at(actions, prefix, action_path)


def chosen(actions: Any, path: Any) -> Any:
    return chosen_under(actions, path, action_path)


def components(panel: prompts.PromptPanel) -> list[dict[str, Any]]:
    return panel_items(panel)


def random_states(games: int = 6, steps: int = 400) -> list[tuple[GameState, int]]:
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = RULES.new_game(players=[f"P{i}" for i in range(2 + seed % 4)], options={}, seed=seed)[0]
        for _ in range(steps):
            decisions = RULES.decisions(state)
            if not decisions:
                break
            seat = rng.choice(decisions).seat
            found.append((state, seat))
            state, _ = RULES.apply(state, rng.choice(RULES.legal_actions(state, seat)))
    return found


STATES = random_states()


def test_every_legal_action_has_its_own_path_and_no_path_prefixes_another() -> None:
    for state, seat in STATES[::7]:
        actions = RULES.legal_actions(state, seat)
        paths = [action_path(a) for a in actions]
        assert len(set(paths)) == len(paths)
        for a in paths:
            for b in paths:
                assert a == b or a[: len(b)] != b, (a, b)
        for action, path in zip(actions, paths, strict=True):
            assert parse_path(path_text(path)) == path
            assert chosen(actions, path) == action


def test_walking_the_menus_reaches_every_legal_action() -> None:
    for state, seat in STATES[::11]:
        actions = RULES.legal_actions(state, seat)
        reached = set()
        frontier: list[tuple[str, ...]] = [()]
        while frontier:
            shown = menu(actions, frontier.pop())
            assert shown is not None and shown.options
            for option in shown.options:
                if option.action is not None:
                    reached.add(option.action)
                else:
                    frontier.append((*shown.prefix, option.token))
        assert reached == set(actions)


def test_every_prompt_fits_discord() -> None:
    for state, seat in STATES[::5]:
        actions = RULES.legal_actions(state, seat)
        table = table_for(state, seat)
        shown = menu(actions, ())
        assert shown is not None
        for prefix in [(), *[(*shown.prefix, o.token) for o in shown.options if o.action is None]]:
            panel = prompts.prompt_panel(
                words=WORDS, game_id=10**12, decision=SINCE, actions=actions, table=table, prefix=prefix
            )
            assert panel is not None
            assert card_violations(panel) == []
            for item in components(panel):
                assert len(item["custom_id"]) <= 100
                assert len(item.get("label", "")) <= 80
                assert len(item.get("options", [])) <= 25
                for option in item.get("options", []):
                    assert len(option["label"]) <= 100


def test_a_hand_of_thirty_cards_is_paged() -> None:
    state = scenario(
        phase="food_cards", turn=None,
        players=[player("Ann", species(0), hand=["carnivore"] * 17 + ["ambush"] * 7 + ["burrowing"] * 6),
                 player("Bob", species(1), hand=["fertile"])],
    )  # fmt: skip
    actions = RULES.legal_actions(state, 0)
    assert len(actions) == 30
    table = table_for(state, 0)
    first = prompts.prompt_panel(words=WORDS, game_id=1, decision=SINCE, actions=actions, table=table)
    assert first is not None
    items = components(first)
    assert len(items[0]["options"]) == 25
    nav = {i["label"]: i for i in items if i["type"] == 2}
    assert nav[message("button.previous_page")]["disabled"] and not nav[message("button.next_page")].get("disabled")
    second = prompts.prompt_panel(words=WORDS, game_id=1, decision=SINCE, actions=actions, table=table, page=1)
    assert second is not None
    assert len(components(second)[0]["options"]) == 5


def test_an_intelligent_attack_chooses_its_discards_in_one_multi_select() -> None:
    state = scenario(
        phase="feeding", turn=0, watering_hole=0, food_bank=20,
        players=[
            player("Ann", species(0, body=4, pop=2, traits=["carnivore", "intelligence"]),
                   hand=["long_neck", "foraging", "scavenger"]),
            player("Bob", species(1, body=2, pop=2, traits=["climbing"])),
        ],
    )  # fmt: skip
    actions = RULES.legal_actions(state, 0)
    attacks = [a for a in actions if isinstance(a, Attack)]
    assert attacks and all(a.negate == (Trait.CLIMBING,) for a in attacks)
    table = table_for(state, 0)
    shown = menu(actions, ("A",))
    assert shown is not None
    # One carnivore and one target: straight to how to attack, then which card to discard.
    assert shown.prefix[:3] == ("A", "s0", "x1") and shown.prefix[3].startswith("n")
    assert {token_kind(o.token) for o in shown.options} == {"discards"} and len(shown.options) == 3
    panel = prompts.prompt_panel(words=WORDS, game_id=1, decision=SINCE, actions=actions, table=table, prefix=("A",))
    assert panel is not None
    (select,) = [i for i in components(panel) if i["type"] == 3]
    assert select["custom_id"].startswith("evo:s:d:") and select["min_values"] == select["max_values"] == 1
    assert len(select["options"]) == 3
    path = (*shown.prefix, "d" + select["options"][0]["value"])
    assert chosen(actions, path) in attacks


def test_the_owner_orders_reveal_effects_with_buttons() -> None:
    state = scenario(
        phase="reveal_effects", turn=None, food_bank=1,
        pending_effects=[{"seat": 0, "species": 0, "trait": "long_neck"},
                         {"seat": 0, "species": 1, "trait": "long_neck"}],
        players=[player("Ann", species(0, pop=2, traits=["long_neck"]), species(1, pop=2, traits=["long_neck"])),
                 player("Bob", species(2))],
    )  # fmt: skip
    actions = RULES.legal_actions(state, 0)
    assert all(isinstance(a, ResolveRevealEffect) for a in actions) and len(actions) == 2
    panel = prompts.prompt_panel(words=WORDS, game_id=1, decision=SINCE, actions=actions, table=table_for(state, 0))
    assert panel is not None
    labels = [i["label"] for i in components(panel) if not i["custom_id"].startswith("evo:a:")]
    assert labels == ["Long Neck on your species 1", "Long Neck on your species 2"]
    # And under the first level of a duty's prompt, the autopilot's button for its kind.
    assert [i["custom_id"] for i in components(panel) if i["custom_id"].startswith("evo:a:")] == [
        f"evo:a:on:1:{SINCE.kind}"
    ]
    assert message("north_star.question.reveal_order") in "\n".join(panel.lines)


@pytest.mark.parametrize("text", ["", "12", "c12/", "/c12", "c12//t", "c12 t", "ç12"])
def test_only_well_formed_paths_parse(text: str) -> None:
    if text == "":
        assert parse_path(text) == ()
        return
    with pytest.raises(ValueError):
        parse_path(text)


def test_a_species_detail_tells_its_fat_when_it_can_store_some() -> None:
    state = scenario(
        players=[
            player("Ann", species(0, body=3, pop=2, food=2, fat=2, traits=["fat_tissue"]), species(1, pop=2)),
            player("Bob", species(2, body=2, pop=1)),
        ]
    )
    table = table_for(state, 0)
    plain = message("north_star.species.detail", size=3, population=2, food=2, fat=2)
    with_fat = message("north_star.species.detail_fat", detail=plain, fat=2)
    assert table.species_detail(0).startswith(with_fat + ":")
    assert "fat" not in table.species_detail(1)
