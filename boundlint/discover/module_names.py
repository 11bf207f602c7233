"""Module names of the project's files, without reading them.

A module is named as Python would import it: by its package chain (folders
with `__init__.py`), including folders without one between the file and that
chain (implicit namespace packages inside a package), or, with no package
above, by its folders up to the nearest source root: a folder holding
`pyproject.toml`, `setup.py`, `setup.cfg` or `.git`, or a `src/` folder. A
folder of scripts with neither keeps bare names. Every path suffix is indexed
too, so that scripts importing their neighbours (`from helpers import x`)
resolve as well. Nothing here needs libcst.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cache
from pathlib import Path


@cache
def _is_package_dir(directory: Path) -> bool:
    return (directory / "__init__.py").is_file() or (directory / "__init__.pyi").is_file()


SOURCE_ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
MAX_NAMESPACE_DEPTH = 8  # folders without `__init__.py` climbed to find a package or source root


@cache
def _is_source_root(directory: Path) -> bool:
    return directory.name == "src" or any((directory / marker).exists() for marker in SOURCE_ROOT_MARKERS)


def module_name_for(path: Path) -> str:
    """`pkg/sub/mod.py` is `pkg.sub.mod` when `pkg/` and `sub/` hold an `__init__.py`; also when
    `sub/` holds none (a namespace folder in a package) or, under a source root, neither does."""
    parts = [] if path.stem == "__init__" else [path.stem]
    directory = path.parent
    namespace: list[str] = []  # folders without `__init__.py` right above the file
    while (
        len(namespace) < MAX_NAMESPACE_DEPTH
        and not _is_package_dir(directory)
        and not _is_source_root(directory)
        and directory.name.isidentifier()
    ):
        namespace.append(directory.name)
        directory = directory.parent
    if _is_package_dir(directory):
        parts.extend(namespace)
        while _is_package_dir(directory) and directory.name:
            parts.append(directory.name)
            directory = directory.parent
    elif _is_source_root(directory):
        parts.extend(namespace)
    return ".".join(reversed(parts)) or path.stem


def shadowed_by_a_module(path: Path) -> bool:
    """Python cannot import `path`: a folder on its way up holds no `__init__.py`, and a module of
    that folder's name sits beside it (`html_agent.py` next to `html_agent/`). `import html_agent`
    finds the module, which is no package, so nothing in the folder is found under it: a copy
    left behind, or code moved out of a package into one file."""
    directory = path.parent
    for _ in range(MAX_NAMESPACE_DEPTH):
        if not directory.name or _is_package_dir(directory) or _is_source_root(directory):
            return False
        if (directory.parent / f"{directory.name}.py").is_file():
            return True
        directory = directory.parent
    return False


class Catalog:
    """Every discovered file by the module names it can be imported as.

    Built once per run (and per worker): projects are made per root, and
    naming 2,000 files again for each of them would cost more than the roots.
    """

    def __init__(self, paths: list[Path]) -> None:
        self.by_name: dict[str, list[Path]] = {}
        self.canonical: dict[Path, str] = {}
        for path in paths:
            self.canonical[path] = module_name_for(path)
            for name in _indexed_names(path, self.canonical[path]):
                self.by_name.setdefault(name, []).append(path)


_LAST_CATALOG: dict[tuple[Path, ...], Catalog] = {}
_LAST_LIST: list[tuple[list[Path], int, Catalog]] = []  # the list last asked about, as given


def catalog_for(paths: list[Path]) -> Catalog:
    """`Catalog(paths)`, made once for the same files however many runs a process makes (the
    editor server runs after every edit, and hands the same list each time: known without
    hashing 2,000 paths)."""
    if _LAST_LIST and _LAST_LIST[0][0] is paths and _LAST_LIST[0][1] == len(paths):
        return _LAST_LIST[0][2]
    key = tuple(paths)
    if key not in _LAST_CATALOG:
        _LAST_CATALOG.clear()
        _LAST_CATALOG[key] = Catalog(paths)
    _LAST_LIST[:] = [(paths, len(paths), _LAST_CATALOG[key])]
    return _LAST_CATALOG[key]


def _indexed_names(path: Path, canonical: str) -> list[str]:
    names = [canonical]
    parts = list(path.with_suffix("").parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    for start in range(len(parts) - 1, max(-1, len(parts) - 8), -1):
        candidate = ".".join(parts[start:])
        if candidate and candidate not in names and all(part.isidentifier() for part in parts[start:]):
            names.append(candidate)
    return names


def resolve_relative_import(path: Path, own_name: str, level: int, module: str) -> str | None:
    """`from ..pkg import x` in `own_name` as an absolute dotted name."""
    parts = own_name.split(".")
    if path.stem != "__init__":
        parts = parts[:-1]  # a package's __init__ is its own level-1 base
    if level - 1 > len(parts):
        return None
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, *(module.split(".") if module else [])]) or None


def relative_resolver(path: Path, own_name: str) -> Callable[[int, str], str | None]:
    """`resolve_relative_import` for the module at `path`, named `own_name`."""
    return lambda level, module: resolve_relative_import(path, own_name, level, module)


def imported_names(tree: ast.Module, relative: Callable[[int, str], str] | None = None) -> dict[str, str]:
    """Each name the module's imports bind -> the dotted name it stands for (`import a.b` binds
    `a`; `import a.b as c` binds `c` to `a.b`). A relative import's module comes from `relative`
    (its level and written module -> the absolute base); without it, relative imports are left out."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.split(".", 1)[0]
                names[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                if relative is None:
                    continue
                base = relative(node.level, base)
            for alias in node.names:
                if alias.name != "*":
                    names[alias.asname or alias.name] = f"{base}.{alias.name}" if base else alias.name
    return names
