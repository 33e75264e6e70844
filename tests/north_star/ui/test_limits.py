"""North Star's status post and each player's panels fit Discord's limits in each of the six languages, with six
seats of long names part-way through a game (the limits as the fake Discord applies them: tests/bot/test_limits.py)."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot import panels, prompts
from bot.limits import EMBED_DESCRIPTION
from game_service import GameInfo, PendingDecision, SeatInfo
from rules_core.north_star import NorthStar
from tests.bot.test_limits import card_violations, violations
from texts.languages import LANGUAGES
from texts.north_star import WORDS

RULES = NorthStar()
NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
#: Discord display names are up to 32 characters.
LONG_NAMES = tuple(f"Jogadora número {seat} com nome longo"[:32] for seat in range(6))


def six_seat_game(language: str) -> tuple[GameInfo, Any, list[str]]:
    """A six-seat game with long names, part-way through, and every public line told so far in ``language``."""
    state, events = RULES.new_game(players=list(LONG_NAMES), options={}, seed=11)
    rng = random.Random(11)
    told = list(events)
    for _ in range(250):
        duties = RULES.duties(state)
        if not duties:
            break
        seat = rng.choice(duties).seat
        state, events = RULES.apply(state, rng.choice(RULES.legal_actions(state, seat)))
        told += events
    view = RULES.public_view(state)
    table = WORDS.table(view, language=language)
    lines = WORDS.public_lines([e for e in told if e.audience is None], table)
    seats = tuple(
        SeatInfo(seat, str(4_000_000_000_000_000 + seat), name, False) for seat, name in enumerate(LONG_NAMES)
    )
    due = tuple(
        PendingDecision(d.seat, d.kind, seats[d.seat].user_id, False, view.version, NOW, NOW)
        for d in RULES.duties(state)
    )
    info = GameInfo(
        game_id=10**12, channel_id="1", ruleset="north_star", status="running", host_id=seats[0].user_id or "",
        players=seats, version=view.version, options={}, settings={"language": language}, min_players=2,
        max_players=6, seed=11, created_at=NOW, started_at=NOW, finished_at=None, to_decide=due, outcome=None,
    )  # fmt: skip
    return info, view, lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_status_post_of_a_six_seat_game_fits_in_every_language(language: str) -> None:
    info, view, lines = six_seat_game(language)
    assert len("\n".join(lines)) > EMBED_DESCRIPTION, "enough lines to fill a description"
    waiting = panels.waiting_line(info, info.to_decide, language)
    layout = panels.status_layout(view, info, lines, language, waiting=waiting)
    assert violations(view=layout) == []
    # The latest moves are kept, the oldest dropped.
    shown = "\n".join(item.content for item in layout.walk_children() if isinstance(item, discord.ui.TextDisplay))
    assert lines[-1] in shown and waiting in shown
    assert violations(embed=panels.info_embed(info, view, language)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_players_panels_fit_in_every_language(language: str) -> None:
    # The hand and the food-card prompt of each of six seats with long names, in this language.
    state, _ = RULES.new_game(players=list(LONG_NAMES), options={}, seed=11)
    for seat in range(6):
        mine = RULES.seat_view(state, seat)
        table = WORDS.table(mine.table, mine=mine, language=language)
        hand = prompts.hand_lines(WORDS.secret_sections(mine, table), language)
        decision = PendingDecision(seat, "food_card", "1", False, 0, NOW)
        panel = prompts.prompt_panel(
            game_id=10**12, decision=decision, actions=RULES.legal_actions(state, seat), table=table, words=WORDS
        )
        assert panel is not None
        assert card_violations(panel, header=["Evolution"], hand=hand) == []
