"""Dice-combat games stored by an older program, on each storage backend: a game dealt the first edition's cards
(before the cards came in editions, its options name none) replays exactly and plays on with them; a new game gets
the newest edition (docs/dice-combat-cards.md, "Tuning history")."""

from __future__ import annotations

import json
from typing import Any

from computer_players.simple import first_legal
from game_service import GameService
from game_service.store import checksum
from rules_core.dice_combat.cards import EDITIONS, FIRST_EDITION, LATEST_EDITION
from rules_core.registry import find_ruleset

# The service tests' fixtures: a database of each backend (on PostgreSQL's server), a clock, no error logged.
from tests.service.conftest import clock, database, no_unexpected_errors, postgres  # noqa: F401
from tests.service.helpers import Database, FakeClock, lobby, play_one, stored


def _cards_of(state: dict[str, Any]) -> tuple[set[int], set[int]]:
    """Every species and evolution card id in a stored dice-combat state."""
    species = {*state["species_deck"], *state["species_discard"]}
    evolutions = {*state["evolution_deck"], *state["evolution_discard"]}
    for player in state["players"]:
        species.add(player["species"]["card"])
        evolutions.update(player["species"]["evolutions"], player["hand"])
    return species, evolutions


def _edition_ids(edition: int) -> tuple[set[int], set[int]]:
    cards = EDITIONS[edition]
    return {c.id for c in cards.species}, {c.id for c in cards.evolutions}


async def test_a_game_stored_before_the_editions_replays_exactly_and_plays_on_with_the_first_cards(
    database: Database,  # noqa: F811
    clock: FakeClock,  # noqa: F811
) -> None:
    """A game saved by the program before the cards came in editions: its options are empty and its snapshot is of
    state format 3 (no ``edition``). It is rebuilt from its log with the first edition's cards, shows the table it
    showed, and the cards it is dealt from then on are still the first edition's."""
    dice = find_ruleset("dice_combat")
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        users = await lobby(service, "d", humans=2, ruleset="dice_combat", options={"edition": FIRST_EDITION})
        result = await service.start(channel_id="d", actor_id=users[0], seed=5)
        while (await service.public_view(channel_id="d")).round < 2:
            result = await play_one(service, "d", result)
        good_view = await service.public_view(channel_id="d")
    game_id = result.game_id
    _, state, _ = await stored(database, game_id)
    old = json.loads(json.dumps(state))
    del old["state"]["edition"]
    old["format"] = "dice_combat/state/3"
    text = json.dumps(old)
    await database.execute(
        f"UPDATE snapshots SET format = 3, state = '{text}', checksum = '{checksum(text)}' WHERE game_id = {game_id}"
    )
    await database.execute(f"UPDATE games SET options = '{{}}' WHERE id = {game_id}")
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        assert await service.public_view(channel_id="d") == good_view
        assert good_view.edition == FIRST_EDITION  # type: ignore[attr-defined]
        # On into the next period, whose deal draws more cards.
        while result.status == "running" and (await service.public_view(channel_id="d")).round < 3:
            result = await play_one(service, "d", result)
    _, rewritten, _ = await stored(database, game_id)
    assert rewritten["format"] == dice.state_format
    assert rewritten["state"]["edition"] == FIRST_EDITION
    species, evolutions = _cards_of(rewritten["state"])
    first_species, first_evolutions = _edition_ids(FIRST_EDITION)
    assert species == first_species and evolutions == first_evolutions


async def test_a_new_game_is_dealt_the_newest_edition(
    database: Database,  # noqa: F811
    clock: FakeClock,  # noqa: F811
) -> None:
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        users = await lobby(service, "n", humans=2, ruleset="dice_combat")
        info = await service.game_info(channel_id="n")
        result = await service.start(channel_id="n", actor_id=users[0], seed=5)
        view = await service.public_view(channel_id="n")
    assert LATEST_EDITION > FIRST_EDITION
    assert info.options == {"edition": LATEST_EDITION}
    assert view.edition == LATEST_EDITION  # type: ignore[attr-defined]
    _, state, _ = await stored(database, result.game_id)
    assert _cards_of(state["state"]) == _edition_ids(LATEST_EDITION)
