"""A state dealt from one seat's view (rules_core/origin/determinize.py): the seat's hand and the cards under its
animals are kept; the other hands, the cards under the others' animals and the deck are drawn from the cards the
seat cannot account for; the seat sees exactly what it saw."""

from collections import Counter

from rules_core.origin.cards import game_cards
from tests.origin.scenario import RULES, animal, player, scenario


def test_the_seat_keeps_its_secrets_and_the_rest_is_dealt_from_the_unseen_cards():
    state = scenario(
        food_base=3,
        discard=["mimicry#12"],
        players=[
            player("Ann", animal(0, "carnivore#32", card="swimming#0"), hand=["running#20"]),
            player(
                "Bob", animal(1, card="swimming#1"), animal(2, card="swimming#2"), hand=["tail_loss#24", "piracy#8"]
            ),
        ],
    )
    view = RULES.seat_view(state, 0)
    dealt = RULES.determinize(view, seed=1)
    assert RULES.seat_view(dealt, 0) == view
    assert dealt.players[0].hand == (20,) and dealt.animal(0).card == 0
    assert len(dealt.players[1].hand) == 2 and len(dealt.deck) == len(state.deck)
    places = Counter(dealt.deck + dealt.discard + dealt.players[0].hand + dealt.players[1].hand)
    places.update(a.card for _, a in dealt.all_animals())
    places.update(t.card for _, a in dealt.all_animals() for t in a.traits)
    assert places == Counter(game_cards(1))
    others = {dealt.animal(1).card, dealt.animal(2).card, *dealt.players[1].hand}
    assert not others & {0, 20, 32, 12}
    assert {RULES.determinize(view, seed=s).players[1].hand for s in range(10)} != {dealt.players[1].hand}
