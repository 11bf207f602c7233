"""The package layout is the data path: each package imports only from the packages before it.

`LAYERS` is the order of a run (CONTRIBUTING.md, "Architecture"). Every import counts, also
one inside a function or under `TYPE_CHECKING`: a function-local import against the direction
is how cycles were hidden before. Within a package, modules may import each other, but no
module may reach itself again through imports (no cycles anywhere).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "boundlint"
LAYERS = [
    "core",
    "knowledge",
    "discover",
    "parse",
    "survey",
    "project",
    "find",
    "analyse",
    "edit",
    "rules",
    "fix",
    "engine",
    "report",
    "server",
    "cli",
]

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The boundlint modules `path` imports (a `from pkg import name` of a submodule counts as that module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.split(".")[0] == "boundlint")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.level == 0
            and node.module.split(".")[0] == "boundlint"
        ):
            found.add(node.module)
            found.update(
                f"{node.module}.{alias.name}" for alias in node.names if f"{node.module}.{alias.name}" in known
            )
    return {name for name in found if name in known}


def import_graph() -> Graph:
    paths = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(path) for path in paths}
    return {module_name(path): imports_of(path, known) for path in paths}


def layer(module: str) -> int:
    """A module's place in `LAYERS`; the package itself (`boundlint`, its version) comes first of all."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] not in LAYERS:
        return -1
    return LAYERS.index(parts[1])


def upward_imports(graph: Graph) -> list[str]:
    return sorted(
        f"{importer} -> {imported}"
        for importer, targets in graph.items()
        for imported in targets
        if layer(imported) > layer(importer) and layer(importer) >= 0
    )


def cycles(graph: Graph) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan), or one that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_every_package_is_a_layer():
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert packages == set(LAYERS)


def test_the_distribution_ships_every_package_and_the_runtime_source():
    """pyproject.toml lists the packages by hand (the runtime's source is mapped in as
    `boundlint.runtime_source`): a new package missing from the list would be missing from wheels."""
    from boundlint.core.config import parse_toml

    setuptools = parse_toml((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    assert listed == {"boundlint", "boundlint.runtime_source", *(f"boundlint.{layer}" for layer in LAYERS)}
    assert setuptools["package-dir"] == {"boundlint.runtime_source": "runtime/boundlint_runtime"}


def test_no_import_runs_against_the_data_path():
    assert upward_imports(import_graph()) == []


def test_no_import_cycles():
    assert cycles(import_graph()) == []


@pytest.mark.parametrize(
    ("graph", "upward", "circular"),
    [
        ({"boundlint.core.a": set(), "boundlint.cli.b": {"boundlint.core.a"}}, [], []),
        (
            {"boundlint.core.a": {"boundlint.cli.b"}, "boundlint.cli.b": set()},
            ["boundlint.core.a -> boundlint.cli.b"],
            [],
        ),
        (
            {"boundlint.fix.a": {"boundlint.fix.b"}, "boundlint.fix.b": {"boundlint.fix.a"}},
            [],
            [["boundlint.fix.a", "boundlint.fix.b"]],
        ),
    ],
)
def test_the_checks_catch_what_they_are_for(graph, upward, circular):
    assert upward_imports(graph) == upward
    assert cycles(graph) == circular


def test_a_function_local_import_counts(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from boundlint.cli import main\n", encoding="utf-8")
    assert imports_of(module, {"boundlint.cli", "boundlint.cli.main"}) == {"boundlint.cli", "boundlint.cli.main"}
