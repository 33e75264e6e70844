"""The tie-break as a house rule (``tie_break``). Printed (seed 003, "Завершення гри та визначення переможця"): more
surviving animals, then the animal with the most traits, a tie left shared. ``discards`` (the first edition's ranking,
not in a seed; docs/rulings.md, "Tie-break: discards"): more cards put into the discard pile over the game, then a die
roll drawn from the game's generator, again among those still equal, so that nobody shares a place."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rules_core.origin.actions import Attack, DropTrait, Metamorphose, Pass, Yield
from rules_core.origin.events import DeckReshuffled, GameEnded, TieDiceRolled
from rules_core.origin.state import GameState, Phase, TieBreak
from tests.origin.scenario import RULES, animal, expanded, link, of, player, scenario
from tests.origin.test_properties import SETTINGS, random_game

DISCARDS = {"tie_break": "discards"}


def counted(data: dict[str, Any], discarded: int) -> dict[str, Any]:
    return {**data, "discarded": discarded}


def end_turn(state: GameState) -> tuple[GameState, list[object]]:
    """Everybody passes until the turn (here: the game) is over."""
    events: list[object] = []
    while state.phase is Phase.FEEDING and RULES.decisions(state):
        state, more = RULES.apply(state, Pass(RULES.decisions(state)[0].seat))
        events.extend(more)
    return state, events


def last_turn(*players: dict[str, Any], options: dict[str, Any] | None = None, script: list[int] | None = None):
    return scenario(
        food_base=0,
        last_turn=True,
        options=DISCARDS if options is None else options,
        rng={"seed": 7, "script": script or []},
        players=list(players),
    )


# The counts: every way a card of a player's reaches the discard pile.


def test_an_animal_that_starves_counts_its_card_its_traits_and_its_paired_traits():
    state = scenario(
        food_base=0,
        players=[
            player("Ann", animal(0, "swimming", "running"), animal(1, food=1), links=[link("cooperation", 0, 1)]),
            player("Bob", animal(2, food=1)),
        ],
    )
    state, _ = end_turn(state)
    assert [p.discarded for p in state.players] == [1 + 2 + 1, 0]


def test_an_animal_eaten_counts_for_its_owner_not_the_hunter():
    state = scenario(
        food_base=3, players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "burrowing"))]
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    if state.interrupts:
        state, _ = RULES.apply(state, Yield(1))
    assert state.find(1) is None
    assert [p.discarded for p in state.players] == [0, 2]


def test_a_trait_dropped_by_tail_loss_counts_one():
    state = scenario(
        food_base=3, players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "tail_loss", "piracy#8"))]
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    state, _ = RULES.apply(state, DropTrait(1, 8))
    assert [p.discarded for p in state.players] == [0, 1]


def test_a_trait_shed_by_metamorphosis_counts_one():
    state = expanded(food_base=3, players=[player("Ann", animal(0, "metamorphosis", "running#20")), player("Bob")])
    state, _ = RULES.apply(state, Metamorphose(0, 0, 20))
    assert [p.discarded for p in state.players] == [1, 0]


def test_a_rivals_trematode_counts_for_the_owner_of_the_animals_it_leaves():
    state = expanded(
        food_base=0,
        players=[
            player("Ann", animal(0, food=1)),
            player("Bob", animal(1, food=1), animal(2), links=[link("trematode", 1, 2)]),
        ],
    )
    state, _ = end_turn(state)
    # Animal 2 starves (its card and the Trematode go); animal 1 needed 2 with the Trematode and starves too.
    assert [p.discarded for p in state.players] == [0, 3]


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=5))
def test_every_card_that_reaches_the_discard_pile_counts_for_exactly_one_player(seed: int, players: int) -> None:
    reshuffled = 0
    for _, _, state, events in random_game(seed, players, {"time_to_fly": True, "darwins_day": True, **DISCARDS}):
        reshuffled += sum(e.cards for e in of(events, DeckReshuffled))
        assert sum(p.discarded for p in state.players) == len(state.discard) + reshuffled
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1
    assert sorted(s.rank for s in outcome.standings) == list(range(1, players + 1))


# The ranking.


def test_equal_points_go_to_more_cards_discarded():
    state, events = end_turn(
        last_turn(counted(player("Ann", animal(0, food=1)), 2), counted(player("Bob", animal(1, food=1)), 5))
    )
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert [(s.seat, s.rank, s.tiebreaks) for s in outcome.standings] == [(1, 1, (5,)), (0, 2, (2,))]
    assert of(events, TieDiceRolled) == [] and of(events, GameEnded) == [GameEnded((1,))]


def test_printed_ignores_the_discards_and_shares_a_tie():
    state, events = end_turn(
        last_turn(
            counted(player("Ann", animal(0, food=1)), 2),
            counted(player("Bob", animal(1, food=1)), 5),
            options={},
        )
    )
    assert state.options.tie_break is TieBreak.PRINTED
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)
    assert [s.tiebreaks for s in outcome.standings] == [(1, 0), (1, 0)]
    assert of(events, TieDiceRolled) == []


def test_points_still_come_first():
    state, _ = end_turn(
        last_turn(
            counted(player("Ann", animal(0, "swimming", food=1)), 0), counted(player("Bob", animal(1, food=1)), 9)
        )
    )
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,)


def test_equal_discards_roll_a_die_and_the_higher_roll_wins():
    # Scripted dice: Ann rolls 2, Bob 5.
    state, events = end_turn(
        last_turn(
            counted(player("Ann", animal(0, food=1)), 3), counted(player("Bob", animal(1, food=1)), 3), script=[1, 4]
        )
    )
    assert of(events, TieDiceRolled) == [TieDiceRolled(2, 3, ((0, 2), (1, 5)))]
    assert of(events, GameEnded) == [GameEnded((1,))]
    outcome = RULES.outcome(state)
    assert outcome is not None and [(s.seat, s.rank, s.tiebreaks) for s in outcome.standings] == [
        (1, 1, (3, 5)),
        (0, 2, (3, 2)),
    ]


def test_equal_rolls_roll_again_only_among_those_equal():
    # Three tied: 4, 4, 1; then Ann and Bob again: 1, 6. Cy (1) is third without rolling again.
    players = [counted(player(name, animal(i, food=1)), 1) for i, name in enumerate(("Ann", "Bob", "Cy"))]
    state, events = end_turn(last_turn(*players, script=[3, 3, 0, 0, 5]))
    assert of(events, TieDiceRolled) == [
        TieDiceRolled(2, 1, ((0, 4), (1, 4), (2, 1))),
        TieDiceRolled(2, 1, ((0, 1), (1, 6))),
    ]
    outcome = RULES.outcome(state)
    assert outcome is not None and [(s.seat, s.rank) for s in outcome.standings] == [(1, 1), (0, 2), (2, 3)]
    assert [p.tie_rolls for p in state.players] == [(4, 1), (4, 6), (1,)]


def test_only_players_still_equal_roll():
    # Ann and Bob tie on points and discards; Cy has fewer points: only two dice are drawn.
    state, events = end_turn(
        last_turn(
            counted(player("Ann", animal(0, food=1)), 1),
            counted(player("Bob", animal(1, food=1)), 1),
            counted(player("Cy"), 1),
            script=[5, 0],
        )
    )
    assert of(events, TieDiceRolled) == [TieDiceRolled(2, 1, ((0, 6), (1, 1)))]
    assert state.players[2].tie_rolls == ()


def test_the_roll_is_drawn_from_the_games_seed_so_it_replays():
    def ended(seed: int) -> tuple[list[object], tuple[int, ...]]:
        table = [counted(player(name, animal(i, food=1)), 1) for i, name in enumerate(("Ann", "Bob", "Cy", "Di"))]
        state = scenario(food_base=0, last_turn=True, options=DISCARDS, rng={"seed": seed}, players=table)
        state, events = end_turn(state)
        outcome = RULES.outcome(state)
        assert outcome is not None and len(outcome.winners) == 1
        return of(events, TieDiceRolled), outcome.winners

    assert all(ended(seed) == ended(seed) for seed in range(5))
    assert len({ended(seed)[1] for seed in range(20)}) > 1
