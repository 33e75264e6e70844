"""``evolution-bot console --export FILE [--game ID]``: a closed game's record as JSON (docs/rulings.md, "Replays").

The record holds what replays the game through the rules: the rule system, its options, the seed, the seats'
names in seat order and the action log (each action's JSON as stored, its seat, whether the player, a computer or
the timeout chose it, and when), and, to check a replay against, the final state in the rule system's own JSON
(``dump_state``) and the standings. Only closed games are exported: the log and the state hold every secret (hands,
picks, the deck's order, the seed), which stop mattering only once the game can never go on. No user id is written
(a Discord game's seats are people's accounts): seats are told by their names.
"""

from __future__ import annotations

from typing import Any

from game_service import GameService, NoGameHere
from rules_core.codec import encode
from rules_core.engine import Outcome

#: The name and version of this JSON layout.
RECORD_FORMAT = "evolution-bot/record/1"


async def game_record(service: GameService, *, game_id: int) -> dict[str, Any]:
    """The record of the closed game ``game_id`` (a refusal for a running game or a lobby)."""
    final = await service.final_position(game_id=game_id)
    history = await service.history(game_id=game_id)
    info = history.info
    assert info.started_at is not None
    return {
        "format": RECORD_FORMAT,
        "game": info.game_id,
        "ruleset": info.ruleset,
        "options": dict(info.options),
        "seed": info.seed,
        "status": info.status,
        "started_at": info.started_at.isoformat(),
        "finished_at": None if info.finished_at is None else info.finished_at.isoformat(),
        "seats": [{"seat": s.seat, "name": s.name, "computer": s.is_computer, "level": s.level} for s in info.players],
        "actions": [
            {
                "version": entry.version,
                "seat": entry.seat,
                "played_by": entry.played_by,
                "at": entry.at.isoformat(),
                "action": entry.action_data,
            }
            for entry in history.entries
            if entry.kind == "action"
        ],
        "outcome": None if info.outcome is None else encode(info.outcome, Outcome),
        "final_state": final,
    }


async def table_game(service: GameService, channel: str) -> int:
    """The game of a console table: its running game, else its latest one (``NoGameHere`` for a table without)."""
    recent = await service.recent_games(channel_id=channel, limit=1)
    if not recent:
        raise NoGameHere("there is no game at this table", channel_id=channel)
    return recent[0].game_id
