"""A compact scenario builder over the position format (docs/position-format.md).

    state = scenario(
        phase="feeding", turn=0, watering_hole=3,
        players=[
            player("Ann", species(0, body=3, pop=2, traits=["carnivore"])),
            player("Bob", species(1, body=1, pop=2, traits=["horns"]), hand=["fertile"]),
        ],
    )

Cards are written by trait ("long_neck") or as "trait#id"; "?trait" lies face down. Cards not named anywhere form
the deck (shuffled with ``seed``) unless ``deck`` is given.
"""

from __future__ import annotations

from typing import Any

from rules_core.north_star import NorthStar
from rules_core.north_star.state import GameState

RULES = NorthStar()


def species(
    id: int, *, body: int = 1, pop: int = 1, food: int = 0, fat: int = 0, traits: list[str] | None = None
) -> dict[str, Any]:
    return {"id": id, "body_size": body, "population": pop, "food": food, "fat": fat, "traits": traits or []}


def player(
    name: str,
    *species_list: dict[str, Any],
    hand: list[str] | None = None,
    bag: int = 0,
    food_card: str | None = None,
    done: bool = False,
) -> dict[str, Any]:
    return {
        "name": name,
        "species": list(species_list),
        "hand": hand or [],
        "bag": bag,
        "food_card": food_card,
        "done": done,
    }


def scenario(*, players: list[dict[str, Any]], seed: int = 0, **fields: Any) -> GameState:
    data: dict[str, Any] = {"players": players, "phase": "feeding", "turn": 0, "rng": {"seed": seed}}
    data.update(fields)
    return RULES.load_position(data)
