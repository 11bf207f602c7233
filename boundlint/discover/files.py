"""Which files to check: paths on the command line, minus excludes and .gitignore."""

from __future__ import annotations

import fnmatch
import functools
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from boundlint.core.config import PROJECT_MARKERS, Config, nearest_holding

if TYPE_CHECKING:
    import pathspec

PYTHON_SUFFIXES = (".py", ".pyi")


class _GitIgnore:
    """One .gitignore file: pathspec's matcher, behind a single regular expression that
    says quickly when none of its patterns can match (most files)."""

    def __init__(self, spec: pathspec.PathSpec[Any]) -> None:
        self.spec = spec
        # pathspec's own per-pattern loop costs microseconds per file; one alternation of
        # the same expressions (group names dropped) rules most files out in one step.
        regexes = [pattern.regex for pattern in spec.patterns if getattr(pattern, "regex", None) is not None]
        self._any: re.Pattern[str] | None = None
        if all(isinstance(regex, re.Pattern) and regex.flags == re.UNICODE for regex in regexes):
            try:
                self._any = re.compile("|".join(f"(?:{_ungrouped(regex.pattern)})" for regex in regexes) or "(?!)")
            except re.error:
                pass  # no shortcut: every path goes to pathspec

    def match(self, relative: str) -> bool:
        if self._any is not None and not self._any.match(relative):
            return False  # no pattern matches, so none decides
        return self.spec.match_file(relative)


def _ungrouped(expression: str) -> str:
    return re.sub(r"\(\?P<\w+>", "(?:", expression)


@dataclass
class _IgnoreStack:
    """.gitignore files that apply to a directory: its own and its parents'."""

    specs: list[tuple[str, _GitIgnore]] = field(default_factory=list)

    def ignored(self, path: str, is_dir: bool) -> bool:
        for prefix, spec in self.specs:
            if not path.startswith(prefix):
                continue
            relative = path[len(prefix) :].replace(os.sep, "/")
            if spec.match(relative + ("/" if is_dir else "")):
                return True
        return False

    def with_directory(self, directory: str) -> _IgnoreStack:
        spec = _load_gitignore(directory)
        return _IgnoreStack(self.specs + [(directory + os.sep, spec)]) if spec is not None else self


def _load_gitignore(directory: str) -> _GitIgnore | None:
    try:
        with open(os.path.join(directory, ".gitignore"), encoding="utf-8", errors="replace") as file:
            lines = file.read().splitlines()
    except OSError:
        return None
    import pathspec  # here: most folders have no .gitignore, and a warm run should start fast

    return _GitIgnore(pathspec.GitIgnoreSpec.from_lines(lines))


def _repository_root(start: Path) -> Path | None:
    return nearest_holding(start, (".git",))


def _initial_ignores(directory: Path) -> _IgnoreStack:
    """The .gitignore files of the parents of `directory`, up to its repository root."""
    root = _repository_root(directory)
    stack = _IgnoreStack()
    if root is None:
        return stack
    chain = [directory, *directory.parents]
    for parent in reversed(chain[1 : chain.index(root) + 1] if root in chain else []):
        stack = stack.with_directory(str(parent))
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
        relative = posix_path[len(self._root) :] if posix_path.startswith(self._root) else posix_path
        return bool(self._relative.match(relative))


def discover(paths: list[Path], config: Config, force_exclude: bool = False) -> list[Path]:
    """Python files under `paths`, sorted; explicitly named files are kept unless `force_exclude`."""
    file_filter = FileFilter(config)
    found: dict[str, None] = {}
    for given in paths:
        path = os.path.abspath(given)
        if os.path.isdir(path):
            ignores = _initial_ignores(Path(path)) if config.respect_gitignore else _IgnoreStack()
            for file in _walk(path, file_filter, ignores, config.respect_gitignore):
                found.setdefault(file, None)
        elif force_exclude and (file_filter.excluded(Path(path)) or _ignored_by_git(Path(path), config)):
            continue
        else:
            found.setdefault(path, None)  # a missing file is reported when it is read
    # Sorted as paths are (part by part), with one Path made per file.
    return [Path(text) for text in sorted(found, key=lambda text: text.split(os.sep))]


def project_root(files: list[Path]) -> Path | None:
    """The nearest folder above all of `files` that holds .git or pyproject.toml, if any."""
    if not files:
        return None
    try:
        common = Path(os.path.commonpath([os.path.dirname(path) for path in files]))
    except ValueError:  # on different drives
        return None
    return nearest_holding(common, PROJECT_MARKERS)


def with_project(files: list[Path], config: Config, given: list[Path]) -> list[Path]:
    """`files` (found under the `given` paths) and the other Python files of their project,
    sorted: what a registration in a checked file may lead into. Checking one file, as
    pre-commit does, then resolves `from agent.helpers import fetch` as a run over the whole
    tree does. Without a project folder (see `project_root`) it is `files` alone: no walk of a
    home folder. (The checker asks for it only when files are named: a named folder is the tree
    the user chose.)"""
    root = project_root(files)
    if root is None or any(holds(Path(os.path.abspath(path)), root) for path in given):
        return files  # (a folder holding the project: `files` are the project already)
    project = discover([root], config)
    known = set(files)
    if known.issuperset(project):
        return files
    known.update(project)
    return sorted(known)


def holds(folder: Path, path: Path) -> bool:
    """`path` is `folder` or lies below it."""
    return folder == path or folder in path.parents


def _ignored_by_git(path: Path, config: Config) -> bool:
    if not config.respect_gitignore:
        return False
    stack = _initial_ignores(path.parent).with_directory(str(path.parent))
    return stack.ignored(str(path), is_dir=False)


def _walk(top: str, file_filter: FileFilter, ignores: _IgnoreStack, use_gitignore: bool) -> Iterator[str]:
    """Paths (as strings: a walk makes thousands) of the Python files below `top`, in name order."""
    stack = [(top, ignores)]
    while stack:
        directory, current = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError:
            continue  # unreadable folder: nothing we can check in it
        if use_gitignore and any(entry.name == ".gitignore" for entry in entries):
            current = current.with_directory(directory)  # read only where the listing shows one
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
            if current.ignored(entry.path, is_dir):
                continue
            if is_dir:
                subdirectories.append(entry.path)
            else:
                yield entry.path
        stack.extend((subdirectory, current) for subdirectory in reversed(subdirectories))


def display_name(path: Path, cwd: Path | None = None) -> str:
    """`path` relative to `cwd` (the working folder) when it is below it, in posix form."""
    base = str(cwd) if cwd is not None else os.getcwd()
    text = str(path)
    if text.startswith(base) and text[len(base) : len(base) + 1] == os.sep and os.path.isabs(text):
        return text[len(base) + 1 :].replace(os.sep, "/")
    if not text.startswith(base):
        return path.as_posix()  # not below it (an editor server's working folder is anywhere)
    try:
        return path.relative_to(cwd or Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


_TEST_FOLDERS = frozenset({"tests", "test", "testdata", "test_data"})


def under_test_folder(path: Path, root: Path) -> bool:
    """`tests/data/broken_sample.py`: below a folder of the project named for tests, at any
    depth (unlike `is_test_path`, which asks what the module itself is)."""
    return bool(_TEST_FOLDERS & set(_project_folders(path, root)))


def _project_folders(path: Path, root: Path) -> tuple[str, ...]:
    """The folders of `path` below the project's `root`; for a file outside it, its own folder
    only (a project kept in a folder named `tests` or `old` is not a test or shelved code)."""
    try:
        return path.resolve().relative_to(root.resolve()).parts[:-1]
    except ValueError:
        return path.parts[-2:-1]


@functools.lru_cache(maxsize=1 << 16)  # asked of every root of a tree in every run of the server
def is_test_path(path: PurePath) -> bool:
    """A test module (`test_*.py`, `*_test.py`, `conftest.py`, or a file right in a folder named
    for tests: `tests`, `unit_tests`, `servers_for_testing`): the tools made there answer a test's
    fake model, not a user's. Only the file and its own folder count: example projects kept
    deeper under a `tests` folder are not tests."""
    name, folder = path.stem, path.parent.name
    named_for_tests = re.split(r"[_\-.]", folder.lower())[-1] in ("tests", "test", "testing")
    return name.startswith("test_") or name.endswith("_test") or name == "conftest" or named_for_tests


# Folders that hold code kept but no longer run: `archive/`, `archived_services/`, `deprecated/`.
_SHELVED_FOLDERS = frozenset({"archive", "archives", "archived", "deprecated", "obsolete", "attic", "old"})
# A copy kept beside the module it was copied from: `server_backup.py` next to `server.py`.
_COPY_SUFFIX = re.compile(r"(?:_(?:backup|bak|old|orig|original|copy|deprecated))+$")


def is_shelved_path(path: Path, root: Path) -> bool:
    """Code kept but not run: a module below a folder of the project named for shelved code
    (`archive/`, `archived_services/`, `deprecated/`, `old/`, at any depth below `root`), or a
    copy kept beside its original (`server_original_backup.py` where `server.py` is). Its tools
    answer no model: a finding there is `low`."""
    for folder in _project_folders(path, root):
        words = re.split(r"[_\-.]", folder.lower())
        if folder.lower() in _SHELVED_FOLDERS or (len(words) > 1 and words[0] in ("archived", "deprecated")):
            return True
    copied = _COPY_SUFFIX.search(path.stem)
    return copied is not None and _exists(path.with_name(path.stem[: copied.start()] + path.suffix))


def _exists(path: Path) -> bool:
    try:
        return os.path.isfile(path)
    except (OSError, ValueError):
        return False
