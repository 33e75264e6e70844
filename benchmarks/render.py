"""Renders boards of seeded random games of every rule system at every table size it allows and prints, per rule
system and player count, the image's size, its PNG bytes, the time to draw it and the smallest text on it when the
image is shown 400 pixels wide (as a phone shows it: renderer.phone).

Usage: python -m benchmarks.render [--states N] [--games north_star origin ...] [--players 2 4 6] [--width PX]

Each state comes from its own seeded game of uniformly random legal moves: most are stopped somewhere between a
quarter and three quarters of the way through, every fourth at its end (the results board); each is rendered once
(after a few warm-up renderings of other states), so the figures include text layout and the PNG encoding but only
the caches a long-running bot would have warm. "Smallest text" is the least, over the states, of the smallest font
the drawer used (its own record, scaled to 400 pixels): of every text, and of the essential ones (what a player
needs to decide; on a board of up to four players every text is essential).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks import machine, new_game
from renderer import draw_board, phone
from renderer.pen import Drawing
from rules_core.engine import PublicView
from rules_core.registry import RULESETS, find_ruleset

WARM_UP = 3
NAMES = ("Anna Kovács", "Bartosz Łukasiewicz", "Олександра Шевченко", "Ödön Hősök", "María José", "Tom", "Zoë", "Kai")


def moment(name: str, players: int, seed: int) -> PublicView:
    """The public view of a seeded random game: at its end for every fourth seed, else part of the way through."""
    rules = find_ruleset(name)
    chooser = random.Random(seed)
    state = new_game(rules, NAMES[:players], seed)
    states = [state]
    while rules.outcome(state) is None:
        duties = rules.duties(state)
        seat = duties[chooser.randrange(len(duties))].seat
        legal = rules.legal_actions(state, seat)
        state, _ = rules.apply(state, legal[chooser.randrange(len(legal))])
        states.append(state)
    chosen = state if seed % 4 == 3 else states[round(len(states) * chooser.uniform(0.25, 0.75))]
    view: PublicView = rules.public_view(chosen)
    return view


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=20, help="states per rule system and player count")
    parser.add_argument("--games", nargs="+", default=sorted(RULESETS), choices=sorted(RULESETS))
    parser.add_argument("--players", type=int, nargs="+", default=None, help="default: every count allowed")
    parser.add_argument("--width", type=int, default=None, help="image width in pixels (default: natural)")
    args = parser.parse_args()
    print(f"{machine()}, {args.states} states per rule system and player count; text sizes at {phone.PHONE_WIDTH} px")
    print("game          players  width × height (median, max)  PNG median / max KB  p50 / p99 ms    smallest text")
    for name in args.games:
        rules = find_ruleset(name)
        counts = args.players or range(rules.min_players, rules.max_players + 1)
        for players in counts:
            if not rules.min_players <= players <= rules.max_players:
                continue
            views = [moment(name, players, seed) for seed in range(args.states + WARM_UP)]
            for view in views[:WARM_UP]:
                draw_board(view, width=args.width)
            times: list[float] = []
            drawings: list[Drawing] = []
            for view in views[WARM_UP:]:
                start = time.perf_counter()
                drawings.append(draw_board(view, width=args.width))
                times.append((time.perf_counter() - start) * 1000)
            heights = [d.height for d in drawings]
            sizes = [len(d.png) for d in drawings]
            widths = sorted({d.width for d in drawings})
            width = f"{widths[0]}" if len(widths) == 1 else f"{widths[0]}-{widths[-1]}"
            smallest = min(d.smallest() for d in drawings)
            essential = min(d.smallest(essential=True) for d in drawings)
            print(
                f"{name:<12} {players:>8}  {width:>9} × {statistics.median(heights):5.0f}, {max(heights):5d}"
                f"  {statistics.median(sizes) / 1000:7.1f} / {max(sizes) / 1000:6.1f}  "
                f"{percentile(times, 0.5):6.1f} / {percentile(times, 0.99):6.1f}  "
                f"{smallest:4.1f} px (essential {essential:4.1f})"
            )


if __name__ == "__main__":
    main()
