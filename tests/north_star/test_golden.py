"""Golden figures along fixed seeded games: a silent change in move generation or in what an action does shows here.

* A count of legal actions (and the final scores) along games that take the legal action at a fixed index.
* A fingerprint of whole random games: the final state's JSON and every event told on the way. An engine made
  faster must leave these unchanged, so a stored game's action log still replays to the same states.

If a rule change is meant to alter these figures, re-run ``python -m tests.north_star.test_golden`` and paste the
new ones, saying in the commit which rule changed.
"""

from __future__ import annotations

import hashlib
import json
import random

from rules_core.north_star import NorthStar
from rules_core.north_star.state import Phase
from tests.playing import trace

RULES = NorthStar()


GOLDEN: dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]] = {
    (2, 11): (146, 3148, 8, (32, 37)),
    (4, 12): (263, 5499, 7, (36, 47, 36, 46)),
    (6, 13): (236, 4231, 5, (25, 16, 20, 20, 24, 14)),
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    for (players, seed), expected in GOLDEN.items():
        assert trace(RULES, players, seed) == expected, (players, seed)


def fingerprint(players: int, seed: int, quick: bool) -> str:
    """A random game (a random deciding seat, a random legal action) to the end: a digest of the final state's
    JSON and of every event told, the setup's included."""
    chooser = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    state, events = RULES.new_game(players=names, options={"quick_game": quick}, seed=seed)
    told = [repr(e) for e in events]
    while state.phase is not Phase.GAME_OVER:
        decisions = RULES.decisions(state)
        seat = decisions[chooser.randrange(len(decisions))].seat
        legal = RULES.legal_actions(state, seat)
        state, events = RULES.apply(state, legal[chooser.randrange(len(legal))])
        told.extend(repr(e) for e in events)
    digest = hashlib.sha256(json.dumps(RULES.dump_state(state), sort_keys=True).encode())
    digest.update("\n".join(told).encode())
    return digest.hexdigest()[:16]


#: (players, seed, quick game): fingerprint. The games are those taken before the engine was made faster
#: (docs/benchmarks.md); the digests changed with the state's format label (format 3, issue 32), with each
#: player's list of the species they made (format 4, stable names), the same states and events otherwise, and with
#: formats 5 and 6, where the card play begins at the food card (docs/rulings.md): the random games choose among
#: new moves, so they are new games (a log of the old rules still replays to the same state: every food card chosen
#: before any card played).
FINGERPRINTS: dict[tuple[int, int, bool], str] = {
    (2, 31, False): "1a26e5499d68d2e0",
    (3, 32, False): "af0e20e85794b0f1",
    (4, 33, False): "c3785806495d43cf",
    (4, 34, True): "5563c09e6ee5cd9b",
    (5, 35, False): "de9116756512f836",
    (6, 36, False): "ac39d13022109a9a",
}


def test_whole_random_games_end_in_the_same_state_with_the_same_events() -> None:
    for (players, seed, quick), expected in FINGERPRINTS.items():
        assert fingerprint(players, seed, quick) == expected, (players, seed, quick)


if __name__ == "__main__":
    for players, seed in GOLDEN:
        print(f"    ({players}, {seed}): {trace(RULES, players, seed)},")
    for players, seed, quick in FINGERPRINTS:
        print(f'    ({players}, {seed}, {quick}): "{fingerprint(players, seed, quick)}",')
