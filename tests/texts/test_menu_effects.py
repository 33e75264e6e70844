"""Menus that explain (issue 30): every card choice of every rule system's menus, and every autocomplete entry of a
move that puts a card or trait into play, carries the card's effect in short in the player's language, within
Discord's 100 characters (each rule system's own effects: ``tests/<ruleset>/ui/test_menu_effects.py``)."""

from __future__ import annotations

import pytest

from bot import prompts
from game_service import PendingDecision
from rules_core.registry import RULESETS
from tests.bot.test_limits import panel_items
from tests.texts.menus import every_menu, random_prompts
from texts.languages import LANGUAGES
from texts.registry import words_for

#: Each rule system with the options that deal every card it has.
GAMES = {
    "north_star": {},
    "origin": {"time_to_fly": True, "darwins_day": True},
    "dice_combat": {},
}
#: Discord's limit on a select option's description and on an autocomplete entry's name.
LIMIT = 100


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_card_choice_and_autocomplete_entry_says_what_the_card_does(ruleset: str) -> None:
    rules, words = RULESETS[ruleset], words_for(ruleset)
    cards = effects = 0
    for step, state, decision, actions in random_prompts(rules, players=["Ada", "Bea", "Cy"], options=GAMES[ruleset],
                                                         seed=5):  # fmt: skip
        seat = decision.seat
        if step % 3 == 0:
            language = LANGUAGES[step % len(LANGUAGES)]
            mine = rules.seat_view(state, seat)
            table = words.table(mine.table, mine=mine, language=language)
            due = PendingDecision(seat, decision.kind, "1", False, 7, None)  # type: ignore[arg-type]
            for shown in every_menu(actions, words.action_path):
                for option in shown.options:
                    if option.token.startswith("c"):
                        cards += 1
                        detail = table.describe(shown.prefix, option.token)
                        assert detail and len(detail) <= LIMIT, (option, detail)
                if any(o.token.startswith("c") for o in shown.options):
                    panel = prompts.prompt_panel(
                        words=words, game_id=1, decision=due, actions=actions, table=table, prefix=shown.prefix
                    )
                    assert panel is not None
                    selects = [
                        option
                        for item in panel_items(panel)
                        for option in item.get("options", [])
                        if option["value"].startswith("c")
                    ]
                    assert selects and all(o.get("description") for o in selects)
            for action in actions:
                effect = table.effect(action)
                if effect is not None:
                    effects += 1
                    assert 0 < len(effect) <= LIMIT
    assert cards and effects
