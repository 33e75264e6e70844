"""The replay's animation (renderer/animation.py): which boards it shows, how it samples a long game, and a real GIF
within the size asked for, for every rule system the bot plays (docs/rulings.md, "Replays")."""

from __future__ import annotations

import io
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageSequence

from renderer import render_board
from renderer.animation import MAX_WIDTH, MIN_WIDTH, ReplayTooLarge, animate, phase_boards, sampled
from renderer.registry import DRAWERS
from rules_core.engine import PublicView
from rules_core.registry import find_ruleset
from tests.toy import registered
from texts.registry import playable_rulesets


def frames(image: Image.Image) -> int:
    return sum(1 for _ in ImageSequence.Iterator(image))


@dataclass(frozen=True)
class Board(PublicView):
    version: int
    round: int
    phase: str
    outcome: None = None


def boards(*phases: tuple[int, str]) -> list[Board]:
    return [Board(version, round_, phase) for version, (round_, phase) in enumerate(phases)]


def test_the_start_each_phase_end_and_the_last_board_are_shown() -> None:
    views = boards(
        (1, "deal"), (1, "deal"), (1, "feed"), (1, "feed"), (1, "feed"), (2, "deal"), (2, "feed"), (2, "feed")
    )
    # The board that opens a phase is the one the last move of the phase before left (the channel's phase post).
    assert [v.version for v in phase_boards(views)] == [0, 2, 5, 6, 7]
    assert [v.version for v in phase_boards(views[:1])] == [0]
    # A phase that comes again in the next round is a new phase.
    assert [v.version for v in phase_boards(boards((1, "feed"), (2, "feed")))] == [0, 1]


def test_a_long_game_is_sampled_evenly_keeping_its_first_and_last_board() -> None:
    views = list(range(100))
    kept = sampled(views, 10)
    assert len(kept) == 10 and kept[0] == 0 and kept[-1] == 99
    assert all(b - a in (11, 12) for a, b in itertools.pairwise(kept))
    assert sampled(views[:5], 10) == views[:5]


def played_views(
    name: str, players: int, seed: int, limit: int = 3000, options: Mapping[str, Any] | None = None
) -> list[PublicView]:
    """A whole game of ``name`` where every seat takes its timeout move, as the public view after each action."""
    rules = find_ruleset(name)
    state = rules.new_game(players=[f"P{i}" for i in range(players)], options=options or {}, seed=seed)[0]
    views = [rules.public_view(state)]
    for _ in range(limit):
        if rules.outcome(state) is not None:
            return views
        seat = rules.decisions(state)[0].seat
        state, _ = rules.apply(state, rules.timeout_action(state, seat))
        views.append(rules.public_view(state))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", playable_rulesets())
def test_every_rule_systems_game_replays_as_a_looping_gif(name: str) -> None:
    views = played_views(name, 3, seed=5)
    assert type(views[0]) in DRAWERS, "a rule system the bot draws"
    drawn: list[PublicView] = []

    def render(view: PublicView, /, *, labels: Mapping[str, str] | None = None) -> bytes:
        drawn.append(view)
        return render_board(view, labels=labels)

    data = animate(views, render=render, max_bytes=10 * 1024 * 1024, max_frames=12)
    shown = sampled(phase_boards(views), 12)
    assert drawn == shown
    assert views[-1].outcome is not None and drawn[-1] is views[-1], "the final board, with its scores"
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.info["loop"] == 0
    assert frames(gif) == len(shown) > 1
    boards = [Image.open(io.BytesIO(render_board(v))) for v in shown]
    widest, tallest = max(b.width for b in boards), max(b.height for b in boards)
    # Padded to the largest board, then scaled down to at most MAX_WIDTH.
    assert gif.width == min(widest, MAX_WIDTH)
    assert abs(gif.height - round(tallest * gif.width / widest)) <= 1


def test_a_replay_too_big_for_the_limit_is_shrunk_and_refused_below_the_smallest() -> None:
    with registered():  # the toy game's boards: any rule system's are shrunk alike
        views = played_views("toy", 2, seed=3, options={"rounds": 4})
        full = animate(views, render=render_board, max_bytes=10 * 1024 * 1024, max_frames=6)
        smaller = animate(views, render=render_board, max_bytes=len(full) - 1, max_frames=6)
        assert len(smaller) < len(full)
        assert MIN_WIDTH <= Image.open(io.BytesIO(smaller)).width < Image.open(io.BytesIO(full)).width
        with pytest.raises(ReplayTooLarge):
            animate(views, render=render_board, max_bytes=1000, max_frames=6)
