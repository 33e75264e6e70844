"""Dice-combat games stored by an older program, on each storage backend: a game dealt the first edition's cards
(before the cards came in editions, its options name none) replays exactly and plays on with them, and a game that
drew with a fresh Mersenne Twister a draw (before the counter generator, its options name no generator) keeps those
draws; a new game gets the newest edition and the counter (docs/dice-combat-cards.md, "Tuning history";
docs/engine.md, "Randomness")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from computer_players.simple import first_legal
from game_service import GameService
from game_service.store import checksum
from rules_core.dice_combat.cards import EDITIONS, FIRST_EDITION, LATEST_EDITION
from rules_core.registry import find_ruleset
from rules_core.rng import COUNTER, RESEEDED

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


async def _store_as_old(
    database: Database,  # noqa: F811
    game_id: int,
    *,
    options: dict[str, Any],
    state_format: int,
    state: dict[str, Any],
) -> None:
    """Write the game's options and snapshot as an older program stored them (``state``: the snapshot's JSON)."""
    text = json.dumps(state)
    await database.execute(
        f"UPDATE snapshots SET format = {state_format}, state = '{text}', checksum = '{checksum(text)}' "
        f"WHERE game_id = {game_id}"
    )
    await database.execute(f"UPDATE games SET options = '{json.dumps(options)}' WHERE id = {game_id}")


async def test_a_game_stored_before_the_editions_replays_exactly_and_plays_on_with_the_first_cards(
    database: Database,  # noqa: F811
    clock: FakeClock,  # noqa: F811
) -> None:
    """A game saved by the program before the cards came in editions: its options are empty and its snapshot is of
    state format 3 (no ``edition``). It is rebuilt from its log with the first edition's cards, shows the table it
    showed, and the cards it is dealt from then on are still the first edition's."""
    dice = find_ruleset("dice_combat")
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        users = await lobby(
            service, "d", humans=2, ruleset="dice_combat", options={"edition": FIRST_EDITION, "generator": RESEEDED}
        )
        result = await service.start(channel_id="d", actor_id=users[0], seed=5)
        while (await service.public_view(channel_id="d")).round < 2:
            result = await play_one(service, "d", result)
        good_view = await service.public_view(channel_id="d")
    game_id = result.game_id
    _, old, _ = await stored(database, game_id)
    del old["state"]["edition"]
    old["format"] = "dice_combat/state/3"
    await _store_as_old(database, game_id, options={}, state_format=3, state=old)
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


@pytest.mark.parametrize("snapshot", ["loaded", "replayed"])
async def test_a_game_stored_before_the_counter_generator_replays_exactly_and_plays_on_with_its_draws(
    database: Database,  # noqa: F811
    clock: FakeClock,  # noqa: F811
    snapshot: str,
) -> None:
    """A game saved by the program before the counter generator: its options name the edition but no generator
    (the lobby stored every option there was), and its snapshot's generator names none (as a state of the first
    generator is still written). Whether that snapshot is
    loaded or the game is rebuilt from its log, it shows the table it showed and plays on drawing as it did: its
    twin (the same seed and moves, stored by this program with the first generator named) ends in the same state."""
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        results = {}
        for channel in ("old", "twin"):
            users = await lobby(
                service, channel, humans=2, ruleset="dice_combat", options={"edition": 2, "generator": RESEEDED}
            )
            results[channel] = await service.start(channel_id=channel, actor_id=users[0], seed=7)  # six periods
            while (await service.public_view(channel_id=channel)).round < 2:
                results[channel] = await play_one(service, channel, results[channel])
        good_view = await service.public_view(channel_id="old")
    game_id = results["old"].game_id
    _, old, _ = await stored(database, game_id)
    assert "generator" not in old["state"]["rng"]  # a state of the first generator is written as before
    await _store_as_old(database, game_id, options={"edition": 2}, state_format=4, state=old)
    if snapshot == "replayed":  # a snapshot that does not match the log is rebuilt from it
        await database.execute(f"UPDATE snapshots SET checksum = 'stale' WHERE game_id = {game_id}")
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        assert await service.public_view(channel_id="old") == good_view
        # On into the next period, whose deal and dice draw more; each game takes the same moves.
        for channel in ("old", "twin"):
            while results[channel].status == "running" and (await service.public_view(channel_id=channel)).round < 3:
                results[channel] = await play_one(service, channel, results[channel])
    assert results["old"].version == results["twin"].version
    _, after, _ = await stored(database, game_id)
    _, twin, _ = await stored(database, results["twin"].game_id)
    assert after == twin
    assert "generator" not in after["state"]["rng"]


async def test_a_new_game_is_dealt_the_newest_edition_and_draws_with_the_counter(
    database: Database,  # noqa: F811
    clock: FakeClock,  # noqa: F811
) -> None:
    async with await GameService.open(database=database.url, clock=clock, computer_policy=first_legal) as service:
        users = await lobby(service, "n", humans=2, ruleset="dice_combat")
        info = await service.game_info(channel_id="n")
        result = await service.start(channel_id="n", actor_id=users[0], seed=5)
        view = await service.public_view(channel_id="n")
    assert LATEST_EDITION > FIRST_EDITION
    assert info.options == {"edition": LATEST_EDITION, "generator": COUNTER}
    assert view.edition == LATEST_EDITION  # type: ignore[attr-defined]
    _, state, _ = await stored(database, result.game_id)
    assert _cards_of(state["state"]) == _edition_ids(LATEST_EDITION)
    assert state["state"]["rng"]["generator"] == COUNTER
