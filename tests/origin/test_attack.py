"""The attack (rules_core/origin/attack.py; seed 003, "Хижак", "Здібності тварин"): which traits keep a carnivore
away; the attack stops the attacker's turn while the defender answers through the interrupt stack, in the order the
defender chooses; an answer that is the only one possible is made at once; an eaten prey goes to the discard pile
with its traits and the paired traits joining it."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.origin import attack
from rules_core.origin.actions import Attack, DropTrait, Run, TakeFood, Yield
from rules_core.origin.cards import Trait
from rules_core.origin.events import AnimalAttacked, AnimalEaten, FoodTaken, RunningRolled
from rules_core.origin.state import Animal, AttackFrame, Link, Player, TraitCard
from tests.origin.scenario import RULES, animal, link, of, player, refusal_code, refused, scenario


def test_an_attack_on_an_unprotected_animal_eats_it_at_once():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player("Bob", animal(1, "swimming#0"), animal(2, card="running#20")),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 2))
    assert of(events, AnimalAttacked) == [AnimalAttacked(0, 0, 1, 2)]
    (eaten,) = of(events, AnimalEaten)
    assert (eaten.prey_seat, eaten.prey, eaten.discarded) == (1, 2, (20,))
    assert [a.id for a in state.players[1].animals] == [1]
    assert state.discard[-1] == 20
    assert [(e.animal, e.source, e.cause) for e in of(events, FoodTaken)] == [(0, "supply", "attack")] * 2
    assert state.animal(0).food == 2


def test_the_prey_goes_with_its_traits_and_the_paired_traits_that_joined_it():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player(
                "Bob",
                animal(1, "big#40", card="running#20"),
                animal(2),
                links=[link("cooperation", 1, 2, card="cooperation/carnivore#52")],
            ),
        ],
    )
    state, events = RULES.apply(state, Attack(0, 0, 2))
    assert of(events, AnimalEaten)[0].discarded[1:] == (52,)
    assert state.players[1].links == ()
    assert state.animal(1).traits[0].card == 40


def test_the_attackers_turn_waits_while_the_defender_chooses():
    state = scenario(
        food_base=3,
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "running", "tail_loss"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(1, "defend")]
    top = state.interrupts.top
    assert top is not None and top.context == AttackFrame(0, 0, 1, first=True, announced=1)
    assert refusal_code(state, TakeFood(0, 0)) == "not_your_turn"
    tail = state.animal(1).trait_card(Trait.TAIL_LOSS)
    running = state.animal(1).trait_card(Trait.RUNNING)
    assert tail is not None and running is not None
    assert set(RULES.legal_actions(state, 1)) == {Run(1), DropTrait(1, tail.card), DropTrait(1, running.card)}


def test_the_defender_chooses_the_order_running_first_then_tail_loss():
    state = scenario(
        food_base=3,
        rng={"seed": 0, "script": [0]},  # the die shows 1: no escape
        players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1, "running", "tail_loss"))],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    state, events = RULES.apply(state, Run(1))
    assert of(events, RunningRolled) == [RunningRolled(1, 1, 1, False)]
    tail = state.animal(1).trait_card(Trait.TAIL_LOSS)
    assert tail is not None
    assert set(RULES.legal_actions(state, 1)) == {DropTrait(1, tail.card), Yield(1)} | {
        DropTrait(1, t.card) for t in state.animal(1).traits
    }
    state, _ = RULES.apply(state, DropTrait(1, tail.card))
    assert state.interrupts.top is None
    assert state.animal(1).traits[0].trait is Trait.RUNNING
    assert state.animal(0).food == 1  # one blue token for the carnivore


def test_after_the_attack_the_attackers_turn_goes_on():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore"), animal(2, "stomper")),
            player("Bob", animal(1, "running", "tail_loss")),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    state, _ = RULES.apply(state, DropTrait(1, state.animal(1).traits[1].card))
    assert [(d.seat, d.kind) for d in RULES.decisions(state)] == [(0, "feed")]


def test_traits_that_keep_a_carnivore_away_are_named_when_refused():
    state = scenario(
        food_base=3,
        players=[
            player("Ann", animal(0, "carnivore")),
            player(
                "Bob", animal(1, "swimming"), animal(2, "big"), animal(3, "camouflage"), animal(4, "burrowing", food=1)
            ),
        ],
    )
    for target, reason in ((1, "swimming"), (2, "big"), (3, "camouflage"), (4, "burrowing")):
        refusal = refused(state, Attack(0, 0, target))
        assert (refusal.code, refusal.params["reason"]) == ("attack_blocked", reason)
    assert [a for a in RULES.legal_actions(state, 0) if isinstance(a, Attack)] == []


def test_a_carnivore_may_not_attack_itself_or_an_animal_not_in_play():
    state = scenario(food_base=3, players=[player("Ann", animal(0, "carnivore")), player("Bob", animal(1))])
    assert refusal_code(state, Attack(0, 0, 0)) == "self_attack"
    assert refusal_code(state, Attack(0, 0, 9)) == "no_such_animal"
    assert refusal_code(state, Attack(0, 1, 0)) == "not_your_animal"


def test_only_a_carnivore_attacks():
    state = scenario(food_base=3, players=[player("Ann", animal(0), animal(2)), player("Bob", animal(1))])
    assert refusal_code(state, Attack(0, 0, 1)) == "not_carnivore"


# What each guard's module says its rule looks at (``ON_PREY``, ``ON_HUNTER``) lets ``open_to`` skip the other
# guards: over random hunters and prey, it must answer as asking every guard does, and each guard that protects must
# be one the prey's or the hunter's traits (or its looking at more) made ``open_to`` ask.
_PAIRED = (Trait.SYMBIOSIS, Trait.COOPERATION, Trait.COMMUNICATION, Trait.TREMATODE)


@st.composite
def _sides(draw: st.DrawFn) -> tuple[Player, Animal, Player, Animal]:
    def beast(id: int) -> Animal:
        traits = draw(st.lists(st.sampled_from([t for t in Trait if t not in _PAIRED]), max_size=4, unique=True))
        return Animal(
            id,
            100 + id,
            tuple(TraitCard(200 + 10 * id + i, t) for i, t in enumerate(traits)),
            food=draw(st.integers(0, 3)),
            hibernating=draw(st.booleans()),
            in_shell=draw(st.booleans()),
        )

    hunter, prey, other = beast(0), beast(1), beast(2)
    links = tuple(
        Link(300 + i, trait, *pair)
        for i, (trait, pair) in enumerate(
            draw(st.lists(st.tuples(st.sampled_from(_PAIRED), st.sampled_from([(1, 2), (2, 1)])), max_size=3))
        )
    )
    own = draw(st.booleans())  # the carnivore attacks an animal of its own owner's
    hunter_owner = Player(0, "Ann", animals=(hunter, prey, other) if own else (hunter,), links=links if own else ())
    owner = hunter_owner if own else Player(1, "Bob", animals=(prey, other), links=links)
    return hunter_owner, hunter, owner, prey


@settings(max_examples=2000, deadline=None)
@given(sides=_sides())
def test_open_to_asks_the_guards_that_may_matter_and_answers_as_every_guard_would(
    sides: tuple[Player, Animal, Player, Animal],
) -> None:
    hunter_owner, hunter, owner, prey = sides
    stopping = [trait for trait, protects in attack.GUARDS if protects(hunter_owner, hunter, owner, prey)]
    assert attack.open_to(hunter_owner, hunter, owner, prey) == (not stopping)
    borne = {t.trait for t in prey.traits} | {link.trait for link in owner.links}
    held = {t.trait for t in hunter.traits}
    for trait, rule in attack.GUARD_RULES:
        if trait in stopping:
            assert rule.ON_PREY is None or borne & set(rule.ON_PREY) or held & set(rule.ON_HUNTER), trait
