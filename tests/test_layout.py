"""The tests' layout (docs/engine.md, "Where the tests live"): a rule system's tests live in ``tests/<ruleset>/``
(its rules), ``tests/<ruleset>/ui/`` (its words, menus, board and whole games through the front ends) and
``tests/<ruleset>/computer_player/``; the layer folders (``tests/bot``, ``tests/service``, ``tests/texts``, ...) and
the engine's own tests in ``tests/`` test generic mechanics, with the toy game (``tests/toy/``) where they need a
game of their own. So a module there imports no rule system's own package (its rules, words, board or computer
player, nor its tests' helpers), except the few listed below with the reason each still needs one. A rule system's
tests import no other rule system's packages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules_core.registry import RULESETS
from tests.test_boundaries import imported_modules, names_a_ruleset, ruleset_packages

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

#: Modules of the layer folders that still import a rule system's own package, and why. Keep it short and honest:
#: a module leaves this list once what it checks is shown on the toy game or moves beside its rule system.
STILL_NAMING_A_RULE_SYSTEM = {
    "tests/renderer/test_phone.py": (
        "every rule system's board at every table size it allows must read on a phone: it measures each board's "
        "layout, which no registry exposes"
    ),
    "tests/renderer/test_seat_colours.py": (
        "every rule system's palette and panels must use the shared seat colours: it reads each board's theme "
        "and layout"
    ),
    "tests/texts/test_catalogues.py": (
        "every rule system's board labels must be translated: it reads each drawer's English labels, which no "
        "registry exposes"
    ),
    "tests/service/test_ratings.py": (
        "a tie decided by the original game's tie-break (its dice) rates as two places, not a share: the toy "
        "game has no tie-break, and the outcome is the original game's own"
    ),
}

#: Why a module of the layer folders may play a rule system by name.
SHIPPED_PROGRAM = (
    "runs the shipped program in a process of its own (a command line, a benchmark), which knows the shipped rule "
    "systems only, not the tests' toy game"
)
EACH_RULE_SYSTEM = (
    "checks each shipped rule system in turn with what is its own (its options, its board's layout, its rule book, "
    "its words' limits), where the registries give no generic handle"
)

#: Modules of the layer folders that still play a rule system by name (a ruleset's name or one of its words' keys as
#: a string), and why. Keep it honest: a module leaves the list once it plays the toy game.
STILL_PLAYING_BY_NAME = {
    "tests/test_layout.py": "its own check's examples",
    "tests/bot/test_background.py": (
        "the bot answering while hard computers think in the service's worker processes, which know the shipped "
        "rule systems only, not the tests' toy game"
    ),
    "tests/benchmarks/test_engine.py": SHIPPED_PROGRAM,
    "tests/benchmarks/test_slow_game.py": SHIPPED_PROGRAM,
    "tests/benchmarks/test_strength.py": SHIPPED_PROGRAM,
    "tests/console/test_cli.py": SHIPPED_PROGRAM,
    "tests/service/test_migrate_db.py": SHIPPED_PROGRAM,
    "tests/texts/test_rules_cli.py": SHIPPED_PROGRAM,
    "tests/web/test_cli.py": SHIPPED_PROGRAM,
    "tests/bot/test_rules.py": EACH_RULE_SYSTEM,
    "tests/computer_players/test_search.py": EACH_RULE_SYSTEM,
    "tests/renderer/test_phone.py": EACH_RULE_SYSTEM,
    "tests/renderer/test_seat_colours.py": EACH_RULE_SYSTEM,
    "tests/texts/test_catalogues.py": EACH_RULE_SYSTEM,
    "tests/texts/test_menu_effects.py": EACH_RULE_SYSTEM,
    "tests/texts/test_rule_texts.py": EACH_RULE_SYSTEM,
    "tests/web/test_browser.py": EACH_RULE_SYSTEM,
    "tests/web/test_privacy.py": EACH_RULE_SYSTEM,
    "tests/service/test_ratings.py": STILL_NAMING_A_RULE_SYSTEM["tests/service/test_ratings.py"],
}


def layer_modules() -> list[Path]:
    """Every module of the layer folders and the engine's own tests in ``tests/``."""
    own = set(RULESETS) | {"toy"}
    found = list(TESTS.glob("*.py"))
    for folder in sorted(p for p in TESTS.iterdir() if p.is_dir() and p.name not in own):
        found += folder.rglob("*.py")
    return sorted(found)


def rule_system_packages() -> set[str]:
    """Each rule system's own packages: its rules, words, board and computer player, and its tests' helpers."""
    return ruleset_packages() | {f"tests.{name}" for name in RULESETS}


def named(path: Path) -> set[str]:
    packages = rule_system_packages()
    return {found for module in imported_modules(path) if (found := names_a_ruleset(module, packages)) is not None}


def played_by_name(path: Path) -> set[str]:
    """The rule systems ``path`` plays by name: a string that is a ruleset's name (``ruleset="north_star"``, a
    ``--ruleset`` argument, a default, a key), or one of its words' keys (``"north_star.decision.feed"``), also
    as the start of an f-string."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.JoinedStr):
            first = node.values[0] if node.values else None
            text = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
        else:
            text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
        if text is not None:
            found |= {name for name in RULESETS if text == name or text.startswith(f"{name}.")}
    return found


def test_the_layer_folders_name_no_rule_system_but_the_listed_modules() -> None:
    unexpected = {}
    for path in layer_modules():
        relative = path.relative_to(ROOT).as_posix()
        if relative not in STILL_NAMING_A_RULE_SYSTEM and (found := named(path)):
            unexpected[relative] = sorted(found)
    assert not unexpected, (
        f"layer tests naming a rule system (move them to tests/<ruleset>/, or use the toy game): {unexpected}"
    )


@pytest.mark.parametrize("relative", sorted(STILL_NAMING_A_RULE_SYSTEM))
def test_each_listed_module_still_needs_its_place_on_the_list(relative: str) -> None:
    assert named(ROOT / relative), f"{relative} names no rule system any more: take it off the list"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_rule_systems_tests_name_no_other_rule_system(name: str) -> None:
    others = {package for package in rule_system_packages() if package.rsplit(".", 1)[-1] != name}
    crossing = {}
    for path in sorted((TESTS / name).rglob("*.py")):
        found = {f for module in imported_modules(path) if (f := names_a_ruleset(module, others)) is not None}
        if found:
            crossing[path.relative_to(ROOT).as_posix()] = sorted(found)
    assert not crossing, f"{name}'s tests name another rule system: {crossing}"


def test_the_layer_folders_play_no_rule_system_by_name_but_the_listed_modules() -> None:
    unexpected = {}
    for path in layer_modules():
        relative = path.relative_to(ROOT).as_posix()
        if relative not in STILL_PLAYING_BY_NAME and (found := played_by_name(path)):
            unexpected[relative] = sorted(found)
    assert not unexpected, (
        f"layer tests playing a rule system by name (move them to tests/<ruleset>/ui/, or use the toy game): "
        f"{unexpected}"
    )


@pytest.mark.parametrize("relative", sorted(STILL_PLAYING_BY_NAME))
def test_each_module_listed_as_playing_by_name_still_does(relative: str) -> None:
    assert played_by_name(ROOT / relative), f"{relative} plays no rule system by name any more: take it off the list"


def test_playing_by_name_is_found_in_arguments_defaults_and_words_keys(tmp_path: Path) -> None:
    """The check sees the ways a test names a rule system to play it, and not a word that merely contains one."""
    cases = {
        'await service.create_game(ruleset="north_star", channel_id="c")': {"north_star"},
        'def new_game(ruleset: str = "origin") -> None: ...': {"origin"},
        'ARGS = ["--ruleset", "dice_combat"]': {"dice_combat"},
        'KEY = message("north_star.decision.feed")': {"north_star"},
        'def key(kind: str) -> str:\n    return f"origin.decision.{kind}"': {"origin"},
        'NOTE = "the original game; an @original message; origin_x"': set(),
    }
    for code, expected in cases.items():
        module = tmp_path / "case.py"
        module.write_text(code + "\n", encoding="utf-8")
        assert played_by_name(module) == expected, code
