"""``evolution-bot console --export FILE [--game ID]``: a closed game's record as JSON, whose log replays through
the rules to the exported final state, for every rule system; a running game and an empty table are refused
(docs/rulings.md, "Replays"). What is not about each rule system is shown on the toy game (``tests/toy``): on the
command line with people only, whose computers would play in worker processes that know the shipped rule systems
only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from console import cli
from console.export import RECORD_FORMAT, game_record
from console.session import Session, channel_id
from rules_core.registry import find_ruleset
from tests.console.helpers import Script, toy_service, toy_setup
from texts.messages import message
from texts.registry import playable_rulesets

#: A new table of the toy game on the command line, for two people at the keyboard.
TOY_TABLE = ("--ruleset", "toy", "--players", "Ann", "Bob")


def run(*argv: str, script: Script | None = None) -> tuple[int, Script]:
    script = script or Script()
    return cli.main(cli.parser().parse_args(list(argv)), script.terminal()), script


def replayed(record: dict[str, Any]) -> dict[str, Any]:
    """The record's log applied through its rule system from its seed: the final state's JSON."""
    rules = find_ruleset(record["ruleset"])
    state = rules.replay(
        players=[seat["name"] for seat in record["seats"]],
        options=record["options"],
        seed=record["seed"],
        actions=[rules.exact_action(entry["action"]) for entry in record["actions"]],
    )
    return rules.dump_state(state)


@pytest.mark.parametrize("ruleset", playable_rulesets())
def test_a_finished_games_log_replays_to_its_exported_final_state(tmp_path: Path, ruleset: str) -> None:
    database = str(tmp_path / "games.sqlite3")
    code, _ = run("--database", database, "--players", "Ann", "--computers", "2", "--seed", "8", "--ruleset", ruleset)
    assert code == 0
    out = tmp_path / "game.json"
    code, script = run("--database", database, "--export", str(out))
    assert code == 0, script.output
    record = json.loads(out.read_text(encoding="utf-8"))
    assert script.output == message("console.exported", game=record["game"], path=out)
    assert record["format"] == RECORD_FORMAT and record["ruleset"] == ruleset and record["status"] == "finished"
    assert [s["name"] for s in record["seats"]] == ["Ann", "Computer 1", "Computer 2"]
    assert [s["computer"] for s in record["seats"]] == [False, True, True]
    assert [a["version"] for a in record["actions"]] == list(range(1, len(record["actions"]) + 1))
    assert {a["played_by"] for a in record["actions"]} == {"player", "computer", "forced"}
    assert record["outcome"]["winners"], "the standings"
    assert replayed(record) == record["final_state"]
    assert "console/" not in out.read_text(encoding="utf-8"), "no user id"


def test_a_running_game_and_an_empty_table_are_refused_in_the_consoles_language(tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite3")
    out = tmp_path / "game.json"
    code, script = run("--database", database, "--export", str(out), "--language", "uk")
    assert (code, script.output) == (2, message("console.export_no_game", "uk"))
    code, _ = run("--database", database, *TOY_TABLE, script=Script(quit_after=1))
    assert code == 0
    for language in ("en", "pl"):
        code, script = run("--database", database, "--export", str(out), "--language", language)
        problem = message("refusal.game_running", language)
        assert (code, script.output) == (2, message("console.export_refused", language, problem=problem))
    code, script = run("--database", database, "--export", str(out), "--game", "99")
    assert (code, script.output) == (2, message("console.export_refused", problem=message("refusal.unknown_game")))
    assert not out.exists()


def test_an_unwritable_file_is_said(tmp_path: Path) -> None:
    database = str(tmp_path / "games.sqlite3")
    code, _ = run("--database", database, *TOY_TABLE, "--seed", "3")
    assert code == 0, "the game was played to its end"
    target = tmp_path / "missing" / "game.json"
    code, script = run("--database", database, "--export", str(target))
    assert code == 1
    assert script.output.startswith(f"Could not write {target}: ")


async def test_an_abandoned_game_is_over_too_and_exports_as_far_as_it_went(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    script = Script(quit_after=3)
    async with await toy_service(database) as service:
        session = Session(service, script.terminal(), channel_id(None))
        await session.run(toy_setup(("Ann",), 1, seed=4, rounds=3))
        info = await service.game_info(channel_id=channel_id(None))
        await service.abandon(channel_id=info.channel_id, actor_id=info.host_id, actor_is_admin=True)
        record = await game_record(service, game_id=info.game_id)
    assert record["status"] == "abandoned" and record["outcome"] is None and record["actions"]
    assert replayed(record) == record["final_state"]
