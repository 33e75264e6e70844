"""The computer player's choices make sense: it feeds rather than stops, attacks the right species, plays traits
that fit, grows when food is plentiful and picks its food card with its herbivores in mind."""

from __future__ import annotations

from typing import Any

from computer_players.north_star.planner import Planner
from rules_core.north_star.actions import (
    Attack,
    CreateSpecies,
    FinishCardPlay,
    IncreaseBodySize,
    IncreasePopulation,
    PlayTrait,
    SelectFoodCard,
    StopFeeding,
    TakePlantFood,
    UseIntelligence,
)
from rules_core.north_star.cards import Trait, food_value, trait_of
from rules_core.north_star.state import GameState
from tests.computer_players.helpers import computer
from tests.north_star.scenario import RULES, player, scenario, species


def _choice(state: GameState, seat: int = 0) -> Any:
    action = computer(state, seat, RULES)
    assert action in RULES.legal_actions(state, seat)
    return action


# Feeding.


def test_feeds_a_hungry_species_with_intelligence_rather_than_stopping() -> None:
    state = scenario(
        watering_hole=0,
        players=[
            player("Ann", species(0, pop=3, traits=["intelligence"]), hand=["horns", "ambush"]),
            player("Bob", species(10, pop=2)),
        ],
    )
    assert StopFeeding(0) in RULES.legal_actions(state, 0)
    action = _choice(state)
    assert isinstance(action, UseIntelligence) and action.species == 0


def test_stores_fat_rather_than_stopping() -> None:
    state = scenario(
        watering_hole=4,
        players=[
            player("Ann", species(0, body=3, pop=2, food=2, traits=["fat_tissue"])),
            player("Bob", species(10, pop=2)),
        ],
    )
    assert StopFeeding(0) in RULES.legal_actions(state, 0)
    assert _choice(state) == TakePlantFood(0, 0)


def test_feeds_the_species_that_would_starve_first() -> None:
    state = scenario(
        watering_hole=2,
        players=[
            player("Ann", species(0, pop=4, food=1), species(1, pop=2, food=0, traits=["horns"])),
            player("Bob", species(10, pop=6)),
        ],
    )
    assert _choice(state) == TakePlantFood(0, 1)


def test_gives_plant_food_to_the_hungriest_herbivore() -> None:
    state = scenario(
        watering_hole=6,
        players=[
            player("Ann", species(0, pop=2, food=1), species(1, pop=5, food=1), species(2, pop=3, food=2)),
            player("Bob", species(10, pop=6)),
        ],
    )
    assert _choice(state) == TakePlantFood(0, 1)


def _hunt(*prey: dict[str, Any], own: tuple[dict[str, Any], ...] = ()) -> GameState:
    return scenario(
        watering_hole=3,
        players=[
            player("Ann", species(0, body=4, pop=3, traits=["carnivore"]), *own),
            player("Bob", *prey),
        ],
    )


def test_attacks_the_species_without_horns() -> None:
    state = _hunt(species(10, body=3, pop=3, traits=["horns"]), species(11, body=2, pop=3))
    assert _choice(state) == Attack(0, 0, 11)


def test_attacks_for_the_most_meat() -> None:
    state = _hunt(species(10, body=1, pop=3), species(11, body=3, pop=2), species(12, body=2, pop=4))
    assert _choice(state) == Attack(0, 0, 11)


def test_does_not_attack_its_own_species_when_another_target_exists() -> None:
    state = _hunt(species(10, body=1, pop=2), own=(species(1, body=3, pop=4),))
    assert _choice(state) == Attack(0, 0, 10)


def test_attacks_its_own_species_only_when_forced() -> None:
    state = _hunt(species(10, body=5, pop=2), own=(species(1, body=2, pop=4, food=4),))
    assert RULES.legal_actions(state, 0) == (Attack(0, 0, 1),)
    assert _choice(state) == Attack(0, 0, 1)


def test_stops_rather_than_eat_its_own_species_for_fat() -> None:
    state = scenario(
        watering_hole=0,
        players=[
            player(
                "Ann",
                species(0, body=4, pop=2, food=2, traits=["carnivore", "fat_tissue"]),
                species(1, body=2, pop=3, food=3),
            ),
            player("Bob", species(10, body=5, pop=2)),
        ],
    )
    assert Attack(0, 0, 1) in RULES.legal_actions(state, 0)
    assert _choice(state) == StopFeeding(0)


# Card play.


def _cards(ann: dict[str, Any], *others: dict[str, Any], **fields: Any) -> GameState:
    for other in others:
        other["done"] = True
    return scenario(phase="play_cards", turn=0, round=2, players=[ann, *others], **fields)


def test_a_big_species_becomes_a_carnivore_among_small_prey() -> None:
    # Plant food is scarce (many hungry herbivores), the table is full of small prey and two rounds remain.
    state = _cards(
        player("Ann", species(0, body=5, pop=5), hand=["carnivore", "ambush"]),
        player("Bob", species(10, body=2, pop=6), species(11, body=1, pop=5), species(12, body=3, pop=5)),
        player("Cy", species(20, body=2, pop=5), species(21, body=1, pop=6)),
        next_round_last=True,
    )
    action = _choice(state)
    assert isinstance(action, PlayTrait) and trait_of(action.card) is Trait.CARNIVORE and action.species == 0


def test_a_hunted_species_takes_a_defence() -> None:
    state = _cards(
        player("Ann", species(0, body=1, pop=4), hand=["hard_shell", "pack_hunting"]),
        player("Bob", species(10, body=3, pop=4, traits=["carnivore"])),
    )
    action = _choice(state)
    assert isinstance(action, PlayTrait) and trait_of(action.card) is Trait.HARD_SHELL


def test_long_neck_goes_on_a_herbivore_not_on_a_carnivore() -> None:
    state = _cards(
        player("Ann", species(0, body=4, pop=2, traits=["carnivore"]), species(1, body=2, pop=6), hand=["long_neck"]),
        player("Bob", species(10, body=2, pop=5), species(11, body=1, pop=5)),
        player("Cy", species(20, body=2, pop=5), species(21, body=1, pop=4)),
        next_round_last=True,
    )
    assert _choice(state) == PlayTrait(0, state.players[0].hand[0], 1)


def test_no_pointless_trait_before_the_last_round() -> None:
    state = _cards(
        player("Ann", species(0, body=4, pop=2, traits=["carnivore"]), hand=["long_neck", "foraging"]),
        player("Bob", species(10, body=2, pop=3), species(11, body=1, pop=2)),
    )
    assert not isinstance(_choice(state), PlayTrait)


def test_grows_when_food_is_plentiful() -> None:
    state = _cards(
        player("Ann", species(0, pop=2), hand=["ambush", "pack_hunting", "ambush"]),
        player("Bob", species(10, pop=2)),
        watering_hole=30,
    )
    assert isinstance(_choice(state), IncreasePopulation | CreateSpecies | IncreaseBodySize)


def test_finishes_when_nothing_is_worth_a_card() -> None:
    # Ann's species cannot grow or take another trait, and a new species would only feed Bob's carnivore.
    state = _cards(
        player("Ann", species(0, body=6, pop=6, traits=["foraging", "long_neck", "cooperation"]), hand=["ambush"]),
        player("Bob", species(10, body=3, pop=6, traits=["carnivore", "ambush"])),
        player("Cy", species(20, body=5, pop=6, traits=["hard_shell"])),
        last_round=True,
    )
    assert _choice(state) == FinishCardPlay(0)


def test_plays_its_cards_in_the_last_round() -> None:
    state = _cards(
        player("Ann", species(0, pop=2), hand=["ambush", "horns"]),
        player("Bob", species(10, pop=2)),
        last_round=True,
        watering_hole=10,
    )
    assert _choice(state) != FinishCardPlay(0)


# Food cards.


def _food_cards(ann: dict[str, Any], *others: dict[str, Any], **fields: Any) -> GameState:
    for other in others:
        other["food_card"] = other["hand"].pop()
    return scenario(phase="food_cards", turn=None, round=2, players=[ann, *others], **fields)


def test_hungry_herbivores_give_a_high_food_card() -> None:
    state = _food_cards(
        player(
            "Ann",
            species(0, pop=5, traits=["ambush", "pack_hunting", "horns"]),
            hand=["pack_hunting", "fertile", "ambush"],
        ),
        player("Bob", species(10, pop=5), hand=["horns", "horns"]),
        player("Cy", species(20, pop=5), hand=["horns", "horns"]),
    )
    action = _choice(state)
    assert isinstance(action, SelectFoodCard) and trait_of(action.card) is Trait.FERTILE


def test_a_meat_eater_gives_a_low_food_card() -> None:
    state = _food_cards(
        player(
            "Ann",
            species(0, body=5, pop=4, traits=["carnivore", "ambush", "climbing"]),
            hand=["pack_hunting#101", "fertile", "carnivore"],
        ),
        player("Bob", species(10, pop=5), species(11, pop=4), hand=["horns", "horns"]),
        player("Cy", species(20, pop=5), species(21, pop=4), hand=["horns", "horns"]),
    )
    action = _choice(state)
    assert isinstance(action, SelectFoodCard)
    hand = state.players[0].hand
    assert food_value(action.card) == min(food_value(c) for c in hand)


# Card play while the others choose food cards (docs/rulings.md, "The quick game's card play begins at each
# player's food card").


def test_a_player_at_its_card_play_does_not_count_its_own_hand_as_growth_still_to_come() -> None:
    """The planner weighs a card play against the table as it will be: a seat's own growth from its hand is what
    is being decided, whether it plays during the card-play phase or while the others still choose food cards."""
    state = RULES.new_game(players=["A", "B", "C"], options={"quick_game": True}, seed=3)[0]
    choosing = Planner(state, 0)
    state, _ = RULES.apply(state, SelectFoodCard(0, state.players[0].hand[0]))
    assert state.playing_cards(0)
    assert choosing.own_growth > 0, "while it chooses a food card, its hand's growth is still to come"
    assert Planner(state, 0).own_growth == 0
    assert Planner(state, 1).own_growth > 0, "the others' growth is still to come"
