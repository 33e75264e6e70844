"""A golden count of legal actions along fixed seeded games: a silent change in move generation shows here.

If a rule or card change is meant to alter these numbers, re-run ``python -m tests.dice_combat.test_golden`` and
paste the new figures, saying in the commit which rule or card changed. A change of cards is a new edition
(rules_core/dice_combat/cards.py): the games of the editions before it must keep their figures, since games stored
under them replay their logs. So must the games of each generator (rules_core/rng.py): ``GOLDEN`` holds the games
whose options name no generator (stored before there was a choice: the first, a fresh Mersenne Twister a draw),
``COUNTER_GOLDEN`` those of a new game, which draws with the counter.
"""

from __future__ import annotations

from rules_core.dice_combat.cards import EDITIONS
from rules_core.rng import COUNTER, RESEEDED
from tests.dice_combat.helpers import RULES
from tests.playing import trace

#: By edition: (players, seed) -> the trace, of games whose options name no generator. Edition 1's were recorded
#: before the cards came in editions (a game whose options name no edition).
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


#: The same games with the counter generator (a new game's options name it), by edition.
COUNTER_GOLDEN: dict[int, dict[tuple[int, int], tuple[int, int, int, tuple[int, ...]]]] = {
    1: {
        (2, 11): (160, 450, 15, (0, 1)),
        (4, 12): (260, 915, 15, (3, 0, 1, 2)),
        (6, 13): (378, 1544, 15, (5, 4, 1, 2, 0, 3)),
    },
    2: {
        (2, 11): (133, 386, 13, (0, 1)),
        (4, 12): (207, 762, 14, (2, 0, 1, 3)),
        (6, 13): (263, 1274, 12, (2, 4, 3, 0, 5, 1)),
    },
}


def test_legal_action_counts_along_fixed_games_are_unchanged() -> None:
    assert sorted(GOLDEN) == sorted(COUNTER_GOLDEN) == sorted(EDITIONS)
    for (players, seed), expected in GOLDEN[1].items():
        assert trace(RULES, players, seed) == expected, (players, seed)  # no edition named: the first
    for edition, games in GOLDEN.items():
        for (players, seed), expected in games.items():
            assert trace(RULES, players, seed, options={"edition": edition}) == expected, (edition, players, seed)
            first = {"edition": edition, "generator": RESEEDED}
            assert trace(RULES, players, seed, options=first) == expected, (edition, players, seed)
    for edition, games in COUNTER_GOLDEN.items():
        for (players, seed), expected in games.items():
            counter = {"edition": edition, "generator": COUNTER}
            assert trace(RULES, players, seed, options=counter) == expected, (edition, players, seed)


if __name__ == "__main__":
    for name, generator in (("GOLDEN", RESEEDED), ("COUNTER_GOLDEN", COUNTER)):
        print(name)
        for edition in EDITIONS:
            print(f"    {edition}: {{")
            for players, seed in ((2, 11), (4, 12), (6, 13)):
                options = {"edition": edition, "generator": generator}
                print(f"        ({players}, {seed}): {trace(RULES, players, seed, options=options)},")
            print("    },")
