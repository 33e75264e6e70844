"""What the channel and each seat may see (rules_core/dice_combat/view.py)."""

from __future__ import annotations

import json

from rules_core.codec import encode
from rules_core.dice_combat.actions import Hunt
from rules_core.dice_combat.view import SeatView, TableView
from rules_core.engine import PublicView
from tests.dice_combat.helpers import RULES, energy, play, player, scenario, species_id, strength


def test_the_public_view_holds_no_hand_and_no_deck_order() -> None:
    state, _ = RULES.new_game(players=["Ann", "Bob", "Cy"], options={}, seed=9)
    view = RULES.public_view(state)
    assert isinstance(view, TableView) and isinstance(view, PublicView)
    assert [p.hand_size for p in view.players] == [len(p.hand) for p in state.players]
    assert view.evolution_deck_size == len(state.evolution_deck)
    text = json.dumps(encode(view))
    assert '"hand"' not in text and "rng" not in text and '"evolution_deck"' not in text


def test_a_seat_sees_its_own_hand_in_the_order_received_and_the_same_table() -> None:
    state, _ = RULES.new_game(players=["Ann", "Bob"], options={}, seed=9)
    view = RULES.seat_view(state, 1)
    assert isinstance(view, SeatView) and not isinstance(view, PublicView)
    assert view.hand == state.players[1].hand and view.table == RULES.public_view(state)


def test_the_view_tells_strength_and_energy_now_and_the_preys_as_the_prey() -> None:
    state = scenario(
        phase="hunting",
        environment="fog",
        players=[player("Ann", "sabre_tooth", evolutions=["claws"], hand=["disease"]), player("Bob", "viper")],
        species_deck=["elk"],
    )
    state, _ = play(state, Hunt(0))
    table = RULES.public_view(state)
    assert (table.players[0].strength, table.players[0].energy) == (strength("sabre_tooth") + 1, energy("sabre_tooth"))
    assert table.hunt is not None and table.hunt.prey.card == species_id("elk")
    assert table.hunt.strength == strength("elk") + 1  # Fog strengthens the hunted
