"""Quick game (seed 000, "GYORS JÁTÉK SZABÁLYAI"; "HATSZEMÉLYES SZABÁLYOK"; seed 002, "Variante rápida e regras para 6
jogadores"): in phase 3 everybody plays their cards at the same time, without watching the others; a six-player
game always uses the quick-game rules."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.errors import MalformedInput
from rules_core.north_star.actions import (
    CreateSpecies,
    FinishCardPlay,
    IncreasePopulation,
    PlayTrait,
    SelectFoodCard,
)
from rules_core.north_star.events import CARD_PLAY_EVENTS, PlaysShown, SpeciesCreated, TraitsRevealed
from rules_core.north_star.state import GameState, Phase
from tests.north_star.helpers import refusal_code
from tests.north_star.scenario import RULES, player, scenario, species


def _playing(count: int, quick: bool) -> GameState:
    return scenario(
        phase="play_cards",
        options={"quick_game": quick},
        players=[player(f"P{i}", species(i), hand=["horns", "climbing"]) for i in range(count)],
    )


def test_in_the_quick_game_everybody_plays_cards_at_once():
    state = _playing(3, True)
    assert sorted((d.seat, d.kind) for d in RULES.decisions(state)) == [
        (0, "play_cards"),
        (1, "play_cards"),
        (2, "play_cards"),
    ]
    state, _ = RULES.apply(state, IncreasePopulation(2, state.players[2].hand[0], 2))  # the last seat goes first
    state, _ = RULES.apply(state, FinishCardPlay(1))
    assert sorted(d.seat for d in RULES.decisions(state)) == [0, 2]
    assert refusal_code(state, FinishCardPlay(1)) == "already_decided"
    state, _ = RULES.apply(state, FinishCardPlay(2))
    state, _ = RULES.apply(state, FinishCardPlay(0))
    assert state.phase is not Phase.PLAY_CARDS


def test_without_the_quick_game_cards_are_played_in_turn():
    state = _playing(3, False)
    assert [d.seat for d in RULES.decisions(state)] == [0]
    assert refusal_code(state, FinishCardPlay(2)) == "not_your_turn"


def test_six_players_always_play_the_quick_game():
    state = _playing(6, False)
    assert state.quick_game
    assert sorted(d.seat for d in RULES.decisions(state)) == list(range(6))
    assert not _playing(5, False).quick_game


def test_a_new_six_player_game_plays_cards_simultaneously_after_the_food_cards():
    state = RULES.new_game(players=[f"P{i}" for i in range(6)], options={}, seed=2)[0]
    for seat in range(6):
        state, _ = RULES.apply(state, SelectFoodCard(seat, state.players[seat].hand[0]))
    assert state.phase is Phase.PLAY_CARDS
    assert state.turn is None
    assert sorted(d.seat for d in RULES.decisions(state)) == list(range(6))


def test_the_quick_game_option_must_be_true_or_false():
    with pytest.raises(MalformedInput) as refused:
        RULES.new_game(players=["A", "B", "C"], options={"quick_game": "yes"}, seed=1)[0]
    assert refused.value.code == "bad_option"


def _quick_card_play(players: int, seed: int) -> GameState:
    """A new game with the quick-game rules (chosen with 2 players; always on with 6), at its first card play."""
    options = {"quick_game": True} if players < 6 else {}
    state = RULES.new_game(players=[f"P{i}" for i in range(players)], options=options, seed=seed)[0]
    for seat in range(players):
        state, _ = RULES.apply(state, SelectFoodCard(seat, state.players[seat].hand[0]))
    assert state.phase is Phase.PLAY_CARDS and state.quick_game
    return state


@pytest.mark.parametrize("players", [2, 6])
def test_nobody_sees_a_quick_game_card_play_until_every_player_has_finished(players: int):
    state = _quick_card_play(players, seed=players)
    before_public = RULES.public_view(state)
    before_others = [RULES.seat_view(state, seat) for seat in range(1, players)]
    # Seat 0 makes a species and plays a trait face down on it (and keeps a card): all secret.
    hand = sorted(state.players[0].hand)
    state, events = RULES.apply(state, CreateSpecies(0, hand[0], "right"))
    new = state.players[0].species[-1].id
    state, more = RULES.apply(state, PlayTrait(0, hand[1], new))
    events += more
    assert all(e.audience is not None for e in events), "no public event for a quick-game card play"
    assert RULES.public_view(state) == before_public, "the public view (its version too) shows the table at the start"
    for seat, before in zip(range(1, players), before_others, strict=True):
        after = RULES.seat_view(state, seat)
        assert after.table.players == before.table.players and after.table.discard_size == before.table.discard_size
    # Seat 0's own view shows its own row as it is now.
    mine = RULES.seat_view(state, 0)
    assert mine.own.species[-1].id == new and len(mine.own.species) == len(mine.table.players[0].species) + 1
    assert dict(mine.hidden_traits)[new] == (hand[1],)
    # Finishing is public at once (the others wait for nobody else); the plays are told when the last one finishes.
    state, events = RULES.apply(state, FinishCardPlay(0))
    assert [type(e).__name__ for e in events if e.audience is None] == ["CardPlayFinished"]
    for seat in range(1, players - 1):
        state, _ = RULES.apply(state, FinishCardPlay(seat))
    state, events = RULES.apply(state, FinishCardPlay(players - 1))
    told = [e for e in events if isinstance(e, CARD_PLAY_EVENTS)]
    assert [type(e).__name__ for e in told][:2] == ["SpeciesCreated", "TraitPlayedFaceDown"]
    assert all(e.audience is None for e in told)
    assert any(isinstance(e, TraitsRevealed) for e in events[events.index(told[-1]) :])
    assert RULES.public_view(state).players[0].species[-1].id == new


def test_species_made_in_the_quick_game_take_ids_that_tell_nothing_of_the_others():
    state = _quick_card_play(3, seed=7)
    first = state.next_species_id
    # Seat 2 makes two species before seat 0 makes its first: seat 0's id is the same either way.
    two = sorted(state.players[2].hand)
    state, _ = RULES.apply(state, CreateSpecies(2, two[0], "left"))
    state, _ = RULES.apply(state, CreateSpecies(2, two[1], "left"))
    state, _ = RULES.apply(state, CreateSpecies(0, sorted(state.players[0].hand)[0], "left"))
    ids = {p.seat: [s.id for s in p.species if s.id >= first] for p in state.players}
    assert ids == {0: [first], 1: [], 2: [first + 2 + 3, first + 2]}
    for seat in range(3):
        state, _ = RULES.apply(state, FinishCardPlay(seat))
    assert state.next_species_id == first + 2 + 3 + 1


def _hidden_play(state: GameState, seat: int, chooser: random.Random) -> GameState:
    """One card play of ``seat`` that is not its last card (a last card ends its card play, which the table sees)."""
    plays = [a for a in RULES.legal_actions(state, seat) if not isinstance(a, FinishCardPlay)]
    return RULES.apply(state, chooser.choice(plays))[0]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.sampled_from([2, 3, 6]),
    plays=st.integers(min_value=1, max_value=8),
)
def test_the_public_view_is_the_same_whatever_hidden_plays_were_made(seed: int, players: int, plays: int):
    """Seed 000: nobody watches what the others do. While the quick game's cards are played, the public view (its
    version included) depends only on who has finished: the same finishes with or without hidden plays between
    them give the same view, so nothing public counts another player's plays."""
    chooser = random.Random(seed)
    start = _quick_card_play(players, seed=seed % 1000)
    finishing = chooser.sample(range(players), chooser.randrange(players))  # never all: the phase would end
    played = start
    for _ in range(plays):
        seats = [p.seat for p in played.players if not p.done and len(p.hand) > 1]
        if not seats:
            break
        played = _hidden_play(played, chooser.choice(seats), chooser)
        assert RULES.public_view(played) == RULES.public_view(start)
    plain = start
    for seat in finishing:
        played, _ = RULES.apply(played, FinishCardPlay(seat))
        plain, _ = RULES.apply(plain, FinishCardPlay(seat))
        assert RULES.public_view(played) == RULES.public_view(plain)
        for other in range(players):
            assert RULES.seat_view(played, other).table == RULES.public_view(plain)


def _new_quick_game(players: int, seed: int) -> GameState:
    options = {"quick_game": True} if players < 6 else {}
    return RULES.new_game(players=[f"P{i}" for i in range(players)], options=options, seed=seed)[0]


def test_in_the_quick_game_a_player_who_has_chosen_a_food_card_plays_at_once():
    """docs/rulings.md, "The card play begins at the food card": nobody watches the others'
    plays, so a player who has chosen plays while the others still choose; the order of the phases is kept for each
    player (a food card first, then the cards)."""
    state = _new_quick_game(3, seed=5)
    assert state.phase is Phase.FOOD_CARDS
    state, _ = RULES.apply(state, SelectFoodCard(1, state.players[1].hand[0]))
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(0, "food_card"), (1, "play_cards"), (2, "food_card")]
    assert refusal_code(state, SelectFoodCard(1, state.players[1].hand[0])) == "already_decided"
    assert refusal_code(state, CreateSpecies(0, state.players[0].hand[0], "left")) == "wrong_phase"
    public = RULES.public_view(state)
    card = sorted(state.players[1].hand)[0]
    state, events = RULES.apply(state, CreateSpecies(1, card, "left"))
    assert all(e.audience is not None for e in events), "a card play is told to nobody else yet"
    assert RULES.public_view(state) == public
    state, _ = RULES.apply(state, FinishCardPlay(1))
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(0, "food_card"), (2, "food_card")]
    for seat in (0, 2):
        state, _ = RULES.apply(state, SelectFoodCard(seat, state.players[seat].hand[0]))
    # The card play goes on for those who have not finished; the one who did is done.
    assert state.phase is Phase.PLAY_CARDS
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(0, "play_cards"), (2, "play_cards")]
    for seat in (0, 2):
        state, events = RULES.apply(state, FinishCardPlay(seat))
    created = [e for e in events if isinstance(e, SpeciesCreated)]
    assert [(e.seat, e.card, e.audience) for e in created] == [(1, card, None)], "told when everybody has played"


def _standard_game() -> tuple[GameState, int, int, int]:
    """A new three-player game without the quick game: the state, its first player, then the second and third."""
    state = RULES.new_game(players=["A", "B", "C"], options={}, seed=5)[0]
    first, second, third = state.seats_from(state.first_player)
    return state, first, second, third


def test_without_the_quick_game_a_player_who_has_chosen_waits_for_those_before_them():
    state, first, second, third = _standard_game()
    state, _ = RULES.apply(state, SelectFoodCard(second, state.players[second].hand[0]))
    assert sorted((d.seat, d.kind) for d in RULES.decisions(state)) == sorted(
        [(first, "food_card"), (third, "food_card")]
    )
    # The first player has not finished (nor begun): the second's turn to play has not come.
    assert refusal_code(state, CreateSpecies(second, state.players[second].hand[0], "left")) == "not_your_turn"
    assert refusal_code(state, SelectFoodCard(second, state.players[second].hand[0])) == "already_decided"
    # Still choosing: cards come after the food card.
    assert refusal_code(state, CreateSpecies(third, state.players[third].hand[0], "left")) == "wrong_phase"


def test_without_the_quick_game_the_first_player_plays_once_chosen_and_the_table_hears_before_anyone_plays():
    """docs/rulings.md, "The card play begins at the food card": the first player sees nobody's plays before their
    own in the seed's order, so they play once they have chosen; nobody hears of it before every food card is
    chosen, and everybody hears of it before the second player plays, as in the seed's order."""
    state, first, second, third = _standard_game()
    state, _ = RULES.apply(state, SelectFoodCard(first, state.players[first].hand[0]))
    assert (first, "play_cards") in [(d.seat, d.kind) for d in RULES.decisions(state)]
    public = RULES.public_view(state)
    card = sorted(state.players[first].hand)[0]
    state, events = RULES.apply(state, CreateSpecies(first, card, "right"))
    assert all(e.audience is not None for e in events)
    assert RULES.public_view(state) == public
    assert [RULES.seat_view(state, s).table for s in (second, third)] == [public, public]
    state, _ = RULES.apply(state, FinishCardPlay(first))
    state, _ = RULES.apply(state, SelectFoodCard(second, state.players[second].hand[0]))
    state, events = RULES.apply(state, SelectFoodCard(third, state.players[third].hand[0]))
    # Every food card chosen: the first player's play is told at once, and the second player's turn begins.
    created = [e for e in events if isinstance(e, SpeciesCreated)]
    assert [(e.seat, e.card, e.audience) for e in created] == [(first, card, None)]
    assert (state.phase, state.turn) == (Phase.PLAY_CARDS, second)
    assert len(RULES.public_view(state).players[first].species) == 2


def test_without_the_quick_game_a_player_plays_once_those_before_them_have_and_sees_their_plays_first():
    """docs/rulings.md, "The card play begins at the food card": once the first player has finished, the second
    player, having chosen a food card, plays while the third still chooses; the second is told the first player's
    plays first and sees them on their table; the third and the table see none until the last food card is chosen,
    and everybody hears of both plays then, in the card play's order, before the third plays."""
    state, first, second, third = _standard_game()
    state, _ = RULES.apply(state, SelectFoodCard(second, state.players[second].hand[0]))
    state, _ = RULES.apply(state, SelectFoodCard(first, state.players[first].hand[0]))
    public = RULES.public_view(state)
    first_card = sorted(state.players[first].hand)[0]
    state, _ = RULES.apply(state, CreateSpecies(first, first_card, "right"))
    assert (second, "play_cards") not in [(d.seat, d.kind) for d in RULES.decisions(state)]
    state, events = RULES.apply(state, FinishCardPlay(first))
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(second, "play_cards"), (third, "food_card")]
    shown = [e for e in events if isinstance(e, PlaysShown)]
    assert [(e.seat, e.audience, [(p.seat, type(p).__name__) for p in e.plays]) for e in shown] == [
        (second, frozenset({second}), [(first, "SpeciesCreated")])
    ]
    assert len(RULES.seat_view(state, second).seen[first].species) == 2, "the second sees the new species"
    assert RULES.seat_view(state, third).seen == (), "the third, still choosing, sees the table as dealt"
    for view in (RULES.public_view(state), RULES.seat_view(state, third).table):
        assert [p.species for p in view.players] == [p.species for p in public.players]
    second_card = sorted(state.players[second].hand)[0]
    state, events = RULES.apply(state, CreateSpecies(second, second_card, "left"))
    assert all(e.audience == frozenset({second}) for e in events)
    assert refusal_code(state, CreateSpecies(third, state.players[third].hand[0], "left")) == "wrong_phase"
    state, events = RULES.apply(state, SelectFoodCard(third, state.players[third].hand[0]))
    told = [(e.seat, e.card, e.audience) for e in events if isinstance(e, SpeciesCreated)]
    assert told == [(first, first_card, None), (second, second_card, None)]
    assert not [e for e in events if isinstance(e, PlaysShown)], "the table hears it: nobody is told apart"
    assert (state.phase, state.turn) == (Phase.PLAY_CARDS, second)


def test_without_the_quick_game_a_player_who_chose_early_is_told_when_those_before_them_finish():
    state, first, second, third = _standard_game()
    for seat in (third, second, first):
        state, _ = RULES.apply(state, SelectFoodCard(seat, state.players[seat].hand[0]))
    assert (state.phase, state.turn) == (Phase.PLAY_CARDS, first), "all chosen: the card play as ever"
    state, first, second, third = _standard_game()
    state, _ = RULES.apply(state, SelectFoodCard(first, state.players[first].hand[0]))
    state, events = RULES.apply(state, FinishCardPlay(first))
    assert not [e for e in events if isinstance(e, PlaysShown)], "nothing was played: nothing to tell"
    state, _ = RULES.apply(state, SelectFoodCard(second, state.players[second].hand[0]))
    state, _ = RULES.apply(state, CreateSpecies(second, sorted(state.players[second].hand)[0], "left"))
    assert refusal_code(state, CreateSpecies(third, state.players[third].hand[0], "left")) == "wrong_phase"


def _mirror(plain: GameState, played: GameState, action: object) -> GameState:
    """What ``action`` leaves of ``plain``, the same game without card plays: food cards and finishes only."""
    if isinstance(action, SelectFoodCard):
        return RULES.apply(plain, action)[0]
    seat = action.seat  # type: ignore[attr-defined]
    if played.players[seat].done and not plain.players[seat].done:
        return RULES.apply(plain, FinishCardPlay(seat))[0]
    return plain


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.sampled_from([2, 3, 4, 5]),
    steps=st.integers(min_value=1, max_value=30),
)
def test_without_the_quick_game_those_still_choosing_see_no_card_play(seed: int, players: int, steps: int):
    """docs/rulings.md, "The card play begins at the food card": while the food cards are chosen, those whose card
    play has begun play in turn, and the table and those still choosing see nothing of it: their views are those of
    the same game with the same food cards and finishes and no card played, and no event they hear tells a play."""
    chooser = random.Random(seed)
    played = plain = RULES.new_game(players=[f"P{i}" for i in range(players)], options={}, seed=seed % 1000)[0]
    for _ in range(steps):
        choosing = [p.seat for p in played.players if p.food_card is None]
        seats = [s for s in RULES.to_decide(played) if choosing != [s]]  # the last food card ends the phase
        if not seats:
            break
        seat = chooser.choice(seats)
        action = chooser.choice(list(RULES.legal_actions(played, seat)))
        played, events = RULES.apply(played, action)
        plain = _mirror(plain, played, action)
        assert played.phase is Phase.FOOD_CARDS
        assert RULES.public_view(played) == RULES.public_view(plain)
        for other in (p.seat for p in played.players if p.food_card is None):
            assert RULES.seat_view(played, other).seen == ()
            heard = [e for e in events if e.audience is None or other in e.audience]
            assert not [e for e in heard if isinstance(e, (*CARD_PLAY_EVENTS, PlaysShown))]


def test_a_first_player_still_playing_when_the_food_cards_are_chosen_goes_on_in_turn():
    state, first, second, third = _standard_game()
    for seat in (second, first, third):
        state, _ = RULES.apply(state, SelectFoodCard(seat, state.players[seat].hand[0]))
    assert (state.phase, state.turn) == (Phase.PLAY_CARDS, first)
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(first, "play_cards")]


def test_a_player_silent_at_the_quick_game_card_play_keeps_their_hand_while_others_choose():
    state = _new_quick_game(3, seed=6)
    state, _ = RULES.apply(state, SelectFoodCard(2, state.players[2].hand[0]))
    assert RULES.timeout_action(state, 2) == FinishCardPlay(2)
    assert isinstance(RULES.timeout_action(state, 0), SelectFoodCard)


def test_the_table_sees_a_food_card_chosen_in_the_quick_game_as_before():
    """The table's view of a player who has chosen a food card is what it was: a card fewer in hand, one chosen."""
    state = _new_quick_game(3, seed=8)
    size = RULES.public_view(state).players[1].hand_size
    state, _ = RULES.apply(state, SelectFoodCard(1, state.players[1].hand[0]))
    seen = RULES.public_view(state).players[1]
    assert (seen.hand_size, seen.food_card_chosen) == (size - 1, True)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.sampled_from([2, 3, 6]),
    plays=st.integers(min_value=1, max_value=8),
)
def test_plays_made_while_others_choose_their_food_cards_change_nothing_the_table_sees(
    seed: int, players: int, plays: int
):
    chooser = random.Random(seed)
    start = _new_quick_game(players, seed=seed % 1000)
    choosing = chooser.sample(range(players), chooser.randrange(1, players))  # never all: the phase would end
    for seat in choosing:
        start, _ = RULES.apply(start, SelectFoodCard(seat, chooser.choice(start.players[seat].hand)))
    played = start
    for _ in range(plays):
        seats = [s for s in choosing if not played.players[s].done and len(played.players[s].hand) > 1]
        if not seats:
            break
        played = _hidden_play(played, chooser.choice(seats), chooser)
        assert played.phase is Phase.FOOD_CARDS
        assert RULES.public_view(played) == RULES.public_view(start)
        for other in range(players):
            assert RULES.seat_view(played, other).table == RULES.public_view(start)
