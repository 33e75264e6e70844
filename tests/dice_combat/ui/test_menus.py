"""The dice-combat menus: in random states, every legal action has one path that leads back to it, walking the
menus reaches every legal action, every choice and question has words in six languages, and every prompt fits
Discord. Buying population (rule 6.c, an opportunity) is offered in the prompt of a seat whose turn it is not."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot import prompts
from game_service import PendingDecision
from rules_core.dice_combat.actions import BuyPopulation
from rules_core.dice_combat.state import GameState
from rules_core.dice_combat.view import SeatView
from tests.bot.test_limits import card_violations, panel_items
from tests.dice_combat.ui.games import RULES, Step, player_count, steps
from tests.texts.menus import every_menu
from texts.dice_combat import WORDS
from texts.dice_combat.choices import DiceCombatTable, action_path
from texts.languages import LANGUAGES
from texts.menus import chosen, menu, parse_path, path_text

SINCE = PendingDecision(0, "hunt", "1", False, 7, None)  # type: ignore[arg-type]


def table_for(state: GameState, seat: int, language: str = "en") -> DiceCombatTable:
    mine = RULES.seat_view(state, seat)
    assert isinstance(mine, SeatView)
    return WORDS.table(mine.table, mine=mine, language=language)


@settings(max_examples=12, deadline=None)
@given(players=player_count, seed=st.integers(0, 10_000), pick=st.randoms(use_true_random=False))
def test_every_legal_action_has_a_path_and_every_path_plays_a_legal_action(players: int, seed: int, pick: Any) -> None:
    game: list[Step] = list(steps(players, seed))
    for step in pick.sample(game, min(8, len(game))):
        state = step.after
        for decision in RULES.decisions(state):
            actions = RULES.legal_actions(state, decision.seat)
            paths = [action_path(a) for a in actions]
            assert len(set(paths)) == len(paths)
            for a in paths:
                assert all(a == b or a[: len(b)] != b for b in paths), a
            for action, path in zip(actions, paths, strict=True):
                assert parse_path(path_text(path)) == path
                assert chosen(actions, path, action_path) == action
                RULES.apply(state, action)  # legal: no refusal
            reached = {o.action for m in every_menu(actions, action_path) for o in m.options if o.action is not None}
            assert reached == set(actions)


@settings(max_examples=6, deadline=None)
@given(players=player_count, seed=st.integers(0, 10_000), pick=st.randoms(use_true_random=False))
def test_every_choice_and_question_has_words_in_every_language_and_fits_discord(
    players: int, seed: int, pick: Any
) -> None:
    game = list(steps(players, seed))
    for step in pick.sample(game, min(4, len(game))):
        state = step.after
        for decision in RULES.decisions(state):
            actions = RULES.legal_actions(state, decision.seat)
            for language in LANGUAGES:
                table = table_for(state, decision.seat, language)
                for shown in every_menu(actions, action_path):
                    assert table.question(shown).strip()
                    for option in shown.options:
                        label = table.label(shown.prefix, option.token)
                        assert label.strip() and "{" not in label, (language, option.token, label)
                    for action in actions:
                        assert table.action(action).strip()
                    panel = prompts.prompt_panel(
                        words=WORDS,
                        game_id=10**12,
                        decision=SINCE,
                        actions=actions,
                        table=table,
                        prefix=shown.prefix,
                    )
                    assert panel is not None
                    assert card_violations(panel) == []
                    for item in panel_items(panel):
                        assert len(item["custom_id"]) <= 100 and len(item.get("label", "")) <= 80


def test_a_seat_whose_turn_it_is_not_is_offered_population_in_its_prompt() -> None:
    for step in steps(4, 5):
        state = step.after
        offered = [d for d in RULES.decisions(state) if d.opportunity]
        duties = {d.seat for d in RULES.decisions(state) if not d.opportunity}
        waiting = [d for d in offered if d.seat not in duties]
        if not waiting:
            continue
        seat = waiting[0].seat
        actions = RULES.legal_actions(state, seat)
        assert actions == (BuyPopulation(seat),)
        shown = menu(actions, (), action_path)
        assert shown is not None and [o.action for o in shown.options] == [BuyPopulation(seat)]
        label = table_for(state, seat).label((), "B")
        assert label.strip()
        return
    raise AssertionError("no state offered population to a seat that owed nothing")
