"""Anglerfish (DIABEŁ MORSKI), seed 001: played only as an animal, face down and unseen; when an animal of its owner
is attacked, the owner's standing order reveals it (both without traits): it attacks the carnivore, ignoring one of
its traits, and the animal attacked is safe; attacked itself it must act; revealed it counts as an animal with
Carnivore, also at scoring, and never acts as an Anglerfish again; it takes no red token in the round it acted."""

from rules_core.engine import Decision
from rules_core.origin.actions import (
    Attack,
    DropTrait,
    IgnoreTrait,
    PlayAnimal,
    PlayTrait,
    SetAmbush,
    SetAnglerfish,
    TakeFood,
)
from rules_core.origin.cards import Trait
from rules_core.origin.events import (
    AnglerfishRevealed,
    AnimalAttacked,
    AnimalEaten,
    AttackRedirected,
    FoodTaken,
    RunningRolled,
)
from rules_core.origin.scoring import score_parts
from rules_core.origin.state import GameState
from tests.origin.scenario import RULES, animal, expanded, link, of, play, player, refusal_code

FISH = "anglerfish#182"


def test_it_is_played_only_as_an_animal():
    state = expanded(phase="development", players=[player("Ann", animal(0), hand=[FISH]), player("Bob")])
    legal = RULES.legal_actions(state, 0)
    assert PlayAnimal(0, 182) in legal and not [a for a in legal if isinstance(a, PlayTrait)]
    assert refusal_code(state, PlayTrait(0, 182, Trait.ANGLERFISH, 0)) == "anglerfish_is_an_animal"


def test_face_down_nobody_else_sees_it():
    state = expanded(
        food_base=3, players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1), animal(2, card=FISH))]
    )
    for viewer in (0, None):
        view = RULES.public_view(state) if viewer is None else RULES.seat_view(state, viewer).table
        assert "182" not in repr(view.players)
    assert (2, 182) in RULES.seat_view(state, 1).animal_cards


def ambushed_plain_animal(**ann: object) -> tuple[GameState, list[object]]:
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", **ann)), player("Bob", animal(1), animal(2, card=FISH))],  # type: ignore[arg-type]
    )
    return play(state, Attack(0, 0, 1))


def test_it_strikes_back_when_a_plain_animal_of_its_owner_is_attacked():
    state, events = ambushed_plain_animal()
    assert of(events, AnglerfishRevealed) == [AnglerfishRevealed(1, 2, 182, 0, 0)]
    assert state.find(1) is not None  # the animal attacked is safe
    (eaten,) = of(events, AnimalEaten)
    assert (eaten.seat, eaten.carnivore, eaten.prey) == (1, 2, 0)
    assert [(e.animal, e.cause) for e in of(events, FoodTaken)] == [(2, "attack"), (2, "attack")]
    fish = state.animal(2)
    assert [(t.card, t.trait) for t in fish.traits] == [(182, Trait.CARNIVORE)]
    assert "182" in repr(RULES.public_view(state).players)


def test_it_ignores_one_trait_of_the_carnivore():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "running")), player("Bob", animal(1), animal(2, card=FISH))],
    )
    state, events = play(state, Attack(0, 0, 1))
    assert not of(events, RunningRolled) and of(events, AnimalEaten)[0].prey == 0
    # Big keeps a carnivore away from a Big one: the Anglerfish ignores it.
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore", "big")), player("Bob", animal(1), animal(2, card=FISH))],
    )
    _, events = play(state, Attack(0, 0, 1))
    assert of(events, AnimalEaten)[0].prey == 0


def test_with_two_traits_keeping_it_away_it_cannot_reach_the_carnivore_but_the_animal_is_safe():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "big", "camouflage")),
            player("Bob", animal(1), animal(2, card=FISH)),
        ],
    )
    state, events = play(state, Attack(0, 0, 1))
    assert of(events, AnglerfishRevealed) and not of(events, AnimalEaten)
    assert state.find(0) is not None and state.find(1) is not None
    assert not [e for e in of(events, FoodTaken) if e.animal == 0]


def test_a_disarmed_order_keeps_it_hidden():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1), animal(2, card=FISH))],
    )
    state, _ = RULES.apply(state, SetAnglerfish(1, False))
    state, events = play(state, Attack(0, 0, 1))
    assert not of(events, AnglerfishRevealed) and of(events, AnimalEaten)[0].prey == 1


def test_attacked_itself_it_must_act_even_when_disarmed():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(2, card=FISH))],
    )
    state, _ = RULES.apply(state, SetAnglerfish(1, False))
    _, events = play(state, Attack(0, 0, 2))
    assert of(events, AnglerfishRevealed) and of(events, AnimalEaten)[0].prey == 0


def test_only_when_neither_it_nor_the_animal_attacked_has_a_trait():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "fat_tissue"), animal(2, card=FISH))],
    )
    _, events = play(state, Attack(0, 0, 1))
    assert not of(events, AnglerfishRevealed)
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1), animal(2, "fat_tissue", card=FISH)),
        ],
    )
    _, events = play(state, Attack(0, 0, 2))
    assert not of(events, AnglerfishRevealed)


def test_never_against_its_owners_own_carnivore():
    state = expanded(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore"), animal(1), animal(2, card=FISH)), player("Bob", animal(3))],
    )
    _, events = play(state, Attack(0, 0, 1))
    assert not of(events, AnglerfishRevealed)


def test_revealed_it_takes_no_red_token_this_round_and_counts_as_a_carnivore():
    state = expanded(
        food_base=3,
        active=1,
        players=[
            player("Ann", animal(0), animal(3, "big")),
            player("Bob", animal(1), animal(2, "carnivore#182:used", fasting=True)),
        ],
    )
    assert state.animal(2).card == 182
    assert refusal_code(state, TakeFood(1, 2)) == "cannot_eat"
    assert TakeFood(1, 1) in RULES.legal_actions(state, 1)
    assert score_parts(state.players[1]) == (4, 1, 1, 0)
    assert RULES.load_position(RULES.dump_position(state)) == state


def test_the_trait_it_ignores_stays_the_carnivores_when_mimicry_moves_its_attack():
    # The Anglerfish ignores the carnivore's Big (nothing else lets it strike); the carnivore's Mimicry may move the
    # strike only to an animal the Anglerfish may attack: Ann's other animal is Big too, so Mimicry does not work.
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "big", "mimicry"), animal(3, "big")),
            player("Bob", animal(1), animal(2, card=FISH)),
        ],
    )
    state, events = play(state, Attack(0, 0, 1))
    assert of(events, AnglerfishRevealed) and not of(events, AttackRedirected)
    assert of(events, AnimalEaten)[0].prey == 0 and state.find(3) is not None


def test_a_paired_trait_on_the_hidden_anglerfish_keeps_it_from_acting():
    # Ann's Trematode joins Bob's Anglerfish to his animal 3: the Anglerfish has a trait.
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1), animal(2, card=FISH), animal(3), links=[link("trematode", 2, 3)]),
        ],
    )
    _, events = play(state, Attack(0, 0, 1))
    assert not of(events, AnglerfishRevealed) and of(events, AnimalEaten)[0].prey == 1
    _, events = play(state, Attack(0, 0, 2))
    assert not of(events, AnglerfishRevealed) and of(events, AnimalEaten)[0].prey == 2


def test_a_paired_trait_on_the_attacked_animal_keeps_the_anglerfish_hidden():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1), animal(2, card=FISH), animal(3), links=[link("cooperation", 1, 3)]),
        ],
    )
    state, events = play(state, Attack(0, 0, 1))
    assert not of(events, AnglerfishRevealed) and of(events, AnimalEaten)[0].prey == 1
    assert RULES.seat_view(state, 1).animal_cards[0] == (2, 182)  # still face down


def test_its_owner_chooses_which_trait_of_the_carnivore_it_ignores_once_it_lies_face_up():
    # "Osoba posiadająca diabła morskiego decyduje, którą cechę drapieżnika chce zignorować".
    state = expanded(
        food_base=3,
        rng={"seed": 0, "script": [2]},
        players=[
            player("Ann", animal(0, "carnivore", "running", "tail_loss")),
            player("Bob", animal(1), animal(2, card=FISH)),
        ],
    )
    state, events = play(state, Attack(0, 0, 1))
    assert of(events, AnglerfishRevealed) and "182" in repr(RULES.public_view(state).players)
    assert RULES.duties(state) == (Decision(1, "anglerfish"),)
    assert RULES.legal_actions(state, 1)[:2] == (IgnoreTrait(1, Trait.RUNNING), IgnoreTrait(1, Trait.TAIL_LOSS))
    assert refusal_code(state, IgnoreTrait(1, Trait.CARNIVORE)) == "anglerfish_ignore"
    assert refusal_code(state, TakeFood(0, 0)) == "not_your_turn"
    # It ignores the Tail Loss: the carnivore must run (a 2: caught) and is eaten.
    state, events = play(state, IgnoreTrait(1, Trait.TAIL_LOSS))
    (attacked,) = of(events, AnimalAttacked)
    assert (attacked.carnivore, attacked.target, attacked.ignored) == (2, 0, (Trait.TAIL_LOSS,))
    assert [e.escaped for e in of(events, RunningRolled)] == [False]
    assert of(events, AnimalEaten)[0].prey == 0 and state.find(1) is not None


def test_left_to_its_timeout_the_anglerfish_ignores_the_poison_first():
    state = expanded(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore", "tail_loss", "poisonous")),
            player("Bob", animal(1), animal(2, card=FISH)),
        ],
    )
    state, _ = play(state, Attack(0, 0, 1))
    assert RULES.timeout_action(state, 1) == IgnoreTrait(1, Trait.POISONOUS)


def test_an_ambushed_take_waits_for_the_anglerfish_and_then_reaches_the_animal():
    state = expanded(
        food_base=3,
        active=1,
        players=[
            player("Ann", animal(0, "carnivore", "ambush", "running", "tail_loss")),
            player("Bob", animal(1), animal(2, card=FISH)),
        ],
    )
    state, _ = play(state, SetAmbush(0, 0, True), TakeFood(1, 1))
    assert RULES.duties(state) == (Decision(1, "anglerfish"),)
    state, _ = play(state, IgnoreTrait(1, Trait.RUNNING))
    assert RULES.duties(state) == (Decision(0, "defend"),)  # Ann's carnivore may drop its Tail Loss
    tail = state.animal(0).trait_card(Trait.TAIL_LOSS)
    assert tail is not None
    state, events = play(state, DropTrait(0, tail.card))
    assert [(e.animal, e.source) for e in of(events, FoodTaken)] == [(2, "supply"), (1, "food_base")]
    assert state.food_base == 2 and not state.interrupts
