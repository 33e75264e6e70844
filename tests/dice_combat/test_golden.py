"""A golden count of legal actions along fixed seeded games: a silent change in move generation shows here.

If a rule or card change is meant to alter these numbers, re-run ``python -m tests.dice_combat.test_golden`` and
paste the new figures, saying in the commit which rule or card changed. A change of cards is a new edition
(rules_core/dice_combat/cards.py): the games of the editions before it must keep their figures, since games stored
under them replay their logs.
"""

from __future__ import annotations

from rules_core.dice_combat.cards import EDITIONS
from tests.dice_combat.helpers import RULES
from tests.playing import trace

#: By edition: (players, seed) -> the trace. Edition 1's were recorded before the cards came in editions (a game
#: whose options name no edition).
GOLDEN: dict[int, dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]]] = {
    1: {
        (2, 11): (50, 195, 4, (1, 0)),
        (4, 12): (151, 660, 9, (1, 0, 3, 2)),
        (6, 13): (305, 1406, 15, (3, 2, 0, 4, 1, 5)),
    },
    2: {
        (2, 11): (52, 207, 4, (0, 1)),
        (4, 12): (149, 666, 7, (2, 1, 0, 3)),
        (6, 13): (199, 1111, 9, (4, 3, 1, 0, 2, 5)),
    },
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    assert sorted(GOLDEN) == sorted(EDITIONS)
    for (players, seed), expected in GOLDEN[1].items():
        assert trace(RULES, players, seed) == expected, (players, seed)  # no edition named: the first
    for edition, games in GOLDEN.items():
        for (players, seed), expected in games.items():
            assert trace(RULES, players, seed, options={"edition": edition}) == expected, (edition, players, seed)


if __name__ == "__main__":
    for edition in EDITIONS:
        print(f"    {edition}: {{")
        for players, seed in ((2, 11), (4, 12), (6, 13)):
            print(f"        ({players}, {seed}): {trace(RULES, players, seed, options={'edition': edition})},")
        print("    },")
