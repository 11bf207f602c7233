"""Module names of the project's files, without reading them.

A module is named as Python would import it: by its package chain (folders
with `__init__.py`) and, above that chain, by the folders without one
(implicit namespace packages) up to the nearest source root: a folder holding
`pyproject.toml`, `setup.py`, `setup.cfg` or `.git`, or a `src/` folder. With
no source root above, or a folder on the way whose name is not an identifier
(`my-project`), the package chain alone names it, as before: a folder of
scripts keeps bare names. Every path suffix is indexed too, so that scripts
importing their neighbours (`from helpers import x`) resolve as well.
Nothing here needs libcst.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path


@cache
def _is_package_dir(directory: Path) -> bool:
    return (directory / "__init__.py").is_file() or (directory / "__init__.pyi").is_file()


SOURCE_ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
MAX_NAMESPACE_DEPTH = 8  # folders without `__init__.py` climbed to find a source root


@cache
def _is_source_root(directory: Path) -> bool:
    return directory.name == "src" or any((directory / marker).exists() for marker in SOURCE_ROOT_MARKERS)


@cache
def _namespace_parts(directory: Path) -> tuple[str, ...]:
    """The folders from the nearest source root down to `directory` (empty when there is none)."""
    parts: list[str] = []
    current = directory
    for _ in range(MAX_NAMESPACE_DEPTH):
        if _is_source_root(current):
            return tuple(reversed(parts))
        if not current.name or not current.name.isidentifier() or current.parent == current:
            return ()
        parts.append(current.name)
        current = current.parent
    return ()


def module_name_for(path: Path) -> str:
    """`a/b/c.py` is `b.c` when only `b/` holds an `__init__.py`, and `a.b.c` when `a/`'s parent is a source root."""
    parts = [] if path.stem == "__init__" else [path.stem]
    directory = path.parent
    while _is_package_dir(directory) and directory.name:
        parts.append(directory.name)
        directory = directory.parent
    parts.extend(reversed(_namespace_parts(directory)))
    return ".".join(reversed(parts)) or path.stem


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
