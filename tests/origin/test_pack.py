"""Pack (WATAHA), seed 001 ("Darwin's Day"): a carnivore with Pack leads a hunt once a turn and invites another
carnivore with Pack, which may help many times; a rival's helper needs its owner's consent (a ``join_pack``
question); the pack reaches what either hunter could, but a swimmer only with two swimmers; each hunter gets one of
the meal's tokens; each Intellect of the pack ignores one more trait."""

from rules_core.engine import Decision
from rules_core.origin.actions import Attack, JoinPack, TakeFood
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnimalAttacked, CarnivorePoisoned, FoodTaken, PackAnswered
from tests.origin.scenario import RULES, animal, expanded, of, player, refusal_code

T = Trait


def test_two_of_ones_own_pack_carnivores_hunt_together_and_share_the_meal():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack"), animal(2, "carnivore", "pack"), animal(3)),
            player("Bob", animal(1, "big")),
        ],
    )
    assert refusal_code(state, Attack(0, 0, 1)) == "attack_blocked"
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack"), animal(2, "carnivore", "pack", "big"), animal(3)),
            player("Bob", animal(1, "big")),
        ],
    )
    assert Attack(0, 0, 1, (), 2) in RULES.legal_actions(state, 0)
    state, events = RULES.apply(state, Attack(0, 0, 1, (), 2))
    assert of(events, AnimalAttacked)[0].helper == 2
    assert [(e.animal, e.cause) for e in of(events, FoodTaken)] == [(0, "attack"), (2, "attack")]
    assert not state.animal(2).trait_card(T.CARNIVORE).used  # type: ignore[union-attr]


def test_a_swimmer_needs_two_swimming_hunters():
    hunters = [animal(0, "carnivore", "pack", "swimming"), animal(2, "carnivore", "pack")]
    state = expanded(food_base=3, players=[player("Ann", *hunters), player("Bob", animal(1, "swimming"))])
    assert refusal_code(state, Attack(0, 0, 1, (), 2)) == "attack_blocked"
    hunters[1] = animal(2, "carnivore", "pack", "swimming")
    state = expanded(food_base=3, players=[player("Ann", *hunters), player("Bob", animal(1, "swimming"))])
    assert Attack(0, 0, 1, (), 2) in RULES.legal_actions(state, 0)


def test_only_carnivores_with_pack_hunt_together():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack"), animal(2, "pack"), animal(3, "carnivore")),
            player("Bob", animal(1)),
        ],
    )
    assert refusal_code(state, Attack(0, 0, 1, (), 2)) == "no_pack"
    assert refusal_code(state, Attack(0, 0, 1, (), 3)) == "no_pack"


def rival_pack() -> object:
    return expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack")),
            player("Bob", animal(2, "carnivore", "pack", "big")),
            player("Cid", animal(1, "big")),
        ],
    )


def test_a_rivals_carnivore_joins_only_with_its_owners_consent():
    state = rival_pack()
    state, events = RULES.apply(state, Attack(0, 0, 1, (), 2))  # type: ignore[arg-type]
    assert not events and RULES.duties(state) == (Decision(1, "join_pack"),)
    assert set(RULES.legal_actions(state, 1)) >= {JoinPack(1, True), JoinPack(1, False)}
    assert RULES.timeout_action(state, 1) == JoinPack(1, False)
    joined, events = RULES.apply(state, JoinPack(1, True))
    assert of(events, PackAnswered) == [PackAnswered(1, 2, 0, 0, True)]
    assert [e.animal for e in of(events, FoodTaken)] == [0, 2] and joined.find(1) is None


def test_a_declined_invitation_spends_the_leaders_attack_and_the_take():
    state = rival_pack()
    state, _ = RULES.apply(state, Attack(0, 0, 1, (), 2))  # type: ignore[arg-type]
    state, events = RULES.apply(state, JoinPack(1, False))
    assert of(events, PackAnswered)[0].joined is False and not of(events, AnimalAttacked)
    assert state.find(1) is not None
    assert state.animal(0).trait_card(T.CARNIVORE).used  # type: ignore[union-attr]
    assert state.active != 0 or refusal_code(state, TakeFood(0, 0)) == "took"


def test_a_poisonous_prey_poisons_both_hunters():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack"), animal(2, "carnivore", "pack")),
            player("Bob", animal(1, "poisonous")),
        ],
    )
    _, events = RULES.apply(state, Attack(0, 0, 1, (), 2))
    assert [e.carnivore for e in of(events, CarnivorePoisoned)] == [0, 2]


def test_each_intellect_of_the_pack_ignores_one_more_trait():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack", "intellect"), animal(2, "carnivore", "pack", "intellect")),
            player("Bob", animal(1, "camouflage", "burrowing", food=1)),
        ],
    )
    assert refusal_code(state, Attack(0, 0, 1, (T.CAMOUFLAGE,))) == "bad_ignore"
    assert Attack(0, 0, 1, (T.BURROWING, T.CAMOUFLAGE), 2) in RULES.legal_actions(state, 0)
    state, _ = RULES.apply(state, Attack(0, 0, 1, (T.BURROWING, T.CAMOUFLAGE), 2))
    for hunter in (0, 2):
        assert state.animal(hunter).trait_card(T.INTELLECT).used  # type: ignore[union-attr]


def test_a_helper_that_attacked_an_animal_with_shell_attacks_no_more_this_turn():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "pack"), animal(2, "carnivore", "pack")),
            player("Bob", animal(1, "shell")),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1, (), 2))
    assert state.animal(2).trait_card(T.CARNIVORE).used  # type: ignore[union-attr]
