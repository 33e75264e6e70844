"""Cost and size of ``/evolution replay``: a finished game's boards (the start, each phase's end, the final board)
drawn and encoded as one animated GIF, for each rule system the bot plays.

Usage: python -m benchmarks.replay [--games N] [--players N] [--limit BYTES]

Whole games are played to the end with uniformly random legal moves through the rules (no service, no database:
the service's replay of the log is ``benchmarks.history``'s figure), then ``renderer.animation.animate`` draws and
encodes them within ``--limit`` bytes (Discord's default upload). Figures: the boards shown, the time to draw them,
the whole build (drawing, padding, palettes, encoding, and shrinking when over the limit), the GIF's size and width.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Mapping

from PIL import Image

from benchmarks import machine, new_game
from renderer import render_board
from renderer.animation import MAX_FRAMES, animate, phase_boards, sampled
from rules_core.engine import PublicView
from rules_core.registry import find_ruleset
from texts.registry import playable_rulesets


def played(name: str, players: int, seed: int) -> list[PublicView]:
    """A whole game of random legal moves, as the public view after each action (the start first)."""
    rules = find_ruleset(name)
    chooser = random.Random(seed)
    state = new_game(rules, [f"Player {i + 1}" for i in range(players)], seed)
    views = [rules.public_view(state)]
    while rules.outcome(state) is None:
        duties = rules.duties(state)
        seat = duties[chooser.randrange(len(duties))].seat
        legal = rules.legal_actions(state, seat)
        state, _ = rules.apply(state, legal[chooser.randrange(len(legal))])
        views.append(rules.public_view(state))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5, help="finished games per rule system")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--limit", type=int, default=10 * 1024 * 1024, help="the upload limit in bytes")
    args = parser.parse_args()
    print(f"{machine()}, {args.players} players, {args.games} games per rule system, limit {args.limit} bytes")
    for name in playable_rulesets():
        actions, boards, drawing, building, sizes, widths = [], [], [], [], [], []
        for seed in range(args.games):
            views = played(name, args.players, seed)
            shown = sampled(phase_boards(views), MAX_FRAMES)
            drawn = 0.0

            def render(view: PublicView, /, *, labels: Mapping[str, str] | None = None) -> bytes:
                nonlocal drawn
                start = time.perf_counter()
                png = render_board(view, labels=labels)
                drawn += time.perf_counter() - start
                return png

            start = time.perf_counter()
            gif = animate(views, render=render, max_bytes=args.limit)
            building.append(time.perf_counter() - start)
            drawing.append(drawn)
            actions.append(len(views) - 1)
            boards.append(len(shown))
            sizes.append(len(gif))
            widths.append(Image.open(io.BytesIO(gif)).width)
        print(
            f"{name}: {statistics.median(actions):.0f} actions, {statistics.median(boards):.0f} boards "
            f"(max {max(boards)}); build median {statistics.median(building):.2f} s, max {max(building):.2f} s "
            f"(drawing {statistics.median(drawing):.2f} s); GIF median {statistics.median(sizes) / 1e6:.2f} MB, "
            f"max {max(sizes) / 1e6:.2f} MB; width {min(widths)}-{max(widths)} px"
        )


if __name__ == "__main__":
    main()
