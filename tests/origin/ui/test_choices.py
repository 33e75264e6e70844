"""The original game's menus (texts/origin/choices.py): every legal action has one path and every path leads back to
its action, every menu asks its question in six languages, and the prompts that need it say what is at stake (the
attack a defender answers, the paired traits set off together)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import prompts
from game_service import PendingDecision
from rules_core.origin.actions import (
    DropTrait,
    Mimic,
    PlayAnimal,
    PlayPairedTrait,
    PlayTrait,
    Run,
    UsePairedTrait,
    Yield,
)
from rules_core.origin.cards import Trait
from rules_core.origin.state import GameState
from rules_core.origin.view import SeatView
from tests.bot.test_limits import card_violations, panel_items
from tests.origin.scenario import animal, link, player, scenario
from tests.origin.ui.games import OPTION_SETS, RULES, random_game, seats
from tests.texts.menus import every_menu
from texts.languages import LANGUAGES
from texts.menus import chosen, menu, parse_path, path_text
from texts.messages import message
from texts.origin import WORDS
from texts.origin.choices import action_path, trait_name
from texts.origin.table import OriginTable
from texts.presentation import capital

SINCE = PendingDecision(0, "develop", "1", False, 7, None)  # type: ignore[arg-type]
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def table_for(state: GameState, seat: int, language: str = "en") -> OriginTable:
    mine = RULES.seat_view(state, seat)
    assert isinstance(mine, SeatView)
    return WORDS.table(mine.table, mine=mine, language=language)


def reached(actions: Any) -> set[Any]:
    return {o.action for shown in every_menu(actions, action_path) for o in shown.options if o.action is not None}


@pytest.mark.parametrize("options", sorted(OPTION_SETS))
@SETTINGS
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000), every=st.integers(3, 9))
def test_every_legal_action_has_its_own_path_and_every_path_plays_its_action(
    options: str, players: int, seed: int, every: int
) -> None:
    chosen_options = OPTION_SETS[options]
    for step, (state, seat, _) in enumerate(random_game(seats(chosen_options, players), seed, options=chosen_options)):
        if seat < 0 or step % every:
            continue
        actions = RULES.legal_actions(state, seat)
        paths = [action_path(a) for a in actions]
        assert len(set(paths)) == len(paths)
        for a in paths:
            assert all(a == b or a[: len(b)] != b for b in paths), a
        for action, path in zip(actions, paths, strict=True):
            assert parse_path(path_text(path)) == path
            assert chosen(actions, path, action_path) == action
        assert reached(actions) == set(actions)


@pytest.mark.parametrize("options", sorted(OPTION_SETS))
@SETTINGS
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000), language=st.sampled_from(LANGUAGES))
def test_every_menu_asks_and_labels_in_the_players_language(
    options: str, players: int, seed: int, language: str
) -> None:
    kinds = set()
    chosen_options = OPTION_SETS[options]
    for step, (state, seat, _) in enumerate(random_game(seats(chosen_options, players), seed, options=chosen_options)):
        if seat < 0 or step % 5:
            continue
        kinds.add(RULES.decisions(state)[0].kind)
        actions = RULES.legal_actions(state, seat)
        table = table_for(state, seat, language)
        for shown in every_menu(actions, action_path):
            question = table.question(shown)
            assert question.strip() and "{" not in question
            for option in shown.options:
                assert table.label(shown.prefix, option.token).strip()
        for action in actions:
            assert table.action(action).strip()
    assert "develop" in kinds and "feed" in kinds


@pytest.mark.parametrize("options", [{"two_decks": True}, {"two_decks": True, **OPTION_SETS["both"]}])
def test_every_prompt_fits_discord(options: dict[str, Any]) -> None:
    for step, (state, seat, _) in enumerate(random_game(8, 3, options=options)):
        if seat < 0 or step % 7:
            continue
        actions = RULES.legal_actions(state, seat)
        table = table_for(state, seat)
        for shown in every_menu(actions, action_path):
            panel = prompts.prompt_panel(
                words=WORDS, game_id=10**12, decision=SINCE, actions=actions, table=table, prefix=shown.prefix
            )
            assert panel is not None
            assert card_violations(panel) == []
            for item in panel_items(panel):
                assert len(item["custom_id"]) <= 100 and len(item.get("label", "")) <= 80
                assert len(item.get("options", [])) <= 25


def develop(*players: dict[str, Any]) -> GameState:
    return scenario(phase="development", players=list(players))


def test_a_card_with_two_traits_offers_an_animal_and_both_sides() -> None:
    state = develop(player("Ann", animal(0), hand=["poisonous/carnivore#32"]), player("Bob", animal(1)))
    actions = RULES.legal_actions(state, 0)
    shown = menu(actions, ("c32",), action_path)
    assert shown is not None
    table = table_for(state, 0)
    labels = [table.label(shown.prefix, o.token) for o in shown.options]
    assert labels == [
        message("origin.choice.A"),
        message("origin.choice.as_trait", trait=trait_name(Trait.POISONOUS)),
        message("origin.choice.as_trait", trait=trait_name(Trait.CARNIVORE)),
    ]
    assert table.question(shown) == message("origin.question.card_use", card="Poisonous / Carnivorous")
    # Each side plays as itself: the trait chosen is the card's trait for good.
    carnivore = chosen(actions, ("c32", f"t{list(Trait).index(Trait.CARNIVORE)}", "a0"), action_path)
    assert carnivore == PlayTrait(0, 32, Trait.CARNIVORE, 0)
    assert chosen(actions, ("c32", "A"), action_path) == PlayAnimal(0, 32)


def test_parasite_is_offered_on_the_rivals_animals_only() -> None:
    state = develop(player("Ann", animal(0), hand=["parasite/carnivore#44"]), player("Bob", animal(1), animal(2)))
    parasites = [a for a in RULES.legal_actions(state, 0) if isinstance(a, PlayTrait) and a.trait is Trait.PARASITE]
    assert {a.animal for a in parasites} == {1, 2}
    table = table_for(state, 0)
    assert table.label(("c44", "t16"), "a1") == "Bob's animal 1"
    assert table.action(parasites[0]) == "give Parasite to Bob's animal 1"


def test_cooperation_joins_two_animals_chosen_in_one_multi_select() -> None:
    state = develop(
        player("Ann", animal(0), animal(1), animal(2), hand=["cooperation/carnivore#52"]), player("Bob", animal(3))
    )
    actions = RULES.legal_actions(state, 0)
    trait = f"t{list(Trait).index(Trait.COOPERATION)}"
    shown = menu(actions, ("c52", trait), action_path)
    assert shown is not None
    table = table_for(state, 0)
    assert table.question(shown) == message("origin.question.pair", trait="Cooperation")
    assert sorted(o.token for o in shown.options) == ["d0.1", "d0.2", "d1.2"]
    assert table.label(shown.prefix, "d0.2") == "Your animal 1 and your animal 3"
    assert chosen(actions, (*shown.prefix, "d0.2"), action_path) == PlayPairedTrait(0, 52, Trait.COOPERATION, 0, 2)
    panel = prompts.prompt_panel(
        words=WORDS, game_id=1, decision=SINCE, actions=actions, table=table, prefix=("c52", trait)
    )
    assert panel is not None
    (select,) = [i for i in panel_items(panel) if i["type"] == 3]
    assert select["custom_id"].startswith("evo:s:d:") and select["min_values"] == select["max_values"] == 2
    assert [o["label"] for o in select["options"]] == ["Your animal 1", "Your animal 2", "Your animal 3"]


def test_symbiosis_asks_for_the_symbiont_then_the_animal_it_shelters() -> None:
    state = develop(player("Ann", animal(0), animal(1), hand=["symbiosis#28"]), player("Bob", animal(3)))
    actions = RULES.legal_actions(state, 0)
    table = table_for(state, 0)
    trait = f"t{list(Trait).index(Trait.SYMBIOSIS)}"
    first = menu(actions, ("c28", trait), action_path)
    assert first is not None
    assert table.question(first) == message("origin.question.symbiont", trait="Symbiosis")
    second = menu(actions, ("c28", trait, "a1"), action_path)
    assert second is not None
    assert table.question(second) == message("origin.question.sheltered", symbiont="your animal 2")
    # Symbiosis has a direction: the symbiont shelters the other, so both orders are offered.
    assert {(a.first, a.second) for a in actions if isinstance(a, PlayPairedTrait)} == {(0, 1), (1, 0)}


def attacked(*defender_traits: str, others: tuple[dict[str, Any], ...] = ()) -> GameState:
    """Ann's carnivore (her animal 1) attacks Bob's animal 1, whose traits are ``defender_traits``."""
    state = scenario(
        food_base=2,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(5, *defender_traits), *others),
        ],
    )
    from rules_core.origin.actions import Attack

    state, _ = RULES.apply(state, Attack(0, 0, 5))
    return state


def test_the_defenders_prompt_tells_which_carnivore_attacks_which_animal() -> None:
    state = attacked("tail_loss", "scavenger", others=(animal(6, "camouflage"),))
    (decision,) = RULES.decisions(state)
    assert (decision.seat, decision.kind, decision.uses_secrets) == (1, "defend", False)
    actions = RULES.legal_actions(state, 1)
    assert {type(a) for a in actions} == {DropTrait, Yield}
    for language in LANGUAGES:
        table = table_for(state, 1, language)
        shown = menu(actions, (), action_path)
        assert shown is not None
        question = table.question(shown)
        assert capital(message("origin.animal.of", language, player="Ann", n=1)) in question
        assert message("origin.animal.yours", language, n=1) in question
        assert trait_name(Trait.CARNIVORE, language) in question
    table = table_for(state, 1)
    tail = menu(actions, ("T",), action_path)
    assert tail is not None
    assert table.question(tail).startswith(table.question(menu(actions, (), action_path)))  # type: ignore[arg-type]
    assert sorted(table.label(("T",), o.token) for o in tail.options) == ["Scavenger", "Tail Loss"]


def test_running_and_mimicry_are_offered_to_the_defender() -> None:
    state = attacked("running", "mimicry", others=(animal(6),))
    actions = RULES.legal_actions(state, 1)
    assert set(actions) == {Run(1), Mimic(1, 6)}
    table = table_for(state, 1)
    shown = menu(actions, (), action_path)
    assert shown is not None
    labels = {o.token: table.label((), o.token) for o in shown.options}
    assert labels == {
        "U": message("origin.choice.U", trait="Running"),
        "M": message("origin.choice.M", trait="Mimicry"),
    }
    assert table.action(Mimic(1, 6)) == "move the attack to your animal 2"


def test_paired_traits_set_off_together_are_ordered_by_their_owner() -> None:
    state = scenario(
        food_base=5,
        players=[
            player(
                "Ann",
                animal(0),
                animal(1),
                animal(2),
                links=[link("communication", 0, 1), link("communication", 0, 2)],
            ),
            player("Bob", animal(3)),
        ],
    )
    from rules_core.origin.actions import TakeFood

    state, _ = RULES.apply(state, TakeFood(0, 0))
    (decision,) = RULES.decisions(state)
    assert decision.kind == "pair_order"
    actions = RULES.legal_actions(state, 0)
    assert all(isinstance(a, UsePairedTrait) for a in actions) and len(actions) == 2
    table = table_for(state, 0)
    shown = menu(actions, (), action_path)
    assert shown is not None
    assert table.question(shown) == message("origin.question.pair_order")
    assert sorted(table.label((), o.token) for o in shown.options) == [
        "Communication gives your animal 2 a token",
        "Communication gives your animal 3 a token",
    ]
