"""Which files to check: paths on the command line, minus excludes and .gitignore."""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from boundlint.config import Config

if TYPE_CHECKING:
    import pathspec

PYTHON_SUFFIXES = (".py", ".pyi")


@dataclass
class _IgnoreStack:
    """.gitignore files that apply to a directory: its own and its parents'."""

    specs: "list[tuple[Path, pathspec.PathSpec]]" = field(default_factory=list)

    def ignored(self, path: Path, is_dir: bool) -> bool:
        text = str(path)
        for base, spec in self.specs:
            prefix = str(base) + os.sep
            if not text.startswith(prefix):
                continue
            relative = text[len(prefix):].replace(os.sep, "/")
            if spec.match_file(relative + ("/" if is_dir else "")):
                return True
        return False

    def with_directory(self, directory: Path) -> "_IgnoreStack":
        spec = _load_gitignore(directory)
        return _IgnoreStack(self.specs + [(directory, spec)]) if spec is not None else self


def _load_gitignore(directory: Path) -> "pathspec.PathSpec | None":
    path = directory / ".gitignore"
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    import pathspec  # here: most folders have no .gitignore, and a warm run should start fast

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _repository_root(start: Path) -> Path | None:
    for directory in [start, *start.parents]:
        if (directory / ".git").exists():
            return directory
    return None


def _initial_ignores(directory: Path) -> _IgnoreStack:
    """The .gitignore files of the parents of `directory`, up to its repository root."""
    root = _repository_root(directory)
    stack = _IgnoreStack()
    if root is None:
        return stack
    chain = [directory, *directory.parents]
    for parent in reversed(chain[1 : chain.index(root) + 1] if root in chain else []):
        stack = stack.with_directory(parent)
    return stack


class FileFilter:
    """`exclude` and `extend-exclude` patterns, matched (like fnmatch) against a path's name or its path
    relative to the project root; a pattern with a slash also excludes everything below what it matches."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.patterns = [*config.exclude, *config.extend_exclude]
        whole = [fnmatch.translate(p.rstrip("/")) for p in self.patterns]
        below = [fnmatch.translate(p.rstrip("/") + "/*") for p in self.patterns if "/" in p.rstrip("/")]
        self._name = re.compile("|".join(whole)) if whole else None
        self._relative = re.compile("|".join(whole + below)) if whole else None
        self._root = config.root.as_posix().rstrip("/") + "/"

    def excluded(self, path: Path) -> bool:
        return self.excluded_name(path.name, path.as_posix())

    def excluded_name(self, name: str, posix_path: str) -> bool:
        if self._name is None or self._relative is None:
            return False
        if self._name.match(name):
            return True
        relative = posix_path[len(self._root):] if posix_path.startswith(self._root) else posix_path
        return bool(self._relative.match(relative))


def discover(paths: list[Path], config: Config, force_exclude: bool = False) -> list[Path]:
    """Python files under `paths`, sorted; explicitly named files are kept unless `force_exclude`."""
    file_filter = FileFilter(config)
    found: dict[Path, None] = {}
    for given in paths:
        path = Path(os.path.abspath(given))
        if path.is_dir():
            ignores = _initial_ignores(path) if config.respect_gitignore else _IgnoreStack()
            for file in _walk(path, file_filter, ignores, config.respect_gitignore):
                found.setdefault(file, None)
        elif force_exclude and (file_filter.excluded(path) or _ignored_by_git(path, config)):
            continue
        else:
            found.setdefault(path, None)  # a missing file is reported when it is read
    return sorted(found)


def _ignored_by_git(path: Path, config: Config) -> bool:
    if not config.respect_gitignore:
        return False
    stack = _initial_ignores(path.parent).with_directory(path.parent)
    return stack.ignored(path, is_dir=False)


def _walk(top: Path, file_filter: FileFilter, ignores: _IgnoreStack, use_gitignore: bool):
    stack = [(top, ignores.with_directory(top) if use_gitignore else ignores)]
    while stack:
        directory, current = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError:
            continue  # unreadable folder: nothing we can check in it
        subdirectories = []
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                is_file = not is_dir and entry.name.endswith(PYTHON_SUFFIXES) and entry.is_file()
            except OSError:
                continue
            if not (is_dir or is_file):
                continue  # a link to a file is checked; a link to a folder is not followed
            if file_filter.excluded_name(entry.name, entry.path.replace(os.sep, "/")):
                continue
            path = Path(entry.path)
            if current.ignored(path, is_dir):
                continue
            if is_dir:
                subdirectories.append(path)
            else:
                yield path
        for subdirectory in reversed(subdirectories):
            stack.append((subdirectory, current.with_directory(subdirectory) if use_gitignore else current))


def display_name(path: Path, cwd: Path | None = None) -> str:
    """`path` relative to `cwd` (the working folder) when it is below it, in posix form."""
    base = str(cwd or Path.cwd())
    text = str(path)
    if text.startswith(base) and text[len(base):len(base) + 1] == os.sep and path.is_absolute():
        return text[len(base) + 1:].replace(os.sep, "/")
    try:
        return path.relative_to(cwd or Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()
