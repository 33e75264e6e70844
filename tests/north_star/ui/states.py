"""North Star game states for its board's tests: seeded random games and hand-built scenarios."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules_core.north_star.cards import Trait
from rules_core.north_star.state import GameState, Phase
from tests.north_star.scenario import RULES, player, scenario, species
from tests.renderer.names import LONG_CYRILLIC

NAMES = ["Anna Kovács", "Bartosz Łukasiewicz", "Олександра Шевченко", "Ödön Hősök", "María José", "Tom"]


def play_until(
    players: int, seed: int, stop: Callable[[GameState, int], bool] | None = None, names: list[str] | None = None
) -> GameState:
    """A seeded game of uniformly random legal moves, played until ``stop(state, actions)`` or the end."""
    chooser = random.Random(seed)
    state = RULES.new_game(players=(names or NAMES)[:players], options={}, seed=seed)[0]
    actions = 0
    while state.phase is not Phase.GAME_OVER and not (stop is not None and stop(state, actions)):
        decisions = RULES.decisions(state)
        seat = decisions[chooser.randrange(len(decisions))].seat
        legal = RULES.legal_actions(state, seat)
        state, _ = RULES.apply(state, legal[chooser.randrange(len(legal))])
        actions += 1
    return state


def mid_feeding(players: int, seed: int = 1, after: int = 40) -> GameState:
    """A random game in its feeding phase, at least ``after`` actions in."""
    return play_until(players, seed, lambda s, n: n >= after and s.phase is Phase.FEEDING)


def finished(players: int, seed: int = 3) -> GameState:
    return play_until(players, seed)


_TRAITS = [t.value for t in Trait]


def crowded(*, names: list[str] | None = None, per_player: int = 8, players: int = 6) -> GameState:
    """Six players with eight species each, every trait on the table, some of them face down, mid-feeding."""
    seats: list[dict[str, Any]] = []
    next_id = 0
    cursor = 0
    for seat in range(players):
        table = []
        for index in range(per_player):
            count = (seat + index) % 4 if per_player * players <= 30 else (seat + index) % 3
            traits = [_TRAITS[(cursor + i * 5) % len(_TRAITS)] for i in range(count)]
            cursor += 1
            if count and index % 4 == 3:
                traits[0] = "?" + traits[0]
            population = 1 + (seat * 3 + index) % 6
            body = 1 + (seat + index * 2) % 6
            fat = 0
            if "fat_tissue" in traits:
                fat = min(body, 1 + index % 3)
            table.append(
                species(
                    next_id, body=body, pop=population, food=(seat + index) % (population + 1), fat=fat, traits=traits
                )
            )
            next_id += 1
        seat_name = (names or NAMES)[seat % len(names or NAMES)]
        seats.append(player(seat_name, *table, hand=["carnivore"] if seat % 2 else [], bag=seat * 2))
    return scenario(phase="feeding", turn=2, first_player=1, watering_hole=7, food_bank=101, players=seats)


def six_by_eight_long_names() -> GameState:
    names = [LONG_CYRILLIC, "Zażółć gęślą jaźń — Łukasz", "Őrült Űrhajós Hőség", "🦖🦕 Dino Fan 🎉", "李小龍", "Émile"]
    return crowded(names=names)


def food_card_phase() -> GameState:
    """Phase 2: two seats have put their food card down, one is still choosing; a face-down trait from before."""
    return scenario(
        phase="food_cards",
        turn=None,
        round=3,
        first_player=2,
        watering_hole=2,
        food_bank=140,
        next_round_last=True,
        players=[
            player(
                "Ann",
                species(0, body=3, pop=2, traits=["carnivore", "ambush"]),
                hand=["horns", "fertile"],
                food_card="long_neck",
            ),
            player("Bob", species(1, body=1, pop=4, traits=["burrowing"]), hand=["climbing"]),
            player(
                "Cecília", species(2, body=2, pop=2, fat=1, traits=["fat_tissue"]), hand=["foraging"], food_card="horns"
            ),
        ],
    )


def play_card_phase_with_hidden_traits(
    *, face_down: str = "horns", hand: list[str] | None = None, bag: int = 4, seed: int = 0
) -> GameState:
    """Sequential card play: Bob's newest trait lies face down. ``face_down``, the hands, the bags and the
    deck's order (``seed``) are hidden from the table; tests vary them to check that nothing leaks."""
    return scenario(
        phase="play_cards",
        turn=1,
        round=5,
        first_player=0,
        watering_hole=3,
        food_bank=120,
        last_round=True,
        seed=seed,
        players=[
            player(
                "Ann",
                species(0, body=4, pop=3, traits=["carnivore", "pack_hunting"]),
                hand=hand or ["fertile"],
                bag=bag,
                done=True,
            ),
            player(
                "Bob",
                species(1, body=2, pop=2, traits=["long_neck", "?" + face_down]),
                species(2, body=1, pop=1),
                hand=["scavenger", "symbiosis"],
                bag=bag + 1,
            ),
            player("Cy", species(3, body=1, pop=5, traits=["cooperation"]), hand=["intelligence"], bag=2),
        ],
    )


def reveal_phase() -> GameState:
    """Reveal effects waiting to be ordered (an owner with two reveal-time traits)."""
    return scenario(
        phase="reveal_effects",
        turn=None,
        round=2,
        watering_hole=5,
        food_bank=150,
        players=[
            player(
                "Ann",
                species(0, body=2, pop=2, traits=["fertile", "long_neck"]),
                species(1, body=3, pop=1, traits=["fat_tissue"]),
            ),
            player("Bob", species(2, body=1, pop=1, traits=["foraging"])),
        ],
        pending_effects=[
            {"seat": 0, "species": 0, "trait": "fertile"},
            {"seat": 0, "species": 0, "trait": "long_neck"},
        ],
    )


def tied_game_over() -> GameState:
    """The end of a game where two players tie on score and the tie-break decides, and one has no species."""
    return scenario(
        phase="game_over",
        turn=None,
        round=9,
        last_round=True,
        watering_hole=0,
        food_bank=40,
        players=[
            player("Ann", species(0, body=3, pop=3, traits=["carnivore", "ambush", "horns"]), bag=10),
            player("Bob", species(1, body=2, pop=4, traits=["foraging"]), species(2, pop=2), bag=9),
            player("Cy", bag=4),
        ],
    )
