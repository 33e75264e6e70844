"""Hand-built positions of the original game for the board's tests (docs/position-format.md), late in a game: every
mark the board draws, at 2, 4 and 8 players."""

from __future__ import annotations

from rules_core.origin.actions import Attack
from rules_core.origin.cards import CARDS, Trait
from rules_core.origin.state import GameState
from tests.origin.scenario import animal, expanded, link, player, scenario
from tests.origin.ui.games import RULES

#: An Anglerfish card, revealed: it lies among its animal's traits as its Carnivore.
ANGLERFISH = next(index for index, card in enumerate(CARDS) if card.traits == (Trait.ANGLERFISH,))
NAMES = ("Anna Kovács", "Bartosz Łukasiewicz", "Олександра Шевченко", "Ödön Hősök", "María José", "Tom", "Zoë", "Kai")


def two_players_attack() -> GameState:
    """Feeding in the last turn: Anna's carnivore attacks Bartosz's animal, which may drop its tail or give up."""
    state = scenario(
        food_base=3,
        turn=7,
        last_turn=True,
        players=[
            player(
                NAMES[0],
                animal(0, "carnivore", "sharp_vision", "fat_tissue", fat=1),
                animal(1, "swimming", food=1),
                animal(2, "burrowing", "camouflage"),
                links=[link("cooperation", 0, 1), link("communication", 1, 2, used=True)],
                hand=["swimming", "running"],
            ),
            player(
                NAMES[1],
                animal(3, "tail_loss", "poisonous", "running", food=1),
                animal(4, "hibernation", "big", hibernating=True),
                animal(5, "scavenger", "fat_tissue", "fat_tissue", food=1, fat=2),
                links=[link("symbiosis", 3, 5)],
                hand=["mimicry"],
            ),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 3))
    return state


def eight_players_feeding() -> GameState:
    """Two decks, eight players, up to seven animals each, every base trait on the table and every kind of link."""
    traits = [
        ("carnivore", "parasite", "big"),
        ("swimming", "running"),
        ("mimicry", "poisonous", "tail_loss", "stomper"),
        ("hibernation",),
        ("scavenger", "fat_tissue", "fat_tissue"),
        ("piracy", "camouflage"),
        ("burrowing", "sharp_vision"),
        (),
    ]
    players = []
    next_id = 0
    for seat, name in enumerate(NAMES):
        animals = []
        for index in range(1 + (seat * 3) % 7):
            own = traits[(seat + index) % len(traits)]
            fat = own.count("fat_tissue") if index % 2 else 0
            animals.append(animal(next_id + index, *own, food=index % 2, fat=fat))
        links = []
        if len(animals) >= 3:
            first = next_id
            links = [
                link("communication", first, first + 1),
                link("cooperation", first + 1, first + 2, used=seat % 2 == 0),
                link("symbiosis", first + 2, first),
            ]
        players.append(player(name, *animals, links=links, hand=["swimming"] * (seat % 3), passed=seat == 5))
        next_id += len(animals)
    return scenario(options={"two_decks": True}, food_base=11, turn=4, first_player=2, active=3, players=players)


def four_players_over() -> GameState:
    """The game is over; two players tie on points and the tie-breaks decide."""
    return scenario(
        phase="game_over",
        turn=9,
        active=None,
        players=[
            player(NAMES[0], animal(0, "carnivore", "big"), animal(1, "swimming")),
            player(NAMES[1], animal(2, "camouflage", "fat_tissue"), animal(3, "running"), animal(4)),
            player(NAMES[2], animal(5, "parasite", "carnivore")),
            player(NAMES[3]),
        ],
    )


def four_players_rolled_off() -> GameState:
    """The game is over under the tie-break ``discards``: two players equal on points are told apart by their
    cards discarded, two more equal on both by their dice."""
    tied = [
        (player(NAMES[0], animal(0, "carnivore"), animal(1, "swimming")), 4, [5]),
        (player(NAMES[1], animal(2, "camouflage", "fat_tissue"), animal(3, "running")), 4, [2]),
        (player(NAMES[2], animal(4, "swimming")), 7, []),
        (player(NAMES[3], animal(5, "running")), 2, []),
    ]
    return scenario(
        phase="game_over",
        turn=9,
        active=None,
        options={"tie_break": "discards"},
        players=[{**p, "discarded": discarded, "tie_rolls": rolls} for p, discarded, rolls in tied],
    )


def eight_players_expansions() -> GameState:
    """Both expansions (seed 001), eight players: every trait of "Time to Fly" and "Darwin's Day" on the table, a
    revealed Anglerfish fasting, an animal hidden in its Shell, Trematodes on a rival's animals, Shells lying in the
    middle of the table, and a pack hunt with Intellect waiting for its defender."""
    traits = [
        ("shell", "flight"),
        ("specialization_a", "viviparous"),
        ("metamorphosis", "ink_cloud", "immunity"),
        ("kleptoplasty", "specialization_b"),
        ("carnivore", "ambush", "big"),
        ("tail_loss", "running", "swimming"),
        ("fat_tissue", "hibernation"),
        (),
    ]
    players = []
    next_id = 10
    for seat, name in enumerate(NAMES[2:], start=2):
        animals = []
        for index in range(1 + (seat * 3) % 6):
            own = traits[(seat + index) % len(traits)]
            fat = own.count("fat_tissue") * (index % 2)
            # A traitless animal is a face-down Anglerfish, which the board must not tell from any other animal.
            card = None if own else "anglerfish"
            animals.append(animal(next_id + index, *own, food=index % 2, fat=fat, card=card))
        links = [link("trematode", next_id, next_id + 1)] if len(animals) >= 2 and seat % 2 else []
        players.append(player(name, *animals, links=links, hand=["swimming"] * (seat % 3)))
        # Standing orders, which no onlooker may see: each ambusher armed, the Anglerfish kept hidden.
        ambushers = [a["id"] for a in animals if "ambush" in a["traits"]]
        players[-1]["orders"] = {"ambush": ambushers, "anglerfish": False}
        next_id += len(animals)
    hunters = player(
        NAMES[0],
        animal(0, "carnivore", "pack", "intellect"),
        animal(1, "carnivore", "pack", "ambush"),
        animal(2, f"carnivore#{ANGLERFISH}:used", food=1, fasting=True),
    )
    prey = player(
        NAMES[1],
        animal(5, "tail_loss", "camouflage", "running"),
        animal(6, "shell", food=1, in_shell=True),
        animal(7, "mimicry", "swimming"),
        links=[link("cooperation", 5, 6)],
    )
    state = expanded(food_base=9, turn=3, first_player=0, shells=["shell", "shell"], players=[hunters, prey, *players])
    state, _ = RULES.apply(state, Attack(0, 0, 5, (Trait.CAMOUFLAGE,), 1))
    return state


def pack_invitation() -> GameState:
    """Darwin's Day: Anna's carnivore invites Bartosz's to hunt Tom's animal as a pack; Bartosz is asked whether his
    carnivore joins."""
    state = scenario(
        options={"darwins_day": True},
        food_base=4,
        players=[
            player(NAMES[0], animal(0, "carnivore", "pack")),
            player(NAMES[1], animal(1, "carnivore", "pack", "immunity"), animal(2, "kleptoplasty")),
            player(NAMES[5], animal(3, "fat_tissue")),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 3, (), 1))
    return state


def anglerfish_choice() -> GameState:
    """Time to Fly: Anna's carnivore attacks a plain animal of Bartosz's; his Anglerfish shows itself and strikes
    back, and Bartosz chooses which of the carnivore's traits (Running, Tail Loss) it ignores."""
    state = expanded(
        food_base=4,
        players=[
            player(NAMES[0], animal(0, "carnivore", "running", "tail_loss"), animal(3, "swimming")),
            player(NAMES[1], animal(1), animal(2, card="anglerfish")),
        ],
    )
    state, _ = RULES.apply(state, Attack(0, 0, 1))
    return state
