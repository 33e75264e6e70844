"""Hand-built positions of the original game for the board's tests (docs/position-format.md), late in a game: every
mark the board draws, at 2, 4 and 8 players."""

from __future__ import annotations

from rules_core.origin.actions import Attack
from rules_core.origin.state import GameState
from tests.origin.scenario import animal, link, player, scenario
from tests.origin_ui.games import RULES

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
