"""Mechanical checks of the architecture: what each package may import.

rules_core is pure rules: standard library only, no Discord, images, storage, asyncio, clocks, file or network
I/O, global randomness, nor any other package of this project. computer_players is pure in the same way.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PACKAGES = {"game_service", "bot", "renderer", "console", "computer_players", "texts", "evolution_bot", "web"}
IO_AND_FRAMEWORKS = {
    "discord",
    "PIL",
    "aiosqlite",
    "sqlite3",
    "asyncio",
    "time",
    "datetime",
    "os",
    "pathlib",
    "io",
    "socket",
    "subprocess",
    "threading",
    "urllib",
    "http",
    "shutil",
    "tempfile",
    "logging",
}


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", modules("rules_core"), ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_core_imports_only_the_standard_library_and_itself(path: Path) -> None:
    roots = imported_roots(path)
    assert not roots & (IO_AND_FRAMEWORKS | PROJECT_PACKAGES), (
        f"{path} imports {roots & (IO_AND_FRAMEWORKS | PROJECT_PACKAGES)}"
    )
    # The global random module is allowed only where the seeded generator is built.
    if path.name != "rng.py":
        assert "random" not in roots, f"{path} uses the global random module"


@pytest.mark.parametrize("path", modules("computer_players"), ids=lambda p: str(p.relative_to(ROOT)))
def test_computer_players_are_pure_too(path: Path) -> None:
    roots = imported_roots(path)
    assert not roots & (IO_AND_FRAMEWORKS | {"game_service", "bot", "renderer", "console", "evolution_bot"})


@pytest.mark.parametrize("package", ["game_service", "renderer", "console", "texts", "computer_players", "web"])
def test_only_the_bot_package_imports_discord(package: str) -> None:
    for path in modules(package):
        assert "discord" not in imported_roots(path), f"{path} imports discord"


@pytest.mark.parametrize("package", ["renderer"])
def test_the_renderer_knows_no_storage_or_bot(package: str) -> None:
    for path in modules(package):
        assert not imported_roots(path) & {"aiosqlite", "sqlite3", "bot", "game_service"}, path


def imports(path: Path) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Each import in ``path``, wherever it stands (in a function, for type checking only): ``(module, ())`` for
    ``import module``, ``(a.b, names)`` for ``from a.b import names`` (relative imports made absolute)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            yield from ((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            yield base, tuple(alias.name for alias in node.names)


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, by its full dotted name (``from a.b import c`` names ``a.b`` and ``a.b.c``),
    including imports made only for type checking."""
    return {name for base, names in imports(path) for name in (base, *(f"{base}.{n}" for n in names))}


#: The packages in which each rule system has its own subpackage, found through a registry module there.
PER_RULESET = ("rules_core", "texts", "renderer", "computer_players")


def ruleset_packages() -> set[str]:
    from rules_core.registry import RULESETS

    return {f"{layer}.{name}" for layer in PER_RULESET for name in RULESETS}


def names_a_ruleset(module: str, packages: set[str]) -> str | None:
    return next((p for p in packages if module == p or module.startswith(p + ".")), None)


@pytest.mark.parametrize("package", ["bot", "console", "web", "game_service", "evolution_bot"])
def test_the_front_ends_and_the_service_name_no_rule_system(package: str) -> None:
    """The bot, the console and the service reach a rule system only through the registries: a new rule system
    needs no change in any of them."""
    packages = ruleset_packages()
    for path in modules(package):
        for module in imported_modules(path):
            found = names_a_ruleset(module, packages)
            assert found is None, f"{path.relative_to(ROOT)} imports {module}"


@pytest.mark.parametrize("layer", PER_RULESET)
def test_only_a_layers_registry_and_a_rulesets_own_package_name_that_ruleset(layer: str) -> None:
    from rules_core.registry import RULESETS

    packages = ruleset_packages()
    for path in modules(layer):
        relative = path.relative_to(ROOT)
        # A rule system's own package: <layer>/<name>/, or its rule texts' texts/rule_texts/<name>/.
        own = (
            next((part for part in relative.parts[1:3] if part in RULESETS), None) if len(relative.parts) > 2 else None
        )
        if relative.name in ("registry.py", "rule_books.py"):
            continue
        for module in imported_modules(path):
            found = names_a_ruleset(module, packages)
            if found is not None:
                assert own is not None and found.endswith("." + own), f"{relative} imports {module}"


def imported_project_modules(path: Path, names: set[str]) -> set[str]:
    """The project's modules ``path`` imports, wherever the import stands: ``from a.b import c`` names the module
    ``a.b.c`` when there is one, else ``a.b`` (importing a package's submodule is no dependency on the package's own
    code)."""
    found: set[str] = set()
    for base, imported in imports(path):
        found.update([f"{base}.{n}" if f"{base}.{n}" in names else base for n in imported] or [base])
    return found & names


def test_the_product_modules_import_each_other_without_a_cycle() -> None:
    """Every product package is a stack: its modules (across packages too) form an acyclic graph, imports inside
    functions and for type checking included. Collaborators are passed explicitly (the cogs know the bot as a
    protocol, components find their cogs by name); ``texts`` reads rule books below the words that use them."""
    paths = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
        for package in sorted({*PROJECT_PACKAGES, "rules_core"})
        for p in modules(package)
    }
    graph = {name: imported_project_modules(path, set(paths)) - {name} for name, path in paths.items()}
    visiting: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> None:
        if name in done:
            return
        assert name not in visiting, "a cycle: " + " -> ".join([*visiting[visiting.index(name) :], name])
        visiting.append(name)
        for other in sorted(graph[name]):
            visit(other)
        visiting.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)


def test_every_offered_rule_system_has_its_whole_presentation() -> None:
    """A rule system players may choose has words, a board drawer for its public view and a computer player; one
    whose rules are merged before its presentation is registered but not offered."""
    from computer_players.registry import POLICIES
    from renderer.registry import DRAWERS
    from rules_core.registry import RULESETS, find_ruleset
    from texts.registry import DEFAULT_RULESET, WORDS, playable_rulesets

    offered = playable_rulesets()
    assert offered[0] == DEFAULT_RULESET
    assert set(offered) == set(RULESETS) & set(WORDS)
    for name in offered:
        rules = find_ruleset(name)
        low = rules.player_range(rules.read_options({}))[0]
        state, _ = rules.new_game(players=[f"P{seat}" for seat in range(low)], options={}, seed=1)
        assert type(rules.public_view(state)) in DRAWERS, name
        assert name in POLICIES, name


def test_a_rules_core_without_words_is_refused_by_name() -> None:
    from rules_core.errors import MalformedInput
    from rules_core.registry import RULESETS
    from tests.toy.rules import RULES
    from texts.registry import check_playable, playable_rulesets

    RULESETS.register(RULES.name, RULES)
    try:
        assert RULES.name not in playable_rulesets()
        with pytest.raises(MalformedInput) as refused:
            check_playable(RULES.name)
        assert refused.value.code == "unknown_ruleset"
    finally:
        RULESETS.unregister(RULES.name)
