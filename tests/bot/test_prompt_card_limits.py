"""A prompt card within Discord's limits for a layout message (40 components, 4,000 characters of text, five items
a row, ...: the limits the fake Discord applies, tests/discord_api/limits.py), at every menu level of long random
games of every rule system with every option, six seats, in each of the six languages, with a full hand, a
header carrying a phase's worth of news, and the discard pile's button beside the navigation ("My hand")."""

from __future__ import annotations

import random

import discord
import pytest

from bot import panels, prompts
from bot.game_posts import PHASE_LINES
from bot.limits import LAYOUT_TEXT
from game_service import PendingDecision
from rules_core.registry import RULESETS
from tests.bot.test_limits import violations
from tests.texts.menus import every_menu, random_prompts
from tests.texts.test_menu_effects import GAMES
from texts.languages import LANGUAGES
from texts.registry import words_for

PLAYERS = ["Jogadora número 1 com nome longo", "Bea", "Cy", "Dmytro Oleksandrovych", "Eve", "Zsófia Kovácsné"]


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_prompt_card_fits_discord(ruleset: str) -> None:
    rules, words = RULESETS[ruleset], words_for(ruleset)
    rng = random.Random(30)
    players = PLAYERS[: min(len(PLAYERS), rules.max_players)]
    news = [f"{'Something happened to your species, at length. ' * 3}{n}" for n in range(PHASE_LINES)]
    most: dict[str, int] = {"components": 0, "text": 0}
    for step, state, decision, actions in random_prompts(rules, players=players, options=GAMES[ruleset], seed=30):
        seat = decision.seat
        language = LANGUAGES[step % len(LANGUAGES)]
        mine = rules.seat_view(state, seat)
        table = words.table(mine.table, mine=mine, language=language)
        hand = prompts.hand_lines(words.secret_sections(mine, table), language)
        due = PendingDecision(seat, decision.kind, "1", False, 10**11, None)  # type: ignore[arg-type]
        pile = [panels.discard_button(10**12, language)]
        for shown in every_menu(actions, words.action_path):
            panel = prompts.prompt_panel(
                words=words, game_id=10**12, decision=due, actions=actions, table=table, prefix=shown.prefix,
                page=rng.randrange(3), notice="\n".join(news[:3]), autopilot=frozenset({"feed"}), extra=pile,
            )  # fmt: skip
            assert panel is not None
            header = [f"Evolution, game {10**12} in <#{10**18}>:", *news]
            card = prompts.private_card(
                panels.seat_colour(seat), header=header, hand=hand, body=panel.lines, rows=panel.rows
            )
            assert violations(view=card) == [], (ruleset, language, shown.prefix)
            texts = [c for c in card.walk_children() if isinstance(c, discord.ui.TextDisplay)]
            # The decision the prompt is about is never cut away for the hand or the news.
            assert any(panel.lines[0] in text.content for text in texts)
            count = sum(1 for _ in card.walk_children())
            most["components"] = max(most["components"], count)
            most["text"] = max(most["text"], sum(len(text.content) for text in texts))
    # The games reached large prompts (the fitting itself: the test below).
    assert most["text"] > LAYOUT_TEXT / 2 and most["components"] >= 15, most


def test_the_text_of_a_card_is_fitted_header_first_then_the_prompt_then_the_hand() -> None:
    body = ["**Your move**", "Which?", *[f"• choice {n}: " + "effect " * 20 for n in range(40)]]
    hand = ["### Your hand", *[f"card {n} " * 10 for n in range(200)]]
    card = prompts.private_card(panels.COLOUR, header=["head " * 300], hand=hand, body=body)
    texts = [c.content for c in card.walk_children() if isinstance(c, discord.ui.TextDisplay)]
    assert sum(map(len, texts)) <= LAYOUT_TEXT
    head, mine, prompt = texts
    assert head.startswith("head") and mine.startswith("### Your hand") and prompt.startswith("**Your move**\nWhich?")
    assert mine.endswith("…") and prompt.endswith("…"), "both cut at their ends"
