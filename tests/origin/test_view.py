"""What a seat may see (rules_core/origin/view.py): the public view leaves out every hand, the deck's order and the
card under each animal (face down); it shows the traits, paired traits, tokens, the discard pile (players may look
through it) and the attack waiting for its defender. A seat's view adds its hand and the cards under its animals."""

from rules_core.origin.actions import Attack
from tests.origin.scenario import RULES, animal, player, scenario


def test_the_public_view_hides_hands_animal_cards_and_the_deck_order():
    state = scenario(
        food_base=3,
        discard=["mimicry#12"],
        players=[
            player("Ann", animal(0, "carnivore#32", card="swimming#0"), hand=["running#20"]),
            player("Bob", animal(1, card="swimming#1"), hand=["tail_loss#24", "piracy#8"]),
        ],
    )
    view = RULES.public_view(state)
    assert not hasattr(view.players[0].animals[0], "card") and not hasattr(view.players[0], "hand")
    assert not hasattr(view, "deck") and not hasattr(view, "rng")
    assert [p.hand_size for p in view.players] == [1, 2]
    assert view.players[0].animals[0].traits == state.animal(0).traits
    assert view.discard == (12,) and view.deck_size == len(state.deck)
    assert view.round == 1 and view.phase == "feeding" and view.food_base == 3


def test_a_seat_sees_its_hand_and_the_cards_under_its_animals():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, card="swimming#0"), animal(2, card="swimming#2"), hand=["running#20"]),
            player("Bob", animal(1, card="swimming#1"), hand=["tail_loss#24"]),
        ],
    )
    view = RULES.seat_view(state, 0)
    assert view.hand == (20,) and view.animal_cards == ((0, 0), (2, 2))
    assert view.table == RULES.public_view(state)


def test_the_attack_waiting_for_its_defender_is_public():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "running", "tail_loss"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    view = RULES.public_view(state)
    top = view.interrupts.top
    assert top is not None and top.seat == 1 and top.kind == "defend"
    assert [(d.seat, d.kind) for d in view.decisions] == [(1, "defend")]
